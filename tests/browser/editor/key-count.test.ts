/**
 * What the editor costs from the keyboard: the task "change a headline and one card, then
 * publish", done from the editor's first screen (the page list) as a person would, pressing Tab
 * until the focus is where they want it, and counting every press. A navigation or command key
 * (Tab, Shift+Tab, the arrows, Enter, Space, Escape, Home, End, Backspace, Delete, a shortcut
 * such as Ctrl+A or Ctrl+S) is one press; the letters of the new words are counted apart, since
 * any way of editing has to type them. The task must take at most 60 presses (issue 36).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-key-count', { git: true });
const { openEditor } = session;

/** The most presses the task may take, not counting the letters of the new words. */
const MOST_PRESSES = 60;
/** How far a person tabs looking for one control before the test calls it unreachable. */
const LOOKING = 80;

const HEADLINE = 'Software that takes real work off your team';
const CARD_TITLE = 'Agentic AI services';

/** What has the focus, as a screen reader names it: its label, aria-label or text. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const labelled = active.getAttribute('aria-labelledby');
    const label =
      active.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (active.id ? document.querySelector(`label[for="${CSS.escape(active.id)}"]`)?.textContent : null) ??
      active.textContent;
    return (label ?? '').trim().replace(/\s+/g, ' ');
  });

/** The task's keyboard: every press counted, the new words' letters apart. */
function keyboardOf(page: Page) {
  const counted = { presses: 0, letters: 0, log: [] as string[] };
  const press = async (key: string): Promise<void> => {
    counted.presses += 1;
    counted.log.push(key);
    await page.keyboard.press(key);
  };
  return {
    counted,
    press,
    /** Types new words: their letters are counted apart. */
    async type(words: string): Promise<void> {
      counted.letters += words.length;
      counted.log.push(`“${words}”`);
      await page.keyboard.type(words);
    },
    /** Presses Tab (or another key that moves the focus) until what has it is named as `wanted` says, as a person looks for a control. */
    async tabUntil(wanted: RegExp, key = 'Tab'): Promise<void> {
      const seen: string[] = [];
      for (let looked = 0; looked < LOOKING; looked += 1) {
        const name = await focused(page);
        if (wanted.test(name)) return;
        seen.push(name.slice(0, 40));
        await press(key);
      }
      throw new Error(`${key} never reached ${wanted}; it went by: ${seen.join(' | ')}`);
    },
  };
}

describe('the keyboard cost of a change', () => {
  it(`changes a headline and one card and publishes in at most ${MOST_PRESSES} presses from the page list, the letters of the new words counted apart, at 1366 px`, async () => {
    const { page, errors } = await openEditor('/', 1366);
    const keys = keyboardOf(page);
    await page.getByRole('link', { name: 'Home' }).waitFor();
    expect(await violations(page)).toEqual([]);

    // The page list: to the home page, and open it.
    await keys.tabUntil(/^Home$/);
    await keys.press('Enter');
    await page.locator('iframe[data-preview][data-drawn]').waitFor({ state: 'attached' });
    expect(await violations(page)).toEqual([]);

    // The headline: the first block (Enter puts the cursor in its first field), its Heading field.
    await keys.tabUntil(/^1\. Banner/);
    await keys.press('Enter');
    await expect.poll(() => focused(page)).toBe('Anchor');
    await keys.tabUntil(/^Heading\*?$/);
    await keys.press('Control+a');
    await keys.type(HEADLINE);

    // One card: Escape goes back to the block in the list, Down to "Our Expertise", Enter into it, Tab to its first card's title.
    await keys.press('Escape');
    await expect.poll(() => focused(page)).toMatch(/^1\. Banner/);
    await keys.tabUntil(/^4\. Card grid/, 'ArrowDown');
    await keys.press('Enter');
    await expect.poll(() => focused(page)).toBe('Anchor');
    await keys.tabUntil(/^Title\*?$/);
    await keys.press('Control+a');
    await keys.type(CARD_TITLE);
    expect(await violations(page)).toEqual([]);

    // Save (Ctrl+S), then publish (Ctrl+Enter: the dialog, the cursor in the description proposed; again: published).
    await keys.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    await page.locator('[data-publish-page]:not([aria-disabled])').waitFor();
    await keys.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: /^Publish “/ });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('Description of the change');
    expect(await violations(page)).toEqual([]);
    await keys.press('Control+Enter');
    await page.getByText(/^Published “.+”: visitors get it once the live site has taken it\.$/).waitFor();
    expect(await violations(page)).toEqual([]);

    console.log(
      `The task took ${keys.counted.presses} navigation and command presses, and ${keys.counted.letters} letters of new words: ${keys.counted.log.join(' ')}`,
    );
    const published = JSON.parse((await git(session.remote, ['show', 'main:pages/index.json'])).stdout);
    expect(published.blocks[0].heading).toBe(HEADLINE);
    expect(published.blocks[3].cards[0].title).toBe(CARD_TITLE);
    expect(keys.counted.letters).toBe(HEADLINE.length + CARD_TITLE.length);
    expect(keys.counted.presses).toBeLessThanOrEqual(MOST_PRESSES);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
