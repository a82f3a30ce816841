/** The visual editor's files: the page list and its search, discarding, deleting, uploads left behind, and who may reach them. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-files');
const { content, openEditor, openFile, read } = session;

describe('the visual editor', () => {
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
      .filter({ hasText: /^2 pages found\.$/ })
      .waitFor();
    await search.fill('home');
    await expect.poll(listed).toEqual(['pages/index.json']);
    await search.fill('zebra crossing');
    await expect.poll(listed).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'No page has “zebra crossing” in its title or address.' }).waitFor();
    await search.fill('');
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(20);
    await page.context().close();
  });

  it('starts the delete dialog on Cancel, so that Enter keeps the file', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/salesforce.json');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete “${JSON.parse(read('pages/salesforce.json')).title}”?` });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(existsSync(join(content, 'pages/salesforce.json'))).toBe(true);
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
    // What was done to it, said where the person is: this one had nothing to take out.
    await page.getByRole('status').filter({ hasText: 'Kept as it was, 1 KB.' }).waitFor();
    // Listed with its size and weight.
    expect(await page.locator('option', { hasText: '/media/team-at-work.png (1×1, 1 KB)' }).count()).toBeGreaterThan(0);
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

  // Last: the site has dead links once this page is gone.
  it("deletes a page only after naming, in a visitor's words, every place that links to it", async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/services/api-intergration.json');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete “${JSON.parse(read('pages/services/api-intergration.json')).title}”?` });
    await expect
      .poll(() => dialog.locator('[data-dependents] li').allTextContents())
      .toEqual([
        'the menu (Services › Design & Data › API integration)',
        'the “Commerce platform” page (Platform features › ERP and POS integration)',
        'the “Tracking suite” page (Modules › Open APIs)',
      ]);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(existsSync(join(content, 'pages/services/api-intergration.json'))).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete the page' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    expect(existsSync(join(content, 'pages/services/api-intergration.json'))).toBe(false);
    await page.context().close();
  });
});
