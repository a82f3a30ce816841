/**
 * Timing an editor as a person meets it, for scripts/bench/editor.ts: a fresh tab, and the
 * moments a page shows what it should, taken on the page's own clock (its server is started
 * by start-server.ts).
 */
import type { Browser, Page } from 'playwright-core';

/** A new tab with a profile of its own: nothing cached, no drafts. */
export async function freshTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  return page;
}

/**
 * What a screen shows once it is drawn, checked in the page: an element (in a same-origin frame
 * when `frame` names one), a text field by the start of its label, or a heading by its text.
 */
export interface Sign {
  selector?: string;
  field?: string;
  heading?: string;
  frame?: string;
}

/**
 * Watches `page` for each sign, on the page's own clock: the milliseconds from the navigation's
 * start to the sign first showing, checked at each change of the page and each frame drawn, so
 * no polling from outside adds to them. A click's time is kept too (`clicked`). Call before
 * navigating.
 */
export async function watchSigns(page: Page, signs: Record<string, Sign>): Promise<void> {
  await page.addInitScript({ content: `(${WATCH_SIGNS})(${JSON.stringify(signs)})` });
}

/**
 * The watcher watchSigns puts in the page, as source text: a function compiled here would carry
 * the helpers tsx adds to named functions, which the page does not have.
 */
const WATCH_SIGNS = `(wanted) => {
  if (window !== window.top) return;
  const seen = {};
  window.benchSeen = seen;
  document.addEventListener('click', () => (seen.clicked = performance.now()), true);
  const visible = (element) => element.getClientRects().length > 0;
  const shows = (sign) => {
    const root = sign.frame ? document.querySelector(sign.frame)?.contentDocument : document;
    if (!root) return false;
    if (sign.selector) return [...root.querySelectorAll(sign.selector)].some(visible);
    if (sign.heading) return [...root.querySelectorAll('h1, h2, h3')].some((element) => element.textContent.trim() === sign.heading);
    return [...root.querySelectorAll('input, textarea')].some(
      (element) => visible(element) && (element.labels?.[0]?.textContent.trim().startsWith(sign.field) ?? false),
    );
  };
  const check = () => {
    for (const [name, sign] of Object.entries(wanted)) if (!(name in seen) && shows(sign)) seen[name] = performance.now();
    if (Object.keys(wanted).some((name) => !(name in seen))) requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  requestAnimationFrame(check);
}`;

/** The times of the signs named, once each has shown. */
export async function seen(page: Page, names: string[]): Promise<Record<string, number>> {
  await page.waitForFunction(
    (wanted) => wanted.every((name) => name in ((window as unknown as { benchSeen?: object }).benchSeen ?? {})),
    names,
  );
  return page.evaluate(() => ({ ...(window as unknown as { benchSeen: Record<string, number> }).benchSeen }));
}

/** Opens `url` in `page`: the milliseconds from the navigation's start to each sign. */
export async function timeSigns(page: Page, url: string, signs: Record<string, Sign>): Promise<Record<string, number>> {
  await watchSigns(page, signs);
  await page.goto(url, { waitUntil: 'commit' });
  return seen(page, Object.keys(signs));
}
