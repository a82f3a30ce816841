import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { rewriteJson } from '../../../scripts/content/fixing/migrate';
import { readVersion } from '../../../scripts/content/fixing/versions';
import { editorSession, violations } from './editor-session';
import { root } from '../../helpers/project';

const session = editorSession('editor-browser');
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
    await page.getByText('Saved pages/services/cloud-migration.json.').first().waitFor();
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

  it('merges a change made on disk to another field with the draft, saves both and says what came in', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/careers.json');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Jobs at Nuvora');
    const handEdited = read('pages/careers.json').replace('"heading": "Careers at Nuvora Systems"', '"heading": "Work with us"');
    expect(handEdited).not.toBe(read('pages/careers.json'));
    writeFileSync(join(content, 'pages/careers.json'), handEdited);
    // Told at once, before any Save.
    await page.getByRole('status').filter({ hasText: 'This file was just changed on disk' }).waitFor();
    await page.locator('[data-save]').click();
    await page
      .getByText(/^Merged with the file on disk, where someone else changed it: Header heading changed\./)
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
    await conflict.getByRole('radio', { name: 'On disk now: Who we are' }).check();
    await dialog.getByRole('button', { name: 'Save with these choices' }).click();
    await page
      .getByText(/Saved pages\/about\.json\./)
      .first()
      .waitFor();
    expect(read('pages/about.json')).toBe(handEdited);
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

  it('cannot be read or changed by a page of another site open in the same browser', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/about.json');
    const opened = await page.evaluate(async () => (await fetch('/__editor/api/file?path=pages%2Fabout.json')).json());
    const before = read('pages/about.json');
    // Another origin: the site itself, served on another port of this machine.
    await page.goto(inject('baseUrl'));
    const attempts = await page.evaluate(
      async ({ editorUrl, value, hash }) => {
        const outcome = (request: Promise<Response>) =>
          request.then(
            (response) => `answered ${response.type}`,
            () => 'blocked',
          );
        const body = JSON.stringify({ path: 'pages/about.json', value: { ...value, title: 'Defaced' }, base: hash });
        return {
          read: await outcome(fetch(`${editorUrl}/__editor/api/file?path=pages%2Fabout.json`)),
          save: await outcome(
            fetch(`${editorUrl}/__editor/api/save`, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }),
          ),
          remove: await outcome(
            fetch(`${editorUrl}/__editor/api/delete`, {
              method: 'POST',
              mode: 'no-cors',
              body: JSON.stringify({ path: 'pages/about.json', base: hash }),
            }),
          ),
        };
      },
      { editorUrl: session.base(), value: opened.value, hash: opened.hash },
    );
    // The browser keeps the answer from the other site; the editor writes nothing.
    expect(attempts.read).toBe('blocked');
    expect(read('pages/about.json')).toBe(before);
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
    await page.getByText('Saved pages/data-science.json.').first().waitFor();
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

  it('calls the home page Home and templates by their collection, marks drafts kept in this browser, and searches', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/expertise.json');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Our expertise, in short');
    // The draft reaches the browser's storage a moment after the last change.
    await page.waitForTimeout(600);
    await page.getByRole('link', { name: 'All pages' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();

    const home = page.locator('[data-file="pages/index.json"]');
    await expect(home.textContent()).resolves.toBe('Home');
    const title = JSON.parse(read('pages/index.json')).title as string;
    await expect(page.getByRole('row').filter({ has: home }).textContent()).resolves.toContain(`Home · ${title}`);
    // Home heads the list of pages, and on a phone the list fits the screen (long addresses wrap).
    await expect(page.locator('[data-file]').first().getAttribute('data-file')).resolves.toBe('pages/index.json');
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.locator('[data-file="pages/careers/[jobs].json"]').textContent()).resolves.toBe('Page for each job');
    await expect(page.locator('[data-file="pages/products/[products].json"]').textContent()).resolves.toBe('Page for each product');
    const marked = () =>
      page
        .getByRole('row')
        .filter({ hasText: 'Unsaved changes' })
        .locator('[data-file]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('data-file')));
    await expect.poll(marked).toEqual(['pages/expertise.json']);
    expect(await violations(page)).toEqual([]);

    const search = page.getByRole('searchbox', { name: 'Find a page' });
    const listed = () => page.locator('[data-file]').evaluateAll((links) => links.map((link) => link.getAttribute('data-file')));
    await search.fill('/careers');
    await expect.poll(listed).toEqual(['pages/careers.json', 'pages/careers/[jobs].json']);
    await page
      .getByRole('status')
      .filter({ hasText: /^2 files found\.$/ })
      .waitFor();
    await search.fill('home');
    await expect.poll(listed).toEqual(['pages/index.json']);
    await search.fill('zebra crossing');
    await expect.poll(listed).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'No file has “zebra crossing” in its title or address.' }).waitFor();
    await search.fill('');
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(20);
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

  it('starts the delete dialog on Cancel, so that Enter keeps the file', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/salesforce.json');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete pages/salesforce.json?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(existsSync(join(content, 'pages/salesforce.json'))).toBe(true);
    await page.context().close();
  });

  // Last: the site has dead links once this page is gone.
  it('deletes a page only after naming every file that links to it', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/services/api-intergration.json');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete pages/services/api-intergration.json?' });
    await expect
      .poll(() => dialog.locator('[data-dependents] li').allTextContents())
      .toEqual(['pages/_site.json', 'pages/products/commerce-platform.json', 'pages/products/tracking-suite.json']);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(existsSync(join(content, 'pages/services/api-intergration.json'))).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete the file' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    expect(existsSync(join(content, 'pages/services/api-intergration.json'))).toBe(false);
    await page.context().close();
  });
  it('asks before discarding, and Undo brings the discarded changes back', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/insights/cloud.json');
    const before = read('pages/insights/cloud.json');
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    const original = await heading.inputValue();
    await heading.fill('Cloud that pays its way');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Discard your changes to/ });
    await dialog.waitFor();
    // The safe choice has the focus: an Enter by habit keeps the changes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep editing');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await heading.inputValue()).toBe('Cloud that pays its way');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => heading.inputValue()).toBe(original);
    await expect.poll(() => page.locator('[data-announcer]').textContent()).toBe('Your changes are discarded. Undo brings them back.');
    // The Discard button is gone; the focus is on Undo, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-undo'))).toBe(true);
    // Nothing unsaved is left in the browser's storage (the page list would say so).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('page-editor:draft:pages/insights/cloud.json'))).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.inputValue()).toBe('Cloud that pays its way');
    expect(read('pages/insights/cloud.json')).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps both tabs’ changes when one page is edited in two tabs, through a reload and into the saved file', async () => {
    const { page: first } = await openEditor();
    const second = await first.context().newPage();
    second.setDefaultTimeout(10_000);
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
    await second.getByText('Saved pages/insights/cognitive.json.').first().waitFor();
    const saved = JSON.parse(read('pages/insights/cognitive.json'));
    expect(`${saved.title} | ${saved.blocks[0].heading}`).toBe(both);
    // The first tab had nothing of its own left: it opens the saved file, with no draft.
    await expect.poll(() => first.evaluate(() => localStorage.getItem('page-editor:draft:pages/insights/cognitive.json'))).toBeNull();
    await first.getByText('Your unsaved changes to this file were kept from last time.').waitFor({ state: 'hidden' });
    await first.context().close();
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
    await page.getByText('Saved pages/insights/extended-reality.json.').first().waitFor();
    expect(await focused()).toBe('Save');
    await page.getByRole('button', { name: /^Delete block 2,/ }).focus();
    await page.keyboard.press('Enter');
    // The block that took its place has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-select-block'))).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
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
    const dialog = page.getByRole('dialog', { name: 'This file changed on disk, and cannot be merged' });
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
      .getByText(/Saved pages\/insights\/business-intelligence\.json\./)
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
      .getByText(/Saved pages\/insights\/business-intelligence\.json\./)
      .first()
      .waitFor();
    expect(JSON.parse(read(path)).blocks[0].heading).toBe('Numbers people trust');
    // The three refused saves are the only errors the browser notes.
    expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
    await page.context().close();
  });
  it('removes a picture uploaded into changes that were discarded, once the page is left, unless Undo brought it back', async () => {
    const { page, errors } = await openEditor();
    await openFile(page, 'pages/digital.json');
    const media = join(content, 'public/media');
    const before = new Set(readdirSync(media));
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a picture' }).first().click();
    await (await chooser).setFiles({ name: 'team-at-work.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => readdirSync(media).filter((name) => !before.has(name)).length).toBe(1);
    const [uploaded] = readdirSync(media).filter((name) => !before.has(name));
    const discard = async () => {
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    };
    // Discarded, then brought back by Undo: leaving the page keeps the picture the draft still uses.
    await discard();
    await page.locator('[data-undo]').click();
    await page.getByRole('link', { name: 'All pages' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(existsSync(join(media, String(uploaded)))).toBe(true);
    // Discarded for good: leaving the page removes it, and nothing else.
    await openFile(page, 'pages/digital.json');
    await discard();
    await page.getByRole('link', { name: 'All pages' }).click();
    await expect.poll(() => existsSync(join(media, String(uploaded)))).toBe(false);
    expect(new Set(readdirSync(media))).toEqual(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
