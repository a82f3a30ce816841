import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-outline-keys');
const { openEditor, openFile } = session;

/** What has the focus: its accessible name (aria-label, else its text), or its tag. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? active?.tagName ?? '';
  });

describe('the block list from the keyboard', () => {
  it('is two Tab stops a block, its actions one toolbar moved along with the arrow keys, and Enter goes on to the block’s fields, at 390 and 1366 px', async () => {
    for (const width of [390, 1366]) {
      const { page, errors } = await openEditor('/', width);
      await openFile(page, 'pages/about.json');
      // The header names the page by its title and address, never by its file.
      expect(await page.locator('header h1').textContent()).toBe(JSON.parse(session.read('pages/about.json')).title);
      expect(await page.locator('header h1 + p').textContent()).toBe('/about');
      await page.locator('[data-select-block="0"]').focus();
      const stops: string[] = [];
      for (let press = 0; press < 4; press += 1) {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      }
      // Block 1's toolbar (its first action), then block 2 and its toolbar: two stops a block.
      expect(stops[0]).toMatch(/^Move block 1, .+, up$/);
      expect(stops[1]).toMatch(/^2\. /);
      expect(stops[2]).toMatch(/^Move block 2, .+, up$/);
      expect(stops[3]).toMatch(/^3\. /);
      // Along a toolbar with the arrow keys; the action reached stays its Tab stop.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await focused(page)).toMatch(/^Copy block 2, /);
      await page.keyboard.press('End');
      expect(await focused(page)).toMatch(/^Delete block 2, /);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatch(/^Delete block 2, /);
      expect(await violations(page)).toEqual([]);
      // Enter on a block: chosen, and the cursor in its first field (a phone shows the Fields tab for it).
      {
        await page.locator('[data-select-block="1"]').focus();
        await page.keyboard.press('Enter');
        const inFields = (of: string) =>
          page.evaluate(
            (block) =>
              Boolean(
                document.activeElement?.matches('input, textarea, select, button') &&
                  document.activeElement.closest(`[data-fields-of="${block}"]`),
              ),
            of,
          );
        await expect.poll(() => inFields('1')).toBe(true);
        if (width < 1000) expect(await page.getByRole('tab', { name: 'Fields' }).getAttribute('aria-selected')).toBe('true');
        // Escape in a field: back to its block in the list (a phone shows the Blocks tab); Down and Up go on along the blocks.
        await page.keyboard.press('Escape');
        await expect.poll(() => focused(page)).toMatch(/^2\. /);
        await page.keyboard.press('ArrowDown');
        expect(await focused(page)).toMatch(/^3\. /);
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        expect(await focused(page)).toMatch(/^1\. /);
        await page.keyboard.press('End');
        expect(await focused(page)).toMatch(new RegExp(`^${await page.locator('[data-select-block]').count()}\\. `));
        await page.locator('[data-select-block="1"]').focus();
        expect(await violations(page)).toEqual([]);
        // The skip link, first in the outline, goes to the fields of what is chosen.
        await page.locator('[data-skip-to-fields]').focus();
        expect(await focused(page)).toBe('Skip to the fields');
        await page.keyboard.press('Enter');
        await expect.poll(() => inFields('1')).toBe(true);
      }
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
