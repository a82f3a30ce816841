import AxeBuilder from '@axe-core/playwright';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { root } from '../../helpers/project';
import { collectConsole, sharedBrowser } from '../browser';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface EditorSession {
  /** The copy of the project the editor edits. */
  content: string;
  /** The editor's address, without a trailing slash. */
  base: () => string;
  editor: () => RunningEditor;
  /** A fresh editor tab (its own storage), with every console error collected. */
  openEditor(path?: string, width?: number): Promise<{ page: Page; errors: string[] }>;
  /** Opens a content file and waits until the preview shows its draft. */
  openFile(page: Page, path: string): Promise<void>;
  /** A content file as it is on disk now. */
  read(path: string): string;
  /** With `git`: the bare remote the content copy was cloned from (its branch main is the upstream). */
  remote: string;
}

export interface EditorSessionOptions {
  /**
   * Make the content copy the top of a git checkout, its content committed once and pushed to a
   * bare remote next to it (its upstream), with GIT_USER as git's user: for publishing.
   */
  git?: boolean;
  /** The live site's address (LIVE_SITE_URL), asked as the editor starts: after the test's own live site listens. */
  liveSite?: () => string;
}

/** Git's user in a session's checkout (`git: true`). */
export const GIT_USER = { name: 'Ada Editor', email: 'ada.editor@example.com' };

/** Makes `content` a checkout of a new bare remote `remote`, holding what is in it now as one commit. */
async function makeCheckout(content: string, remote: string): Promise<void> {
  await git(content, ['init', '-q', '--bare', '-b', 'main', remote]);
  await git(content, ['init', '-q', '-b', 'main']);
  await git(content, ['config', 'user.name', GIT_USER.name]);
  await git(content, ['config', 'user.email', GIT_USER.email]);
  await git(content, ['add', '-A']);
  await git(content, ['commit', '-q', '-m', 'The site as published']);
  await git(content, ['remote', 'add', 'origin', remote]);
  await git(content, ['push', '-q', '-u', 'origin', 'main']);
}

/**
 * One editor for a test file, on its own copy of pages/, schemas/ and public/ (the tests
 * change files), connected to the suite's one Chromium.
 */
export function editorSession(name: string, options: EditorSessionOptions = {}): EditorSession {
  const scratch = join(root, 'tests/.tmp', name, String(process.pid));
  const content = join(scratch, 'project');
  const remote = join(scratch, 'remote.git');
  const browser = sharedBrowser();
  let editor: RunningEditor | undefined;
  let base = '';

  beforeAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(content, folder), { recursive: true });
    if (options.git) await makeCheckout(content, remote);
    editor = await startEditor({ codeRoot: root, contentRoot: content, host: '127.0.0.1', port: 0, liveSite: options.liveSite?.() });
    base = editor.url.replace(/\/$/, '');
  });
  afterAll(async () => {
    await editor?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  return {
    content,
    base: () => base,
    editor: () => {
      if (!editor) throw new Error('The editor has not started yet.');
      return editor;
    },
    async openEditor(path = '/', width = 1440) {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = collectConsole(page);
      await page.goto(`${base}${path}`);
      return { page, errors };
    },
    async openFile(page, path) {
      await page.goto(`${base}/edit?path=${encodeURIComponent(path)}`);
      await page
        .getByRole('button', { name: /^Page settings|^Save|problem/ })
        .first()
        .waitFor();
      // The frame says when it shows the draft (its script listening for clicks); on a narrow
      // screen the preview is a tab of its own, drawn while hidden.
      await page.locator('iframe[data-preview][data-drawn]').waitFor({ state: 'attached' });
    },
    read: (path) => readFileSync(join(content, path), 'utf8'),
    remote,
  };
}

/** axe's findings on the editor's own screens (the preview frame is the site, checked by its own tests). */
export async function violations(page: Page): Promise<string[]> {
  // A dialog fades in over 300 ms: axe judges the colours once it has, not its half-transparent text midway.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).exclude('iframe[data-preview]').analyze();
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`));
}

/** axe finds nothing on this screen at 390 px or at 1366 px; the width is put back. */
export async function accessibleAtBothWidths(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 1366;
  for (const at of [390, 1366]) {
    await page.setViewportSize({ width: at, height: 900 });
    expect(await violations(page), `at ${at} px`).toEqual([]);
  }
  await page.setViewportSize({ width, height: 900 });
}

/** Presses Tab until the focus is on what `selector` finds (at most 60 times), as a keyboard user moves. */
export async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}.`);
}

/** Opens Changes at `base`, where `path` waits, writes the description and presses Publish, keyboard only. */
export async function pressPublish(page: Page, base: string, path: string, words: string): Promise<void> {
  await page.goto(`${base}/changes`);
  await page.locator(`[data-change="${path}"]`).waitFor();
  await tabTo(page, '#publish-message');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(words);
  await tabTo(page, 'form button[type="submit"]');
  await page.keyboard.press('Enter');
}
