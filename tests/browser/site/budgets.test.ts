import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { budgets, firstLoadBudgetKb } from '../../../scripts/build/bundles/budgets';
import { loadSite } from '../../../scripts/content/load-site';
import { root } from '../../helpers/project';
import { sharedBrowser } from '../browser';

const browser = sharedBrowser();
const { pages } = loadSite(root);

/**
 * A phone-sized page that counts, from Chromium's own network log, the compressed JavaScript it
 * loads (each script's bytes on the wire, headers included), with the cache off: every load is
 * a first visit.
 */
async function meteredPage(): Promise<{ page: Page; firstLoadKb: (route: string) => Promise<{ kb: number; files: string[] }> }> {
  const page = await browser().newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  let loaded: { url: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url) loaded.push({ url, bytes: event.encodedDataLength });
  });
  /** What a route loads before any interaction: until the network is quiet once the islands have started. */
  const firstLoadKb = async (route: string): Promise<{ kb: number; files: string[] }> => {
    loaded = [];
    await page.goto(`${inject('baseUrl')}${route}`, { waitUntil: 'networkidle' });
    // The boot script starts the islands after the first frame: let that happen, and whatever it fetches arrive.
    await page.waitForFunction(() => document.querySelector('[data-island="navBar"]')?.hasAttribute('data-hydrated'));
    await page.waitForLoadState('networkidle');
    return { kb: loaded.reduce((sum, { bytes }) => sum + bytes, 0) / 1024, files: loaded.map(({ url }) => new URL(url).pathname) };
  };
  return { page, firstLoadKb };
}

describe('JavaScript before interaction, on the wire (scripts/budgets.json)', () => {
  it(`stays within each page's budget at Lighthouse's phone size: ${budgets.firstLoadJsKb.pageWithoutInteractiveBlocks} KB on a page without interactive blocks, ${budgets.firstLoadJsKb.home} KB on the home page`, async () => {
    const { page, firstLoadKb } = await meteredPage();
    const over: string[] = [];
    const seen: Record<string, number> = {};
    for (const { route, page: content } of pages) {
      const { kb, files } = await firstLoadKb(route);
      seen[route] = kb;
      const budget = firstLoadBudgetKb(route, content);
      if (kb > budget) over.push(`${route}: ${kb.toFixed(1)} KB (${files.join(', ')}), over ${budget} KB`);
    }
    expect(over).toEqual([]);
    // The measure is real: every page loads its boot script and the bar's, and /about nothing more.
    expect(Object.entries(seen).filter(([, kb]) => kb <= 1)).toEqual([]);
    expect(seen['/about']).toBeLessThan(budgets.firstLoadJsKb.pageWithoutInteractiveBlocks);
    await page.close();
  });

  it('loads React on the home page only once a block that needs it nears the window', async () => {
    const { page, firstLoadKb } = await meteredPage();
    const before = await firstLoadKb('/');
    expect(
      before.files.some((file) => /hydrate-island|Ticker/.test(file)),
      before.files.join(', '),
    ).toBe(false);
    const react = page.waitForResponse((response) => /hydrate-island-[\w-]+\.js$/.test(response.url()));
    await page
      .locator('[data-island="ticker"]')
      .first()
      .evaluate((island) => island.firstElementChild?.scrollIntoView());
    await react;
    await page.waitForSelector('[data-island="ticker"][data-hydrated]');
    await page.close();
  });
});
