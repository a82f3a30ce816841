/** The visual editor while a person edits one page: blocks, fields, the preview, undo and redo, saving, and axe. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { rewriteJson } from '../../../scripts/content/fixing/migrate-tree';
import { readVersion } from '../../../scripts/content/fixing/schema-version';
import { root } from '../../helpers/project';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-editing');
const { content, openEditor, openFile, read } = session;

describe('the visual editor', () => {
  it('builds a new page from the palette, edits a field, reorders from the keyboard, undoes and redoes, and saves exactly that', async () => {
    const { page, errors } = await openEditor();
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Address').fill('/services/cloud-migration');
    await page.getByLabel('Title').fill('Cloud migration');
    await page.getByRole('button', { name: 'Create the page' }).click();
    await page.getByLabel('Description').fill('How we move workloads to the cloud and keep the bill down, step by step.');

    await page.getByRole('button', { name: 'Add a block', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a block' }).locator('[data-palette="prose"]').click();
    await page.getByRole('button', { name: 'Add a block', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a block' }).locator('[data-palette="callToAction"]').click();

    // New blocks start empty: nothing is saved that the person did not write.
    await expect.poll(() => page.locator('[data-save]').textContent()).toMatch(/problems: show the first$/);
    await page.getByRole('button', { name: /^1\. Prose/ }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('What we do');
    await page.getByRole('textbox', { name: 'Paragraph', exact: true }).fill('We move workloads in planned waves.');
    await page.frameLocator('iframe[data-preview]').getByRole('heading', { name: 'What we do' }).waitFor();
    await page.getByRole('button', { name: /^2\. Call to action/ }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Plan your move');
    await page.getByRole('textbox', { name: 'Button text', exact: true }).fill('Talk to us');
    await page.getByRole('radiogroup', { name: 'What the button does' }).getByRole('radio', { name: 'Opens a form' }).check();
    await page.locator('#root_action_opens').selectOption('enquiry');
    await expect.poll(() => page.locator('[data-save]').textContent()).toBe('Save');

    // Space picks the block up, the arrow moves it, Space drops it; each key waits for what a
    // screen reader says, as a person listening would.
    const heard = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await page.getByRole('button', { name: 'Reorder block 2, Call to action' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Picked up block 2, Call to action');
    // The drag starts listening for the arrow keys in a task of its own, after it says it picked the block up; Chromium
    // runs a key press before waiting tasks, so on a busy machine an arrow pressed at once could come first. A person's
    // cannot: let the page's waiting tasks run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowUp');
    await expect.poll(heard).toContain('block 2, Call to action is over position 1 of 2');
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Dropped block 2, Call to action at position 1 of 2');
    const order = () => page.locator('[data-select-block] > span:first-child').allTextContents();
    await expect.poll(order).toEqual(['1. Call to action', '2. Prose']);

    await page.keyboard.press('Control+z');
    await expect.poll(order).toEqual(['1. Prose', '2. Call to action']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(order).toEqual(['1. Call to action', '2. Prose']);

    await page.locator('[data-save]').click();
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    const saved = read('pages/services/cloud-migration.json');
    expect(JSON.parse(saved)).toEqual({
      $schema: '../../schemas/page.schema.json',
      schemaVersion: readVersion(root).version,
      title: 'Cloud migration',
      description: 'How we move workloads to the cloud and keep the bill down, step by step.',
      blocks: [
        { type: 'callToAction', heading: 'Plan your move', action: { label: 'Talk to us', opens: 'enquiry' } },
        { type: 'prose', heading: 'What we do', paragraphs: ['We move workloads in planned waves.'] },
      ],
    });
    expect(saved).toBe(`${JSON.stringify(JSON.parse(saved), null, 2)}\n`);
    expect(loadSite(content).problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('will not save a page with a problem, names it in the validator’s words, and takes the cursor to it', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/testing.json');
    const before = read('pages/testing.json');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByLabel('Description').fill('Too short.');
    const value = { ...(JSON.parse(before) as object), description: 'Too short.' };
    const overlay = new Map([[join(content, 'pages/testing.json'), rewriteJson(before, value)]]);
    const [problem] = loadSite(content, join(content, 'pages'), { overlay }).problems.filter(
      (found) => found.file === 'pages/testing.json',
    );
    expect(problem?.code).toBe('tooShort');
    const save = page.locator('[data-save]');
    await expect.poll(() => save.textContent()).toBe('1 problem: show the first');
    await expect.poll(() => page.locator('[data-field-error]').first().textContent()).toContain(problem?.message ?? '?');
    await page.getByRole('textbox', { name: 'Title', exact: true }).focus();
    await save.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_description');
    expect(read('pages/testing.json')).toBe(before);
    await page.context().close();
  });

  it('keeps the draft and its history through a reload, until it is saved or discarded', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/digital.json');
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    const original = await heading.inputValue();
    await heading.fill('Digital, end to end');
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByText('Your unsaved changes to this file were kept from last time.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).resolves.toBe('Digital, end to end');
    await page.locator('body').press('Control+z');
    await expect.poll(() => page.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).toBe(original);
    await page.context().close();
  });

  it('selects the block a person clicks in the preview', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    await page.frameLocator('iframe[data-preview]').getByRole('heading', { name: 'Recent work' }).click();
    await expect.poll(() => page.locator('[data-select-block][aria-current="true"]').getAttribute('data-select-block')).toBe('2');
    await expect(page.getByRole('heading', { level: 2, name: /^Block 3: Case studies/ }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('redraws only the block being typed in, and the whole page when blocks move', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/about.json');
    const frame = page.frames().find((candidate) => candidate.url().includes('/about'));
    if (!frame) throw new Error('The preview frame is missing.');
    // A mark on the elements of the first and last blocks: a redraw makes new ones without it.
    const marks = () =>
      frame.evaluate(() =>
        ['0', '3'].map((index) =>
          Boolean((document.querySelector(`[data-editor-block="${index}"] > *`) as { kept?: boolean } | null)?.kept),
        ),
      );
    await frame.evaluate(() => {
      for (const index of ['0', '3'])
        (document.querySelector(`[data-editor-block="${index}"] > *`) as unknown as { kept: boolean }).kept = true;
    });
    await page.getByRole('button', { name: /^4\. Call to action/ }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Work with a team that stays with you');
    await frame.getByRole('heading', { name: 'Work with a team that stays with you' }).waitFor();
    expect(await marks()).toEqual([true, false]);
    await page.getByRole('button', { name: 'Move block 4, Call to action, up' }).click();
    await expect
      .poll(() => frame.evaluate(() => document.querySelector('[data-editor-block="2"] h2')?.textContent))
      .toBe('Work with a team that stays with you');
    expect(await marks()).toEqual([false, false]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is usable with a screen reader: axe finds no violation on the list, the editor, the palette and the new-page dialog', async () => {
    const { page } = await openEditor();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    const found = (await violations(page)).map((line) => `list ${line}`);
    await page.getByRole('button', { name: 'New page' }).click();
    found.push(...(await violations(page)).map((line) => `new page ${line}`));
    await openFile(page, 'pages/index.json');
    found.push(...(await violations(page)).map((line) => `editor ${line}`));
    await page.getByRole('button', { name: 'Add a block', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a block' }).waitFor();
    found.push(...(await violations(page)).map((line) => `palette ${line}`));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('saves with Ctrl+S or Cmd+S, like the Save button, and keeps the browser’s own save dialog away', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/data-science.json');
    // Whether the editor kept the browser from saving the page, read once every listener has run.
    await page.evaluate(() => {
      window.addEventListener('keydown', (event) => {
        if (event.key.toLowerCase() === 's') setTimeout(() => (document.body.dataset.savePrevented = String(event.defaultPrevented)));
      });
    });
    await page.getByRole('button', { name: /^Page settings/ }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('Data science that ships');
    await title.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(JSON.parse(read('pages/data-science.json')).title).toBe('Data science that ships');
    await expect.poll(() => page.locator('body').getAttribute('data-save-prevented')).toBe('true');
    await title.fill('Data science in production');
    await title.press('Meta+s');
    await expect.poll(() => JSON.parse(read('pages/data-science.json')).title).toBe('Data science in production');
    // Nothing left to save: the key writes nothing, and still opens no browser dialog.
    await expect.poll(() => page.locator('[data-save]').getAttribute('aria-disabled')).toBe('true');
    const saved = read('pages/data-science.json');
    await page.evaluate(() => delete document.body.dataset.savePrevented);
    await title.press('Control+s');
    await expect.poll(() => page.locator('body').getAttribute('data-save-prevented')).toBe('true');
    expect(read('pages/data-science.json')).toBe(saved);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows Save, Undo and Redo as unavailable while they are: said so to screen readers, faded, with a not-allowed pointer', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/ux-ui-design.json');
    const look = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((button) => {
        const style = getComputedStyle(button);
        return `${button.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled'} ${style.opacity} ${style.cursor}`;
      });
    expect(await look('Undo')).toBe('disabled 0.5 not-allowed');
    expect(await look('Redo')).toBe('disabled 0.5 not-allowed');
    expect(await look('Save')).toBe('disabled 0.5 not-allowed');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('UX and UI design');
    await expect.poll(() => look('Undo')).toMatch(/^enabled 1 (pointer|default)$/);
    await expect.poll(() => look('Save')).toMatch(/^enabled 1 (pointer|default)$/);
    expect(await look('Redo')).toBe('disabled 0.5 not-allowed');
    await page.context().close();
  });

  it('says what Undo and Redo changed, and keeps the focus on the button pressed, after Save and after deleting a block', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/insights/extended-reality.json');
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await heading.fill('When one screen is not enough');
    const announced = () => page.locator('[data-announcer]').textContent();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName);
    await page.locator('[data-undo]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(announced).toMatch(/^Undone: Block 1 \(.+\), Heading changed\.$/);
    // Nothing is left to undo: the button is unavailable, and still has the focus.
    await expect.poll(() => page.locator('[data-undo]').getAttribute('aria-disabled')).toBe('true');
    expect(await focused()).toBe('Undo');
    await page.getByRole('button', { name: 'Redo', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(announced).toMatch(/^Redone: Block 1 \(.+\), Heading changed\.$/);
    expect(await heading.inputValue()).toBe('When one screen is not enough');
    await page.locator('[data-save]').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(await focused()).toBe('Save');
    await page.getByRole('button', { name: /^Delete block 2,/ }).focus();
    await page.keyboard.press('Enter');
    // The block that took its place has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-select-block'))).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
