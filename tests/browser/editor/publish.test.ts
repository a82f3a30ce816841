import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, GIT_USER, tabTo, violations } from './editor-session';

const session = editorSession('editor-publish', { git: true });
const { content, openEditor, openFile, read } = session;

/** Changes a page's title in the editor and saves it. */
async function retitle(page: Page, path: string, title: string): Promise<void> {
  await openFile(page, path);
  await page.getByRole('button', { name: /^Page settings/ }).click();
  const field = page.getByRole('textbox', { name: 'Title', exact: true });
  await field.fill(title);
  await field.press('Control+s');
  await page.getByText('Saved.', { exact: true }).first().waitFor();
}

describe('Changes and Publish', () => {
  it('lists two pages edited in the editor and publishes both with a description, keyboard only: one commit with exactly them, pushed', async () => {
    const { page, errors } = await openEditor();
    await retitle(page, 'pages/about.json', 'About the studio');
    await retitle(page, 'pages/careers.json', 'Work with us');

    await page.goto(`${session.base()}/`);
    await page.getByRole('link', { name: 'Changes (2)' }).waitFor();
    await tabTo(page, 'a[href="/changes"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Changes (2)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Changes', level: 1 }).waitFor();
    const rows = page.locator('[data-change]');
    await expect
      .poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-change')).sort()))
      .toEqual(['pages/about.json', 'pages/careers.json']);
    // Both chosen by default; Space takes one out and puts it back.
    const about = page.getByRole('checkbox', { name: 'About the studio' });
    expect(await about.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Work with us' }).isChecked()).toBe(true);
    await tabTo(page, 'input[type="checkbox"]#change-pages\\/about\\.json');
    await page.keyboard.press('Space');
    expect(await about.isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: /^Publish/ }).textContent()).toBe('Publish 1 change');
    await page.keyboard.press('Space');
    expect(await about.isChecked()).toBe(true);

    // A description is proposed from what changed; the person writes their own.
    const description = page.getByRole('textbox', { name: 'Description of the change' });
    expect(await description.inputValue()).not.toBe('');
    expect(await page.locator('[data-author]').textContent()).toBe(`Published as ${GIT_USER.name} (${GIT_USER.email}).`);
    expect(await violations(page)).toEqual([]);
    await tabTo(page, '#publish-message');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('New titles for About and Careers');
    await tabTo(page, 'button[type="submit"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Publish 2 changes');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe('Published “About the studio” and “Work with us”: visitors get them once the live site has taken them.');
    await expect.poll(() => page.locator('[data-nothing-waiting]').textContent()).toBe('Nothing else waits to be published.');

    const commit = async (folder: string, ref: string) =>
      (await git(folder, ['log', '-1', '--format=%an <%ae>%n%B', '--name-only', ref])).stdout.split('\n').filter(Boolean);
    const expected = [`${GIT_USER.name} <${GIT_USER.email}>`, 'New titles for About and Careers', 'pages/about.json', 'pages/careers.json'];
    expect(await commit(content, 'HEAD')).toEqual(expected);
    expect(await commit(session.remote, 'main')).toEqual(expected);
    // One commit on top of what was published before, and the files are what the editor saved.
    expect((await git(content, ['rev-list', '--count', 'HEAD'])).stdout.trim()).toBe('2');
    expect(JSON.parse(read('pages/about.json')).title).toBe('About the studio');
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('will not publish a file with problems: its box is off and unavailable, and its link opens it with the cursor at the problem', async () => {
    const file = join(content, 'pages/careers.json');
    const published = readFileSync(file, 'utf8');
    writeFileSync(file, published.replace(/"title": "[^"]*"/, '"title": ""'));
    try {
      const { page, errors } = await openEditor('/changes');
      const box = page.locator('input#change-pages\\/careers\\.json');
      await box.waitFor();
      expect([await box.isChecked(), await box.isDisabled()]).toEqual([false, true]);
      expect(await page.locator('[data-change="pages/careers.json"]').textContent()).toContain('1 problem, so it cannot be published yet');
      expect(await page.getByRole('button', { name: /^Publish/ }).isDisabled()).toBe(true);
      expect(await violations(page)).toEqual([]);
      await tabTo(page, 'a[href="/edit?path=pages%2Fcareers.json&problem=first"]');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id)).toBe('root_title');
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      writeFileSync(file, published);
    }
  });

  it('shows a field someone else published meanwhile with both values, and publishes the one chosen, keyboard only', async () => {
    const other = mkdtempSync(join(tmpdir(), 'editor-publish-other-'));
    try {
      await git(other, ['clone', '-q', session.remote, 'checkout']);
      const theirs = join(other, 'checkout');
      const about = join(theirs, 'pages/about.json');
      writeFileSync(about, readFileSync(about, 'utf8').replace(/"title": "[^"]*"/, '"title": "About, from elsewhere"'));
      await git(theirs, ['-c', 'user.name=Other', '-c', 'user.email=other@example.com', 'commit', '-q', '-am', 'Their title']);
      await git(theirs, ['push', '-q', 'origin', 'main']);

      const { page, errors } = await openEditor();
      await retitle(page, 'pages/about.json', 'About, from here');
      await page.goto(`${session.base()}/changes`);
      await page.locator('[data-change="pages/about.json"]').waitFor();
      await tabTo(page, '#publish-message');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Our title');
      await tabTo(page, 'button[type="submit"]');
      await page.keyboard.press('Enter');
      const conflict = page.locator('[data-publish-conflicts] fieldset');
      await conflict.waitFor();
      expect(await conflict.locator('legend').textContent()).toBe('Title');
      // The page by its title, and the colleague by name, with when.
      expect(await page.locator('[data-publish-conflicts] h2').textContent()).toBe('About, from here');
      expect(await page.locator('[data-conflict-by]').textContent()).toMatch(
        /^Other published a change to it on .+, after the version yours started from\.$/,
      );
      expect(await conflict.getByRole('radio', { name: 'Yours: About, from here' }).isChecked()).toBe(true);
      expect(await conflict.getByRole('radio', { name: 'On the server: About, from elsewhere' }).isChecked()).toBe(false);
      // One way on: the plain Publish button waits until the choices are made.
      await expect(page.getByRole('button', { name: /^Publish \d+ change/ }).count()).resolves.toBe(0);
      expect(await violations(page)).toEqual([]);
      await tabTo(page, '[data-publish-conflicts] input[type="radio"]');
      await page.keyboard.press('ArrowDown');
      expect(await conflict.getByRole('radio', { name: 'On the server: About, from elsewhere' }).isChecked()).toBe(true);
      // Leaving Changes and coming back loses neither the description nor the choice.
      await page.goto(`${session.base()}/`);
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      await page.goto(`${session.base()}/changes`);
      await conflict.waitFor();
      expect(await conflict.getByRole('radio', { name: 'On the server: About, from elsewhere' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Description of the change' }).inputValue()).toBe('Our title');
      await tabTo(page, '[data-publish-conflicts] button[type="submit"]');
      await page.keyboard.press('Enter');
      // Published with theirs, which it names: whose change came in, to which page, and when.
      await expect
        .poll(() => page.locator('[data-publish-result]').textContent())
        .toMatch(
          /^Published “About, from here”: visitors get it once the live site has taken it\. Also on the site now: Other’s change to About, from (elsewhere|here) \(.+\)\.$/,
        );

      // Both commits are on the remote, theirs under ours, and the value chosen is what is published.
      const log = (await git(session.remote, ['log', '-2', '--format=%s', 'main'])).stdout.trim().split('\n');
      expect(log).toEqual(['Our title', 'Their title']);
      const onServer = (await git(session.remote, ['show', 'main:pages/about.json'])).stdout;
      expect(JSON.parse(onServer).title).toBe('About, from elsewhere');
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('asks who publishes when git knows no one, keeps the answer, and shows a push the server refuses in its words', async () => {
    const hook = join(session.remote, 'hooks/pre-receive');
    const config = mkdtempSync(join(tmpdir(), 'editor-publish-config-'));
    const saved = { global: process.env.GIT_CONFIG_GLOBAL, nosystem: process.env.GIT_CONFIG_NOSYSTEM };
    writeFileSync(join(config, 'gitconfig'), '');
    process.env.GIT_CONFIG_GLOBAL = join(config, 'gitconfig');
    process.env.GIT_CONFIG_NOSYSTEM = '1';
    await git(content, ['config', '--unset', 'user.name']);
    await git(content, ['config', '--unset', 'user.email']);
    writeFileSync(hook, '#!/bin/sh\necho "Publishing is closed for the holidays." >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    try {
      const { page, errors } = await openEditor();
      await retitle(page, 'pages/data-science.json', 'Data science, in production');
      await page.goto(`${session.base()}/changes`);
      await page.locator('[data-change="pages/data-science.json"]').waitFor();
      await tabTo(page, '#publish-message');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Data science retitled');
      await tabTo(page, '#publish-name');
      await page.keyboard.type('Grace Marketer');
      await page.keyboard.press('Tab');
      await page.keyboard.type('grace@example.com');
      expect(await violations(page)).toEqual([]);
      await tabTo(page, 'form button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('[data-publish-result]').textContent())
        .toMatch(/^Saved here, but not yet published\. The server that keeps the published site refused the change: /);
      await page.getByText('Publishing is closed for the holidays.').waitFor();
      await expect.poll(() => page.locator('[data-change="pages/data-science.json"]').textContent()).toContain('not yet published');
      expect(await page.evaluate(() => localStorage.getItem('page-editor:author'))).toBe(
        JSON.stringify({ name: 'Grace Marketer', email: 'grace@example.com' }),
      );
      const local = (await git(content, ['log', '-1', '--format=%an <%ae>%n%s'])).stdout.trim();
      expect(local).toBe('Grace Marketer <grace@example.com>\nData science retitled');
      expect((await git(session.remote, ['log', '-1', '--format=%s', 'main'])).stdout.trim()).not.toBe('Data science retitled');
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      rmSync(hook, { force: true });
      await git(content, ['config', 'user.name', GIT_USER.name]);
      await git(content, ['config', 'user.email', GIT_USER.email]);
      for (const [name, value] of [
        ['GIT_CONFIG_GLOBAL', saved.global],
        ['GIT_CONFIG_NOSYSTEM', saved.nosystem],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      rmSync(config, { recursive: true, force: true });
    }
  });
});
