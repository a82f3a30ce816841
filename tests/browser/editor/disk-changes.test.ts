/** The visual editor when the file it edits changes under it: on disk, in another tab, or broken by a merge. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-disk-changes');
const { content, openEditor, openFile, read } = session;

describe('the visual editor', () => {
  it('merges a change made on disk to another field with the draft, saves both and says what came in', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/careers.json');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Jobs at Nuvora');
    const handEdited = read('pages/careers.json').replace('"heading": "Careers at Nuvora Systems"', '"heading": "Work with us"');
    expect(handEdited).not.toBe(read('pages/careers.json'));
    writeFileSync(join(content, 'pages/careers.json'), handEdited);
    // Told at once, before any Save.
    await page.getByRole('status').filter({ hasText: 'This page was just changed elsewhere' }).waitFor();
    await page.locator('[data-save]').click();
    await page
      .getByText(/^Merged with the changes made elsewhere: Header heading changed\./)
      .first()
      .waitFor();
    const saved = read('pages/careers.json');
    expect(saved).toContain('"heading": "Work with us"');
    expect(saved).toContain('"title": "Jobs at Nuvora"');
    // Only those two lines differ from the file as it was opened.
    expect(saved).toBe(handEdited.replace(/"title": "[^"]*"/, '"title": "Jobs at Nuvora"'));
    await page.context().close();
  });

  it('asks, in words, which value to keep when the same field changed on disk and in the draft', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('About us, in short');
    const handEdited = read('pages/about.json').replace(/"title": "[^"]*"/, '"title": "Who we are"');
    writeFileSync(join(content, 'pages/about.json'), handEdited);
    await page.locator('[data-save]').click();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed the same fields' });
    await dialog.waitFor();
    const conflict = dialog.getByRole('group', { name: 'Title' });
    await expect(conflict.getByRole('radio', { name: 'Yours: About us, in short' }).isChecked()).resolves.toBe(true);
    expect(await violations(page)).toEqual([]);
    // Nothing is written until the person chooses.
    expect(read('pages/about.json')).toBe(handEdited);
    await conflict.getByRole('radio', { name: 'Theirs: Who we are' }).check();
    await dialog.getByRole('button', { name: 'Save with these choices' }).click();
    await page
      .getByText(/(^|\s)Saved\.$/)
      .first()
      .waitFor();
    expect(read('pages/about.json')).toBe(handEdited);
    await page.context().close();
  });

  it('keeps both tabs’ changes when one page is edited in two tabs, through a reload and into the saved file', async () => {
    const { page: first } = await openEditor();
    const second = await first.context().newPage();
    await openFile(first, 'pages/insights/cognitive.json');
    await openFile(second, 'pages/insights/cognitive.json');
    // Both tabs edit before either has kept its draft: a heading in the first, the title in the second.
    await second.getByRole('button', { name: /^Page settings/ }).click();
    await first.getByRole('textbox', { name: 'Heading', exact: true }).fill('Machines that read the fine print');
    await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Cognitive computing that reads');
    const stored = (page: typeof first) =>
      page.evaluate(() => {
        const draft = JSON.parse(localStorage.getItem('page-editor:draft:pages/insights/cognitive.json') ?? 'null');
        return draft ? `${draft.present.value.title} | ${draft.present.value.blocks[0].heading}` : null;
      });
    const both = 'Cognitive computing that reads | Machines that read the fine print';
    await expect.poll(() => stored(first)).toBe(both);
    await expect
      .poll(() => first.getByRole('textbox', { name: 'Heading', exact: true }).inputValue())
      .toBe('Machines that read the fine print');
    await expect
      .poll(() => first.locator('[data-announcer]').textContent())
      .toMatch(/^Changes from your other tab on this page came in: Title changed\.$/);
    // The second tab shows the first tab's heading too, once its own block is chosen.
    await second.locator('[data-select-block="0"]').click();
    await expect
      .poll(() => second.getByRole('textbox', { name: 'Heading', exact: true }).inputValue())
      .toBe('Machines that read the fine print');
    await first.reload();
    await first.getByText('Your unsaved changes to this file were kept from last time.').waitFor();
    await expect.poll(() => stored(first)).toBe(both);
    await second.locator('[data-save]').click();
    await second
      .getByText(/(^|\s)Saved\.$/)
      .first()
      .waitFor();
    const saved = JSON.parse(read('pages/insights/cognitive.json'));
    expect(`${saved.title} | ${saved.blocks[0].heading}`).toBe(both);
    // The first tab had nothing of its own left: it opens the saved file, with no draft.
    await expect.poll(() => first.evaluate(() => localStorage.getItem('page-editor:draft:pages/insights/cognitive.json'))).toBeNull();
    await first.getByText('Your unsaved changes to this file were kept from last time.').waitFor({ state: 'hidden' });
    await first.context().close();
  });

  it('keeps the draft when the file on disk can no longer be read, merges once it is mended, and replaces it only when asked', async () => {
    const path = 'pages/insights/business-intelligence.json';
    const { page, errors } = await openEditor();
    await openFile(page, path);
    const original = read(path);
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    await heading.fill('Numbers people act on');
    // A git merge left unresolved: the file is no JSON.
    const broken = `<<<<<<< HEAD\n${original}=======\n${original}>>>>>>> theirs\n`;
    writeFileSync(join(content, path), broken);
    await page.locator('[data-save]').click();
    const dialog = page.getByRole('dialog', { name: 'This page was changed elsewhere, and cannot be merged' });
    await dialog.waitFor();
    // On a phone every choice is whole on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['Keep editing', 'Replace it with your version']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await dialog.getByRole('button', { name }).evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(read(path)).toBe(broken);
    expect(await heading.inputValue()).toBe('Numbers people act on');
    // Mended by hand, with another change: the next Save merges both.
    const mended = JSON.parse(original);
    mended.title = 'Business intelligence, mended';
    writeFileSync(join(content, path), `${JSON.stringify(mended, null, 2)}\n`);
    await page.locator('[data-save]').click();
    await page
      .getByText(/(^|\s)Saved\.$/)
      .first()
      .waitFor();
    const merged = JSON.parse(read(path));
    expect([merged.title, merged.blocks[0].heading]).toEqual(['Business intelligence, mended', 'Numbers people act on']);
    // Broken again, and this time replaced on purpose.
    await heading.fill('Numbers people trust');
    writeFileSync(join(content, path), broken);
    await page.locator('[data-save]').click();
    await dialog.getByRole('button', { name: 'Replace it with your version' }).click();
    await page
      .getByText(/(^|\s)Saved\.$/)
      .first()
      .waitFor();
    expect(JSON.parse(read(path)).blocks[0].heading).toBe('Numbers people trust');
    // The three refused saves are the only errors the browser notes.
    expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
    await page.context().close();
  });
});
