import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Manifest } from '../../../scripts/build/bundles/page-assets';
import { BOOT_ENTRY } from '../../../scripts/vite/entries';
import { loadedSite } from '../../helpers/site';
import { collectConsole, hydrateAll, sharedBrowser } from '../browser';
import { root } from '../../helpers/project';

const { pages } = loadedSite();
const browser = sharedBrowser();
/** A test that visits every page gets time in proportion to how many there are (up to 3 s each). */
const EVERY_PAGE_MS = 30_000 + pages.length * 3_000;

describe('every page in Chromium', () => {
  it(
    'loads and hydrates every island with no console error, warning or CSP violation, and opens both dialogs',
    async () => {
      const page = await browser().newPage();
      const messages = collectConsole(page);
      // The server sends the site's Content-Security-Policy; report any violation loudly.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        ),
      );
      for (const { route } of pages) {
        const response = await page.goto(`${inject('baseUrl')}${route}`);
        expect(response?.headers()['content-security-policy'], route).toContain("script-src 'self'");
        await hydrateAll(page);
        expect(await page.locator('h1').count(), route).toBe(1);
      }
      for (const [route, button, dialog] of [
        ['/', 'Book a Demo', 'Expect guidance for your project. Chat with us now!'],
        ['/career-detail', 'Apply Now', 'Apply for this position'],
      ]) {
        await page.goto(`${inject('baseUrl')}${route}`);
        await page.getByRole('button', { name: button }).first().click();
        await page
          .getByRole('dialog', { name: dialog })
          .getByRole('button', { name: /Get in Touch|Submit application/ })
          .click();
        await page.getByRole('dialog', { name: dialog }).locator('[data-field-error]').first().waitFor();
      }
      expect(messages).toEqual([]);
      await page.close();
    },
    EVERY_PAGE_MS,
  );

  it(
    'hydrates with no mismatch under React development build',
    async () => {
      const page = await browser().newPage();
      const messages = collectConsole(page);
      for (const { route } of pages) {
        await page.goto(`${inject('devBuildUrl')}${route}`);
        await hydrateAll(page);
      }
      // React's development build logs every mismatch, attribute or text, as a console error.
      expect(messages.filter((message) => !message.includes('Download the React DevTools'))).toEqual([]);
      await page.close();
    },
    EVERY_PAGE_MS,
  );

  it('paints the page before it fetches the code that hydrates it', async () => {
    const page = await browser().newPage();
    // Notes when the page's first frame begins (its first animation-frame callback).
    await page.addInitScript(() => requestAnimationFrame((time) => ((window as unknown as { firstFrame: number }).firstFrame = time)));
    // The home page: its islands' scripts and, once scrolled to its carousels, React.
    await page.goto(`${inject('baseUrl')}/`);
    await hydrateAll(page);
    // The boot script and the tiny helper it imports come with the HTML; everything else waits.
    const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
    const boot = manifest[BOOT_ENTRY];
    const early = [boot?.file, ...(boot?.imports ?? []).map((key) => manifest[key]?.file)];
    const timing = await page.evaluate(
      (early) => ({
        firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
        // The stylesheets the first frame waits for (not the full token set, added with the scripts).
        styles: performance
          .getEntriesByType('resource')
          .filter(
            (entry) =>
              entry.name.endsWith('.css') &&
              (entry as PerformanceResourceTiming & { renderBlockingStatus: string }).renderBlockingStatus === 'blocking',
          )
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js') && !early.some((file) => entry.name.endsWith(`/${file}`)))
          .map((entry) => entry.startTime),
      }),
      early,
    );
    expect(timing.scripts.length).toBeGreaterThan(1);
    expect(timing.firstFrame).toBeGreaterThan(0);
    // Rendering waits for the stylesheets, and the code waits for the first frame to be drawn.
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(Math.max(...timing.styles));
    expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.firstFrame);
    await page.close();
  });

  it("hydrates without moving the page's style tags or inserting their rules again", async () => {
    const page = await browser().newPage();
    // Each style tag taken out of <head> (Emotion moves a tag by taking it out and putting it back) restyles the whole page.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedStyles: string[] }).removedStyles = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes) if (node.nodeName === 'STYLE') removed.push((node as Element).outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${inject('baseUrl')}/`);
    await hydrateAll(page);
    const styles = await page.evaluate(() => {
      const selectors = (query: string): string[] =>
        [...document.querySelectorAll<HTMLStyleElement>(query)].flatMap((tag) =>
          [...(tag.sheet?.cssRules ?? [])].map((rule) => (rule as CSSStyleRule).selectorText ?? ''),
        );
      return {
        removed: (window as unknown as { removedStyles: string[] }).removedStyles,
        prerendered: selectors('style[data-emotion-prerendered]'),
        added: selectors('style[data-emotion]'),
      };
    });
    expect(styles.removed).toEqual([]);
    expect(styles.prerendered.length).toBeGreaterThan(100);
    // Whatever rules the islands add, none is one the page already had.
    const prerendered = new Set(styles.prerendered.filter(Boolean));
    expect(styles.added.filter((selector) => prerendered.has(selector))).toEqual([]);
    await page.close();
  });

  it('answers an unknown path with HTTP 404 and the not-found page in the site layout', async () => {
    const page = await browser().newPage();
    const response = await page.goto(`${inject('baseUrl')}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${inject('baseUrl')}/`);
    expect(await page.locator('nav[aria-label="Main"]').count()).toBe(1);
    await page.close();
  });

  it('opens at the top of the page after following a link from far down', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${inject('baseUrl')}/`);
    await page.getByRole('link', { name: 'About' }).last().scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'About' }).last().click();
    await page.waitForURL(/\/about$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });
});
