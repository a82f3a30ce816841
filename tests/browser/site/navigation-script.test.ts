import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';

const browser = sharedBrowser();
const ready = '[data-island="navBar"][data-hydrated]';
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const focusedText = (page: Page): Promise<string | undefined> => page.evaluate(() => document.activeElement?.textContent ?? undefined);
const expanded = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-expanded') ?? ''));

describe('navigation bar without a framework', () => {
  it('loads no React: the bar works from its own script of a few hundred bytes', async () => {
    const page = await browser().newPage({ viewport: desktop });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForSelector(ready);
    await page.getByRole('button', { name: 'Services' }).hover();
    await expect(page.getByRole('button', { name: 'Services' }).getAttribute('aria-expanded')).resolves.toBe('true');
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    expect(scripts.length).toBeGreaterThan(0);
    // React's production build names its error page in its messages; no script of the page holds it.
    expect(bodies.filter((body) => body.includes('react.dev/errors'))).toEqual([]);
    await page.close();
  });

  it('closes each desktop menu on Escape and puts the focus back on its button', async () => {
    const page = await browser().newPage({ viewport: desktop });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForSelector(ready);
    const triggers = page.locator('header nav > ul button[aria-expanded]');
    const count = await triggers.count();
    expect(count).toBe(6);
    for (let index = 0; index < count; index += 1) {
      const trigger = triggers.nth(index);
      const name = (await trigger.textContent())?.replace('▾', '').trim();
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger.getAttribute('aria-expanded'), `${name} opens on Enter`).resolves.toBe('true');
      // Into the panel: its first link takes the focus, and the menu stays open.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName), name).toBe('A');
      await expect(trigger.getAttribute('aria-expanded'), name).resolves.toBe('true');
      await page.keyboard.press('Escape');
      await expect(trigger.getAttribute('aria-expanded'), `${name} closes on Escape`).resolves.toBe('false');
      expect((await focusedText(page))?.replace('▾', '').trim(), `focus back on ${name}`).toBe(name);
    }
    // Leaving a menu with the keyboard closes it: Tab past its last link.
    await triggers.first().focus();
    await page.keyboard.press('Enter');
    const links = await page.locator(`[id="${await triggers.first().getAttribute('aria-controls')}"] a`).count();
    for (let step = 0; step <= links; step += 1) await page.keyboard.press('Tab');
    await expect(triggers.first().getAttribute('aria-expanded')).resolves.toBe('false');
    await page.close();
  });

  it('keeps a menu the pointer opened open when its button is pressed, and closes it on a second press', async () => {
    const page = await browser().newPage({ viewport: desktop });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForSelector(ready);
    const trigger = page.getByRole('button', { name: 'Trust' });
    await trigger.hover();
    await trigger.click();
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
    await trigger.click();
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
    // One menu open at a time.
    await page.getByRole('button', { name: 'Portfolio' }).hover();
    await page.getByRole('button', { name: 'Company' }).hover();
    expect(await expanded(page, 'header nav > ul button[aria-expanded]')).toEqual(['false', 'false', 'false', 'false', 'false', 'true']);
    await page.close();
  });

  it('closes a nested phone dropdown on Escape, then the phone menu, each time with the focus back on the button that opened it', async () => {
    const page = await browser().newPage({ viewport: phone });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForSelector(ready);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await closeButton.waitFor();
    await expect(closeButton.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    const panel = page.locator(`[id="${await closeButton.getAttribute('aria-controls')}"]`);
    const nested = panel.locator('button[aria-expanded]');
    const count = await nested.count();
    expect(count).toBe(6);
    for (let index = 0; index < count; index += 1) {
      const trigger = nested.nth(index);
      const name = (await trigger.textContent())?.replace('▾', '').trim();
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger.getAttribute('aria-expanded'), name).resolves.toBe('true');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName), name).toBe('A');
      await page.keyboard.press('Escape');
      await expect(trigger.getAttribute('aria-expanded'), `${name} closes on Escape`).resolves.toBe('false');
      expect((await focusedText(page))?.replace('▾', '').trim(), `focus back on ${name}`).toBe(name);
      // The phone menu around it stays open.
      expect(await panel.isVisible(), name).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(panel.isVisible()).resolves.toBe(false);
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await page.close();
  });

  describe('with JavaScript disabled', () => {
    it('opens each desktop menu on hover and on focus, and every link in it works', async () => {
      const context = await browser().newContext({ viewport: desktop, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${inject('baseUrl')}/about`);
      const link = page.getByRole('link', { name: 'UX/UI design', exact: true });
      expect(await link.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Services' }).hover();
      expect(await link.isVisible()).toBe(true);
      await page.mouse.move(640, 600);
      expect(await link.isVisible()).toBe(false);
      // From the keyboard: the focus on the button shows its panel, and Tab walks into it.
      await page.getByRole('button', { name: 'Company' }).focus();
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('About');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Careers');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/careers$/, { waitUntil: 'commit' });
      await context.close();
    });

    it('opens the phone menu with every nested dropdown shown, and its links work', async () => {
      const context = await browser().newContext({ viewport: phone, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${inject('baseUrl')}/about`);
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      const panel = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
      expect(await panel.isVisible()).toBe(false);
      const backdrop = page.locator('[data-menu-backdrop]');
      expect(await backdrop.isVisible()).toBe(false);
      await menuButton.click();
      await panel.waitFor({ state: 'visible' });
      // The page behind is dimmed, as with the script (where the menu is shorter than the window), and
      // Escape closes the menu and the dimming (the popover's own), the focus back on its button.
      expect(await backdrop.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await backdrop.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
      await menuButton.click();
      await panel.waitFor({ state: 'visible' });
      // Every entry's links are shown: the dropdown buttons do nothing without the script.
      const careers = panel.getByRole('link', { name: 'Careers' });
      await careers.scrollIntoViewIfNeeded();
      expect(await careers.isVisible()).toBe(true);
      expect(await panel.getByRole('link', { name: 'UX/UI design', exact: true }).isVisible()).toBe(true);
      await careers.click();
      await page.waitForURL(/\/careers$/, { waitUntil: 'commit' });
      await context.close();
    });
  });
});
