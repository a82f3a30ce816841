import { describe, expect, it } from 'vitest';
import { editorSession, violations } from './editor-session';

const { openEditor, openFile, read } = editorSession('editor-new-block');

describe('a new block in the visual editor', () => {
  it('starts with its required fields empty, cannot be saved until they are written, and saves only what was written', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/testing.json');
    const before = JSON.parse(read('pages/testing.json')) as { blocks: unknown[] };
    await page.getByRole('button', { name: 'Add a block', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a block' }).locator('[data-palette="faq"]').click();

    // The schema's sample answer ("We also offer our own DPA, aligned with GDPR") is no content.
    const question = page.getByRole('textbox', { name: /^Question/ });
    const answer = page.getByRole('textbox', { name: /^Answer/ });
    expect(await question.inputValue()).toBe('');
    expect(await answer.inputValue()).toBe('');
    const save = page.locator('[data-save]');
    await expect.poll(() => save.textContent()).toBe('2 problems: show the first');
    // The preview still draws the page, with the new block in it.
    await page.frameLocator('iframe[data-preview]').locator(`[data-editor-block="${before.blocks.length}"]`).waitFor({ state: 'attached' });
    expect(await violations(page)).toEqual([]);

    await question.fill('Can we see a sample test report?');
    await answer.fill('Yes: ask us for one from a recent engagement.');
    await expect.poll(() => save.textContent()).toBe('Save');
    await save.click();
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    const after = JSON.parse(read('pages/testing.json')) as { blocks: unknown[] };
    expect(after.blocks).toEqual([
      ...before.blocks,
      { type: 'faq', items: [{ question: 'Can we see a sample test report?', answer: 'Yes: ask us for one from a recent engagement.' }] },
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
