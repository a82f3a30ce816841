/** When the dialogs' code comes: on first use, before a press, under a strict Content-Security-Policy, and what stands in without JavaScript. */
import { describe, expect, inject, it } from 'vitest';
import { collectConsole, sharedBrowser } from '../browser';
import { ENQUIRY, errorOf } from './enquiry-dialog';

const browser = sharedBrowser();

describe('enquiry dialog', () => {
  it('loads the form code only when the dialog first opens', async () => {
    const page = await browser().newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    expect(scripts.some((url) => /DialogHost|open-dialog/.test(url))).toBe(false);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    expect(scripts.slice(before).some((url) => /open-dialog/.test(url))).toBe(true);
    await page.close();
  });

  it('fetches the dialog code when the pointer reaches a button that opens it, or the focus does, before any press', async () => {
    for (const reach of ['pointer', 'keyboard'] as const) {
      // A context of its own: nothing of the dialog is in its cache.
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => void (/open-dialog/.test(request.url()) && fetched.push(request.url())));
      await page.goto(`${inject('baseUrl')}/about`);
      await page.waitForLoadState('networkidle');
      expect(fetched, reach).toEqual([]);
      const button = page.getByRole('button', { name: 'Book a Demo' }).first();
      const response = page.waitForResponse((answer) => /open-dialog/.test(answer.url()));
      if (reach === 'pointer') await button.hover();
      else await button.focus();
      expect((await response).ok(), reach).toBe(true);
      expect(await page.getByRole('dialog').count(), reach).toBe(0);
      // The press then opens it, from the cache.
      if (reach === 'pointer') await button.click();
      else await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
      expect(fetched, reach).toHaveLength(1);
      await context.close();
    }
  });

  it('opens on the first press on a cold cache, the dialog code fetched by the press itself', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForLoadState('networkidle');
    // A tap: no hover before it, and nothing of the dialog fetched until it.
    const cold = await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /open-dialog/.test(entry.name)));
    expect(cold).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('button', { name: 'Book a Demo' }).tap();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    await context.close();
  });

  it('validates under a Content-Security-Policy without unsafe-eval', async () => {
    const page = await browser().newPage();
    const messages = collectConsole(page);
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': "script-src 'self'; object-src 'none'" },
      });
    });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    const dialog = page.getByRole('dialog', { name: ENQUIRY });
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    await expect(errorOf(dialog.getByLabel('Name'))).resolves.toBe('Name is required');
    expect(messages.filter((message) => /Content Security Policy|unsafe-eval/i.test(message))).toEqual([]);
    await page.close();
  });
});

describe('dialog buttons without JavaScript', () => {
  it('gives way to a link that writes to the team, on every page and every width, and hides that link where scripts run', async () => {
    const mail = 'mailto:hello@nuvora-systems.example?subject=';
    const calls = [
      ['/', ['Book a Demo', 'Book a 20-min Fit Call', 'Get Your Free Quote', 'Schedule a Call']],
      ['/career-detail', ['Book a Demo', 'Apply Now']],
    ] as const;
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const still = await browser().newContext({ viewport, javaScriptEnabled: false });
      const page = await still.newPage();
      for (const [route, names] of calls) {
        await page.goto(`${inject('baseUrl')}${route}`);
        // No button that needs a script is shown: each is a link to the contact address, its words the subject.
        const dead = await page
          .locator('[data-opens]')
          .evaluateAll((buttons) => buttons.filter((button) => button.getClientRects().length > 0).length);
        expect(dead, `${route} at ${viewport.width} px`).toBe(0);
        for (const name of names) {
          const links = page.locator(`a[href="${mail}${encodeURIComponent(name)}"]`);
          const where = `${name} on ${route} at ${viewport.width} px`;
          await expect(links.first().textContent(), where).resolves.toBe(name);
          // On a phone the bar's own button is in its menu, shown once the menu opens; on a wide screen it is in the bar.
          if (viewport.width > 1200 || name !== 'Book a Demo')
            expect(await links.filter({ visible: true }).count(), where).toBeGreaterThan(0);
        }
      }
      await still.close();
    }
    // With scripts, the buttons open their dialogs and the links are not there for anyone, a screen reader included.
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${inject('baseUrl')}/`);
    await expect(page.getByRole('link', { name: 'Book a Demo', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    await page.close();
  });
});
