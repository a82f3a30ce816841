/**
 * Two editors on two clones of one bare remote: the second, with Home open, is told who published
 * it meanwhile and when, before saving; it brings their change into its draft, keeping its own,
 * saves and publishes, and the site has both. Keyboard only, axe at 390 and 1366 px.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { root } from '../../helpers/project';
import { editorSession, GIT_USER, tabTo, violations } from './editor-session';

const session = editorSession('editor-colleagues', { git: true });
const HOME = 'pages/index.json';
const HOME_TITLE = 'Software and Agentic AI services';
const SECOND = { name: 'Sam Second', email: 'sam.second@example.com' };

/** The first editor changes Home's "Our Expertise" heading and publishes it, through its own server, as its page does. */
async function firstPublishes(page: Page, heading: string): Promise<void> {
  const result = await page.evaluate(
    async ({ path, heading }) => {
      const api = '/__editor/api';
      const opened = (await (await fetch(`${api}/file?path=${encodeURIComponent(path)}`)).json()) as {
        hash: string;
        value: { blocks: { heading?: string }[] };
      };
      const block = opened.value.blocks.find((each) => each.heading === 'Our Expertise' || each.heading?.startsWith('What we'));
      if (block) block.heading = heading;
      const post = (name: string, body: unknown) =>
        fetch(`${api}/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
          (response) => response.json() as Promise<{ status: string }>,
        );
      const saved = await post('save', { path, value: opened.value, base: opened.hash });
      const published = await post('publish', { paths: [path], message: `Home: ${heading}` });
      return `${saved.status} ${published.status}`;
    },
    { path: HOME, heading },
  );
  expect(result).toBe('saved published');
}

/** Opens `path` in the editor at `base` and waits until its preview shows the draft. */
async function openIn(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}/edit?path=${encodeURIComponent(path)}`);
  await page
    .getByRole('button', { name: /^Page settings/ })
    .first()
    .waitFor();
  await page.locator('iframe[data-preview][data-drawn]').waitFor({ state: 'attached' });
}

describe('colleagues in the page editor', () => {
  it('tells the second editor who published Home and when, before saving; it brings the change in, saves and publishes both', async () => {
    const second = join(session.content, '..', 'second');
    await git(join(session.content, '..'), ['clone', '-q', session.remote, second]);
    await git(second, ['config', 'user.name', SECOND.name]);
    await git(second, ['config', 'user.email', SECOND.email]);
    let editor: RunningEditor | undefined;
    try {
      editor = await startEditor({ codeRoot: root, contentRoot: second, host: '127.0.0.1', port: 0 });
      const secondBase = editor.url.replace(/\/$/, '');
      for (const [width, heading, title] of [
        [390, 'What we do', 'Agentic AI services'],
        [1366, 'What we build', 'Software and AI services'],
      ] as const) {
        const first = await session.openEditor('/', width);
        const { page, errors } = await session.openEditor('/', width);
        await openIn(page, secondBase, HOME);
        // Home is open in the second editor; the first publishes a change to it now.
        await firstPublishes(first.page, heading);
        await first.page.context().close();
        const date = (await git(session.remote, ['log', '-1', '--format=%cI', 'main'])).stdout.trim();
        const time = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso)), date);
        // The second editor changes the title, keyboard only, and is told before saving.
        await page.getByRole('button', { name: /^Page settings/ }).focus();
        await page.keyboard.press('Enter');
        const field = page.getByRole('textbox', { name: 'Title', exact: true });
        await field.focus();
        await page.keyboard.press('Control+a');
        await page.keyboard.type(title);
        const note = page.locator('[data-colleagues]');
        await note.waitFor();
        // The page by its title as saved (the one the second editor published last time, the second time round).
        const saved = width === 390 ? HOME_TITLE : 'Agentic AI services';
        expect(await note.locator('span').first().textContent()).toBe(
          `${GIT_USER.name} published ${saved} at ${time} since you opened it.`,
        );
        expect(await violations(page)).toEqual([]);
        await tabTo(page, '[data-colleagues] button');
        await page.keyboard.press('Enter');
        await page.getByText(`${GIT_USER.name}’s change is in your draft now`, { exact: false }).first().waitFor();
        await expect.poll(() => note.count()).toBe(0);
        // Their heading is in the draft, the person's own title kept.
        expect(await field.inputValue()).toBe(title);
        await page.keyboard.press('Control+s');
        await page.getByText('Saved.', { exact: true }).first().waitFor();
        await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
        await tabTo(page, '[data-publish-page]');
        await page.keyboard.press('Enter');
        await page.getByRole('dialog').waitFor();
        await tabTo(page, 'form button[type="submit"]');
        await page.keyboard.press('Enter');
        await page.getByText(`Published “${title}”: visitors get it once the live site has taken it.`).waitFor();
        expect(await violations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
        // The site has both: the first editor's heading and the second's title, the second's publish on top.
        const home = JSON.parse((await git(session.remote, ['show', `main:${HOME}`])).stdout) as {
          title: string;
          blocks: { heading?: string }[];
        };
        expect(home.title).toBe(title);
        expect(home.blocks.map((block) => block.heading)).toContain(heading);
        expect((await git(session.remote, ['log', '-2', '--format=%an', 'main'])).stdout.trim().split('\n')).toEqual([
          SECOND.name,
          GIT_USER.name,
        ]);
      }
    } finally {
      await editor?.close();
    }
  });

  it('names who changed the same field, and when, as it brings their change in; the person keeps theirs, keyboard only', async () => {
    const third = join(session.content, '..', 'third');
    await git(join(session.content, '..'), ['clone', '-q', session.remote, third]);
    const blocks = (JSON.parse(readFileSync(join(third, HOME), 'utf8')) as { blocks: { heading?: string }[] }).blocks;
    const index = blocks.findIndex((block) => block.heading === 'Our Expertise' || block.heading?.startsWith('What we'));
    expect(index).toBeGreaterThan(0);
    let editor: RunningEditor | undefined;
    try {
      editor = await startEditor({ codeRoot: root, contentRoot: third, host: '127.0.0.1', port: 0 });
      const first = await session.openEditor('/', 390);
      const { page, errors } = await session.openEditor('/', 390);
      await openIn(page, editor.url.replace(/\/$/, ''), HOME);
      await firstPublishes(first.page, 'What we deliver');
      await first.page.context().close();
      const date = (await git(session.remote, ['log', '-1', '--format=%cI', 'main'])).stdout.trim();
      const time = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso)), date);
      // The same heading, changed here too.
      await page.locator(`[data-select-block="${index}"]`).focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
      await heading.focus();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('What we make');
      await page.locator('[data-colleagues]').waitFor();
      // The note is above the field: back up to it.
      for (let presses = 0; presses < 80; presses += 1) {
        if (await page.evaluate(() => document.activeElement?.matches('[data-colleagues] button') ?? false)) break;
        await page.keyboard.press('Shift+Tab');
      }
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'A colleague changed the same fields' });
      await dialog.waitFor();
      const title = JSON.parse(readFileSync(join(third, HOME), 'utf8')).title as string;
      expect(await dialog.locator('p').first().textContent()).toBe(
        `${GIT_USER.name} published ${title} at ${time} since you opened it. They changed a field you changed too: choose which to keep, then save. Their other changes are merged with yours already.`,
      );
      const choice = dialog.getByRole('group', { name: `Block ${index + 1} (Card grid), Heading` });
      await expect.poll(() => choice.getByRole('radio', { name: 'Yours: What we make' }).isChecked()).toBe(true);
      expect(await violations(page)).toEqual([]);
      // Theirs, by the arrow key, then save.
      await choice.getByRole('radio', { name: 'Yours: What we make' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => choice.getByRole('radio', { name: 'Theirs: What we deliver' }).isChecked()).toBe(true);
      await tabTo(page, 'dialog[open] button:not([aria-label])');
      await page.keyboard.press('Enter');
      await page
        .getByText(/(^|\s)Saved\.$/)
        .first()
        .waitFor();
      const saved = JSON.parse(readFileSync(join(third, HOME), 'utf8')) as { blocks: { heading?: string }[] };
      expect(saved.blocks[index]?.heading).toBe('What we deliver');
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await editor?.close();
    }
  });
});
