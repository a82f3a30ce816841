import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/project';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-fields');
const { openEditor, openFile, read } = session;

/** How long a poll waits for the live check (200 ms after the last change, then the validator on a busy machine). */

/** A schema of the project, as the forms read it. */
const schema = (path: string) => JSON.parse(readFileSync(join(root, 'schemas', path), 'utf8'));

/** On a phone the panes are tabs: this shows one, where there are tabs. */
async function pane(page: Page, name: 'Blocks' | 'Fields'): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  if ((await tab.count()) > 0 && (await tab.isVisible())) await tab.click();
}

/** Opens pages/about.json with the title of its first block's second card emptied. */
async function aboutWithoutCardTitle(width = 1366) {
  const opened = await openEditor();
  const { page } = opened;
  // Opened wide, where the preview that openFile waits for is in view; then narrowed.
  await openFile(page, 'pages/about.json');
  await page.setViewportSize({ width, height: 900 });
  await pane(page, 'Blocks');
  await page.getByRole('button', { name: /^1\. Card grid/ }).click();
  await pane(page, 'Fields');
  const title = page.locator('#root_cards_1_title');
  await title.fill('');
  await expect.poll(() => page.locator('[data-save]').textContent()).toBe('1 problem: show the first');
  return { ...opened, title };
}

/** The texts an element's aria-describedby names, in order. */
const describedBy = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`),
  );

/** Whether a colour is clearly red: its red channel well above the others. */
const reddish = (color: string): boolean => {
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return red > green + 80 && red > blue + 80;
};

describe('the editor’s fields', () => {
  it('marks an empty required field at the field: a red border, aria-invalid, and its message under it', async () => {
    const { page, title } = await aboutWithoutCardTitle();
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    const card = schema('blocks/card-grid.schema.json').properties.cards.items.properties;
    expect(await describedBy(title)).toEqual(['"Title" is required.', card.title.description]);
    const border = (control: Locator) => control.evaluate((element) => getComputedStyle(element).borderTopColor);
    expect(reddish(await border(title))).toBe(true);
    expect(reddish(await border(page.locator('#root_cards_0_title')))).toBe(false);
    expect(await page.locator('#root_cards_0_title').getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it('names the problem by the schemas’ titles, counting from 1, with no code or path, in the list and at the field', async () => {
    const { page } = await aboutWithoutCardTitle();
    const listed = await page.locator('[data-problems] li').allTextContents();
    expect(listed).toEqual(['Block 1, Card grid: Card 2 › Title: "Title" is required.']);
    const shown = [...listed, ...(await page.locator('[data-field-error]').allTextContents())].join('\n');
    expect(shown).not.toMatch(/\[\w+\]|› ?0\b|cards|Add "/);
    await page.context().close();
  });

  it('takes the cursor to the very field a problem names: “show the first” lands in card 2’s empty Title', async () => {
    const { page } = await aboutWithoutCardTitle();
    // The cursor starts elsewhere, in another block.
    await pane(page, 'Blocks');
    await page.getByRole('button', { name: /^4\. Call to action/ }).click();
    await page.locator('[data-save]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_cards_1_title');
    // The list's own button does the same.
    await page.locator('#root_cards_0_title').focus();
    await page.locator('[data-problems] button').first().click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_cards_1_title');
    await page.context().close();
  });

  it('shows each field’s schema description as its hint, tied to the control', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    const card = schema('blocks/card-grid.schema.json').properties.cards.items.properties;
    const content = page.locator('#root_cards_0_content');
    expect(await describedBy(content)).toEqual([card.content.description]);
    await expect(page.getByText(card.icon.description).first().isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('makes a button’s link and its dialog one choice, and saves only the one chosen', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    await page.getByRole('button', { name: /^4\. Call to action/ }).click();
    const choice = page.getByRole('radiogroup', { name: 'What the button does' });
    await expect(choice.getByRole('radio', { name: 'Opens a form' }).isChecked()).resolves.toBe(true);
    // The dialog's choices, each once, and no example passing for a choice.
    const dialogs = schema('defs.schema.json').definitions.action.properties.opens.enum as string[];
    const options = await page.locator('#root_action_opens option').allTextContents();
    expect(options).toEqual(['Not set', ...dialogs]);
    await expect(page.locator('#root_action_href').count()).resolves.toBe(0);

    await choice.getByRole('radio', { name: 'Goes to a page' }).check();
    await expect(page.locator('#root_action_opens').count()).resolves.toBe(0);
    await page.locator('#root_action_href').fill('/careers');
    await expect.poll(() => page.locator('[data-save]').textContent()).toBe('Save');
    await page.locator('[data-save]').click();
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    const button = JSON.parse(read('pages/about.json')).blocks[3].action;
    expect(button).toEqual({ label: 'Schedule a Call', href: '/careers' });
    await page.context().close();
  });

  it('shows a field the page does not set as not set, and saves none of them', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    const before = JSON.parse(read('pages/about.json'));
    for (const field of ['technology', 'icon', 'layout', 'hiddenFromSearch']) expect(before).not.toHaveProperty(field);
    await page.getByRole('button', { name: /^Page settings/ }).click();
    const technology = page.getByRole('combobox', { name: 'Technology', exact: true });
    await expect(technology.inputValue()).resolves.toBe('');
    await expect(technology.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).resolves.toBe('Not set');
    await expect(
      page.getByRole('combobox', { name: 'Header icon' }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
    ).resolves.toBe('Not set');
    await expect(
      page.getByRole('combobox', { name: 'Layout' }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
    ).resolves.toBe('Not set (standard by default)');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('About Nuvora');
    await page.locator('[data-save]').click();
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(JSON.parse(read('pages/about.json'))).toEqual({ ...before, title: 'About Nuvora' });
    await page.context().close();
  });

  it('asks for the text alternative of a picture put in place of another: the old text goes, the cursor goes there', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/careers.json');
    const alt = page.locator('#root_image_alt');
    await expect(alt.inputValue()).resolves.not.toBe('');
    await page.locator('#root_image_src').selectOption('/images/pages/testing.svg');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_image_alt');
    await expect(alt.inputValue()).resolves.toBe('');
    await expect.poll(() => alt.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(alt)).toEqual([
      'This is a new picture: describe what it shows. The text of the old picture was taken away.',
      '"Text alternative" is required.',
    ]);
    await page.context().close();
  });

  it('is usable with a screen reader while problems are shown, on a wide screen and on a phone', async () => {
    for (const width of [1366, 390]) {
      const { page } = await aboutWithoutCardTitle(width);
      await pane(page, 'Blocks');
      await page.getByRole('button', { name: /^4\. Call to action/ }).click();
      await pane(page, 'Fields');
      // The other of the button's two ways, with its field still empty.
      const choice = page.getByRole('radiogroup', { name: 'What the button does' });
      await choice.getByRole('radio', { checked: false }).check();
      await expect.poll(() => page.locator('[data-save]').textContent()).toBe('2 problems: show the first');
      await expect.poll(() => choice.getAttribute('aria-invalid')).toBe('true');
      expect(await violations(page), `at ${width} px`).toEqual([]);
      await page.context().close();
    }
  });
});
