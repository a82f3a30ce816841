import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * How long an action or a wait of Playwright waits for the state it needs (a locator to appear,
 * a page to load): a bound for a test that would otherwise hang, not a budget. Playwright's own
 * 30 s failed tests on a machine loaded to 15 on two cores, where a page took longer to draw;
 * tests wait for states, so only a state that never comes takes this long.
 */
export const WAIT_MS = 180_000;

/** Every context and page of `browser` waits up to WAIT_MS. */
function patient(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // The page owns its context, as Playwright's own newPage does: closing the page closes both.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Connects a test file to the suite's one Chromium; returns a getter for the browser. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = patient(await chromium.connect(inject('wsEndpoint')));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not connected yet.');
    return browser;
  };
}

/** Collects every console error and warning and every uncaught error of a page. */
export function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  return messages;
}

/**
 * Scrolls through the whole page so every island comes into view and hydrates, then waits for all of them.
 * An island the sweep passed while the main thread was busy (the observer sees only the positions that
 * were painted) is brought into view on its own until it hydrates.
 */
export async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A step of at least 200 px and at most 400 of them: a window that reports no height yet (a page
    // just created can, for a moment) must not turn the sweep into a loop that never ends.
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0, steps = 0; y < document.body.scrollHeight && steps < 400; y += step, steps += 1) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await page
    .waitForFunction(
      () => {
        const waiting = [...document.querySelectorAll('[data-island]')].filter((island) => !island.hasAttribute('data-hydrated'));
        waiting[0]?.firstElementChild?.scrollIntoView({ block: 'center' });
        return waiting.length === 0;
      },
      undefined,
      { polling: 200 },
    )
    .catch(async (error: unknown) => {
      // Say which islands of which page never came to life.
      const waiting = await page
        .evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].map((island) => island.dataset.island),
        )
        .catch(() => ['(the page did not answer)']);
      throw new Error(`${page.url()}: island(s) ${waiting.join(', ')} never hydrated (${String(error)})`);
    });
  await page.evaluate(() => window.scrollTo(0, 0));
}
