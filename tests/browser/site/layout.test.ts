import { describe, expect, inject, it } from 'vitest';
import { loadedSite } from '../../helpers/site';
import { sharedBrowser } from '../browser';

const { pages } = loadedSite();
const browser = sharedBrowser();

/** Widths people use, the breakpoints and the widths between them where layouts break. */
const WIDTHS = [320, 390, 768, 992, 1024, 1100, 1199, 1200, 1280, 1366, 1440, 1920, 2560];
/** From the xl breakpoint the bar shows its menus; below it, the phone menu. */
const DESKTOP = 1200;

describe('the layout at every width', () => {
  it('never scrolls sideways, on any page', async () => {
    const wide: string[] = [];
    for (const width of WIDTHS) {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      for (const { route } of pages) {
        await page.goto(`${inject('baseUrl')}${route}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) wide.push(`${route} at ${width} px is ${scrollWidth} px wide`);
      }
      await page.close();
    }
    expect(wide).toEqual([]);
  });

  it('keeps the bar on one line, and every open menu inside the window', async () => {
    const faults: string[] = [];
    for (const width of WIDTHS) {
      // A laptop's window: 768 px of screen leave about 650 for the page under the browser's own bars.
      const height = 650;
      const page = await browser().newPage({ viewport: { width, height } });
      await page.goto(`${inject('baseUrl')}/`);
      const bar = page.locator('header').first();
      await page.locator('[data-island="navBar"][data-hydrated]').waitFor();
      // One line: the bar is as tall as its row, and its call to action is in the window.
      const barHeight = await bar.evaluate((element) => element.getBoundingClientRect().height);
      if (barHeight > 80) faults.push(`the bar at ${width} px is ${barHeight} px tall`);
      const menus = page.locator('header nav button[aria-expanded][aria-controls]');
      const triggers = await menus.count();
      if (width >= DESKTOP) {
        expect(await page.getByRole('button', { name: 'Open menu' }).isVisible(), `${width}`).toBe(false);
        for (let index = 0; index < triggers; index += 1) {
          const trigger = menus.nth(index);
          if (!(await trigger.isVisible())) continue;
          await trigger.hover();
          const panelId = await trigger.getAttribute('aria-controls');
          const box = await page.locator(`[id="${panelId}"]`).evaluate((element) => {
            const rect = element.getBoundingClientRect();
            // A panel taller than the window scrolls inside itself: its last link can be brought into it.
            const links = element.querySelectorAll('a');
            links[links.length - 1]?.scrollIntoView({ block: 'nearest' });
            const last = links[links.length - 1]?.getBoundingClientRect();
            window.scrollTo(0, 0);
            return { left: rect.left, right: rect.right, bottom: rect.bottom, lastBottom: last?.bottom ?? 0, visible: rect.width > 0 };
          });
          const name = (await trigger.textContent())?.replace('▾', '').trim();
          if (!box.visible) faults.push(`${name} at ${width} px did not open on hover`);
          if (box.left < 0 || box.right > width) faults.push(`${name} at ${width} px spans ${box.left}–${box.right} px`);
          if (box.bottom > height) faults.push(`${name} at ${width} px ends at ${box.bottom} px, under the window's ${height}`);
          if (box.lastBottom > height) faults.push(`the last link of ${name} at ${width} px cannot be scrolled into the window`);
          // The open item is highlighted on the dark bar and on the white one alike.
          const background = await trigger.evaluate((element) => getComputedStyle(element).backgroundColor);
          if (background === 'rgba(0, 0, 0, 0)') faults.push(`${name} at ${width} px is open without a highlight`);
        }
      } else {
        expect(await page.getByRole('button', { name: 'Open menu' }).isVisible(), `${width}`).toBe(true);
      }
      await page.close();
    }
    expect(faults).toEqual([]);
  });

  it('dims and locks the page behind the open phone menu', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.locator('[data-island="navBar"][data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('[data-menu-backdrop]').waitFor();
    await page.mouse.move(200, 700);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.locator('[data-menu-backdrop]').click({ position: { x: 20, y: 600 } });
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.close();
  });
});
