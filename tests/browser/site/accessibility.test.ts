import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { hydrateAll, sharedBrowser } from '../browser';

const { pages } = loadSite(join(import.meta.dirname, '../../..'));
const browser = sharedBrowser();
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A page in a context of its own: axe-core needs one to reach every frame. */
async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser().newContext({ viewport, reducedMotion: 'reduce' });
  return context.newPage();
}

/** The WCAG 2.2 A and AA violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`));
}

describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  // One test per route and width: a route that is slow or stalls fails on its own, by name, within the
  // browser project's 30 s, instead of using up one budget for all of them.
  for (const [label, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    describe(`at ${label} width`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await newPage({ width, height });
      });
      afterAll(async () => {
        await page?.context().close();
      });
      it.each(pages.map(({ route }) => route))('finds no violation on %s', async (route) => {
        await page.goto(`${inject('baseUrl')}${route}`);
        await hydrateAll(page);
        expect(await violations(page)).toEqual([]);
      });
    });
  }

  it('finds no violation with the enquiry and apply dialogs open, errors showing', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    const found: string[] = [];
    for (const [route, button, dialog] of [
      ['/', 'Book a Demo', 'Expect guidance for your project. Chat with us now!'],
      ['/career-detail', 'Apply Now', 'Apply for this position'],
    ]) {
      await page.goto(`${inject('baseUrl')}${route}`);
      await page.getByRole('button', { name: button }).first().click();
      const open = page.getByRole('dialog', { name: dialog });
      await open.getByRole('button', { name: /Get in Touch|Submit application/ }).waitFor();
      found.push(...(await violations(page)).map((line) => `${route} dialog ${line}`));
      await open.getByRole('button', { name: /Get in Touch|Submit application/ }).click();
      await open.locator('[data-field-error]').first().waitFor();
      found.push(...(await violations(page)).map((line) => `${route} dialog with errors ${line}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
