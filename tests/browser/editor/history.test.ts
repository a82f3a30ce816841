import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, GIT_USER, tabTo, violations } from './editor-session';

const session = editorSession('editor-history', { git: true });
const { content, openEditor } = session;

const focused = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Commits a change to one file as git's user, with these words. */
async function commitEdit(path: string, edit: (text: string) => string, message: string): Promise<void> {
  const file = join(content, path);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  await git(content, ['commit', '-q', '-m', message, '--', path]);
}

const titleOf = (path: string): string => (JSON.parse(readFileSync(join(content, path), 'utf8')) as { title: string }).title;

describe('History, Compare and Restore', () => {
  it('finds a published change under its author, compares it with the version before, restores that one and publishes it, keyboard only', async () => {
    const before = titleOf('pages/about.json');
    await commitEdit('pages/about.json', (text) => text.replace(`"title": "${before}"`, '"title": "About the studio"'), 'About retitled');
    await git(content, ['push', '-q']);

    const { page, errors } = await openEditor();
    await session.openFile(page, 'pages/about.json');
    await tabTo(page, 'a[href^="/history"]');
    expect(await focused(page)).toBe('History');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'History of About the studio', level: 1 }).waitFor();

    // Newest first, each under its author; the newest is shown as the site draws it.
    const rows = page.locator('[data-version]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('About retitled');
    expect(await rows.nth(0).textContent()).toContain(GIT_USER.name);
    expect(await rows.nth(1).textContent()).toContain('The site as published');
    await page.getByRole('heading', { name: /^The version of .*, by Ada Editor$/ }).waitFor();
    await page.locator('iframe[data-preview][data-drawn]').waitFor({ state: 'attached' });

    // Compared with the one before: the title's two values, side by side, and both versions drawn.
    await tabTo(page, '[data-version]:first-child [data-action="compare"]');
    await page.keyboard.press('Enter');
    await page.locator('[data-comparison]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(await focused(page)).toMatch(/^From .* to .*$/);
    const title = page.getByRole('row', { name: /^Title/ });
    expect(await title.getByRole('cell').allTextContents()).toEqual([before, 'About the studio']);
    await expect.poll(() => page.locator('iframe[data-preview][data-drawn]').count()).toBe(2);
    expect(await page.getByRole('region', { name: /^Before: / }).count()).toBe(1);
    expect(await page.getByRole('region', { name: /^After: / }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // Each button names its version, for a list of buttons read out of their rows.
    const labels = await page
      .locator('[data-version]:nth-child(2) [data-action]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    expect(labels.map((label) => label.replace(/^(\w+): The site as published, by Ada Editor, .*\d.*$/, '$1'))).toEqual([
      'Show',
      'Restore',
    ]);
    // The version before becomes the draft: said, not saved until Save.
    await tabTo(page, '[data-version]:nth-child(2) [data-action="restore"]');
    await page.keyboard.press('Enter');
    // Asked first, with the later change it takes back and who made it.
    await page.getByRole('alertdialog', { name: /^Restore the version of .* by Ada Editor\?$/ }).waitFor();
    expect(await page.locator('[data-restore-words]').textContent()).toMatch(
      /^This takes back 1 later change: “About retitled” by Ada Editor on .+\.$/,
    );
    await tabTo(page, '[data-confirm-restore]');
    await page.keyboard.press('Enter');
    await page.locator('[data-restored-version]').waitFor();
    expect(await page.locator('[data-restored-version]').textContent()).toContain('“The site as published”');
    expect(titleOf('pages/about.json')).toBe('About the studio');
    await page.getByRole('button', { name: /^Page settings/ }).click();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(before);
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(titleOf('pages/about.json')).toBe(before);

    // Published like any change.
    await page.goto(`${session.base()}/changes`);
    await page.locator('[data-change="pages/about.json"]').waitFor();
    await tabTo(page, '#publish-message');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Back to the old title');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe(`Published “${before}”: visitors get it once the live site has taken it.`);
    const log = (await git(session.remote, ['log', '--format=%an|%s', 'main', '--', 'pages/about.json'])).stdout.trim().split('\n');
    expect(log).toEqual([
      `${GIT_USER.name}|Back to the old title`,
      `${GIT_USER.name}|About retitled`,
      `${GIT_USER.name}|The site as published`,
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a 320 px phone: versions, the compare form and both versions drawn, nothing scrolling sideways', async () => {
    const { page, errors } = await openEditor('/history?path=pages%2Fabout.json', 320);
    await page.locator('[data-version]').first().waitFor();
    await page.locator('iframe[data-preview][data-drawn]').waitFor({ state: 'attached' });
    const sideways = (): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await sideways()).toBe(false);
    // The newest version beside the file as saved, through the compare form (it works with one version as well).
    await page.locator('[data-compare-form] button[type="submit"]').click();
    await page.locator('[data-comparison]').waitFor();
    await expect.poll(() => page.locator('iframe[data-preview][data-drawn]').count()).toBe(2);
    expect(await sideways()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finds a deleted page and brings it back as a new draft, saved as it was, keyboard only', async () => {
    const path = 'pages/careers.json';
    const was = JSON.parse(readFileSync(join(content, path), 'utf8')) as { title: string };
    rmSync(join(content, path));
    await git(content, ['commit', '-q', '-m', 'Careers taken down', '--', path]);

    const { page, errors } = await openEditor();
    await page.getByRole('link', { name: 'Deleted pages' }).waitFor();
    await tabTo(page, 'a[href="/deleted"]');
    await page.keyboard.press('Enter');
    const row = page.locator(`[data-deleted="${path}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Deleted by ${GIT_USER.name}`);
    expect(await row.textContent()).toContain('“Careers taken down”');
    expect(await violations(page)).toEqual([]);
    await tabTo(page, `[data-deleted="${path}"] button`);
    expect(await focused(page)).toBe('Restore');
    await page.keyboard.press('Enter');
    await page.locator('[data-restored-version]').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(JSON.parse(readFileSync(join(content, path), 'utf8'))).toEqual(was);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('discards a file’s unpublished changes after asking, the safe choice first, keyboard only', async () => {
    const path = 'pages/testing.json';
    const published = readFileSync(join(content, path), 'utf8');
    writeFileSync(join(content, path), published.replace(/"title": "[^"]*"/, '"title": "Changed by hand"'));

    const { page, errors } = await openEditor('/changes');
    const row = page.locator(`[data-change="${path}"]`);
    await row.waitFor();
    // Before and after, as the site draws them, with the field that changed.
    const was = (JSON.parse(published) as { title: string }).title;
    await tabTo(page, `[data-change="${path}"] a[href*="compare="]`);
    expect(await focused(page)).toBe('Before and after');
    await page.keyboard.press('Enter');
    await page.locator('[data-comparison]').waitFor();
    expect(
      await page
        .getByRole('row', { name: /^Title/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual([was, 'Changed by hand']);
    expect(await page.getByRole('region', { name: 'After: as saved now' }).count()).toBe(1);
    await expect.poll(() => page.locator('iframe[data-preview][data-drawn]').count()).toBe(2);
    await page.goBack();
    await row.waitFor();
    await tabTo(page, `[data-change="${path}"] button[aria-label^="Discard"]`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Discard the changes to Changed by hand?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('“Changed by hand” goes back to its last published version.');
    expect(await focused(page)).toBe('Keep the changes');
    expect(await violations(page)).toEqual([]);
    // Kept: nothing changes.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(readFileSync(join(content, path), 'utf8')).not.toBe(published);

    await tabTo(page, `[data-change="${path}"] button[aria-label^="Discard"]`);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Discard the changes');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-publish-result]').textContent()).toBe('The changes to Changed by hand are discarded.');
    await row.waitFor({ state: 'detached' });
    expect(readFileSync(join(content, path), 'utf8')).toBe(published);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-changes-heading'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
