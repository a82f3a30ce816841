/**
 * Review before it goes live, with two editors on two clones of one bare remote, keyboard only:
 * the first asks for review from Changes; the second sees it under Reviews, compares the page,
 * and asks for a change; the first sends a new version; the second approves, and the commit on
 * the remote names both people. axe finds nothing on the new screens at 390 and 1366 px.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { root } from '../../helpers/project';
import { editorSession, GIT_USER, tabTo, violations } from './editor-session';

const session = editorSession('editor-review', { git: true });
const ABOUT = 'pages/about.json';
const REVIEWER = { name: 'Rui Reviewer', email: 'rui.reviewer@example.com' };

/** Changes About's title through the editor's own API and saves it, as the page editor does. */
async function saveTitle(page: Page, title: string): Promise<void> {
  const saved = await page.evaluate(
    async ({ path, title }) => {
      const api = '/__editor/api';
      const opened = (await (await fetch(`${api}/file?path=${encodeURIComponent(path)}`)).json()) as { hash: string; value: object };
      const response = await fetch(`${api}/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path, value: { ...opened.value, title }, base: opened.hash }),
      });
      return ((await response.json()) as { status: string }).status;
    },
    { path: ABOUT, title },
  );
  expect(saved).toBe('saved');
}

/** Types `text` into the field `selector` reached by Tab, replacing what it held. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

describe('review before publishing', () => {
  it('is asked for in one editor, answered and approved in another, keyboard only; the published commit names both', async () => {
    const second = join(session.content, '..', 'second');
    await git(join(session.content, '..'), ['clone', '-q', session.remote, second]);
    await git(second, ['config', 'user.name', REVIEWER.name]);
    await git(second, ['config', 'user.email', REVIEWER.email]);
    let reviewer: RunningEditor | undefined;
    try {
      reviewer = await startEditor({ codeRoot: root, contentRoot: second, host: '127.0.0.1', port: 0 });
      const reviewerBase = reviewer.url.replace(/\/$/, '');

      // The author, on a phone, asks for review from Changes.
      const { page: author, errors: authorErrors } = await session.openEditor('/', 390);
      await saveTitle(author, 'About the studio');
      await author.goto(`${session.base()}/changes`);
      await author.getByRole('heading', { name: 'Changes', level: 1 }).waitFor();
      await author.locator('[data-change]').first().waitFor();
      await typeInto(author, '#publish-message', 'About: a new title');
      await tabTo(author, '[data-ask-review]');
      await author.keyboard.press('Enter');
      await expect.poll(() => author.locator('[data-review-asked]').textContent()).toMatch(/^Sent for review: About the studio\./);
      expect(await violations(author)).toEqual([]);
      // Nothing was published: the remote's main is as it was.
      expect((await git(session.remote, ['log', '--format=%s', 'main'])).stdout.trim()).toBe('The site as published');

      // The reviewer sees it under Reviews, opens it and reads the comparison.
      for (const width of [390, 1366]) {
        const context = await reviewerPage(reviewerBase, width);
        await context.page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
        await context.page.locator('[data-reviews] li').first().waitFor();
        expect(await context.page.locator('[data-review-state]').first().textContent()).toBe('Waiting for review · About the studio');
        expect(await violations(context.page)).toEqual([]);
        await context.page.context().close();
      }
      const { page: review, errors: reviewErrors } = await reviewerPage(reviewerBase, 1366);
      await review.locator('[data-reviews] li').first().waitFor();
      await tabTo(review, '[data-reviews] a');
      await review.keyboard.press('Enter');
      await review.getByRole('heading', { name: 'Review: About: a new title', level: 1 }).waitFor();
      await review.locator('[data-review-page="pages/about.json"] [data-comparison]').waitFor();
      expect(await review.locator('[data-review-page="pages/about.json"]').textContent()).toContain('About the studio');
      expect(await violations(review)).toEqual([]);
      await typeInto(review, '#review-note', 'Say "About our studio" instead.');
      await review.keyboard.press('Tab');
      expect(await review.evaluate(() => document.activeElement?.textContent)).toBe('Ask for changes');
      await review.keyboard.press('Enter');
      await expect.poll(() => review.locator('[data-review-said]').textContent()).toBe('Your note was sent.');
      expect(await review.getByRole('heading', { name: 'Changes asked for', level: 2 }).count()).toBe(1);

      // The author reads the note on the review at 390 px, changes the page and sends the new version.
      await saveTitle(author, 'About our studio');
      await author.goto(`${session.base()}/reviews`);
      await author.locator('[data-reviews] a').first().waitFor();
      await tabTo(author, '[data-reviews] a');
      await author.keyboard.press('Enter');
      await author.locator('[data-review-steps]').getByText('Say "About our studio" instead.').waitFor();
      expect(await violations(author)).toEqual([]);
      await typeInto(author, '#review-update', 'About: as asked');
      await author.keyboard.press('Tab');
      await author.keyboard.press('Enter');
      await expect.poll(() => author.locator('[data-review-said]').textContent()).toBe('Your new version was sent for review.');

      // The reviewer sees the new version and approves it.
      await review.reload();
      await review.locator('[data-review-page="pages/about.json"] [data-comparison]').waitFor();
      expect(await review.locator('[data-review-steps] li').count()).toBe(3);
      await tabTo(review, '[data-approve]');
      await review.keyboard.press('Enter');
      await expect
        .poll(() => review.locator('[data-review-said]').textContent())
        .toBe('Approved and published. Visitors see it once the site has been built again.');
      const [authorLine, committerLine, message] = (
        await git(session.remote, ['log', '-1', '--format=%an <%ae>%x00%cn <%ce>%x00%B', 'main'])
      ).stdout.split('\0');
      expect(authorLine).toBe(`${GIT_USER.name} <${GIT_USER.email}>`);
      expect(committerLine).toBe(`${REVIEWER.name} <${REVIEWER.email}>`);
      expect(message).toMatch(/^About: a new title\n\nReview: [0-9a-f-]+\nApproved-by: Rui Reviewer <rui.reviewer@example.com>/);
      expect(JSON.parse((await git(session.remote, ['show', `main:${ABOUT}`])).stdout).title).toBe('About our studio');
      expect(await review.getByRole('heading', { name: 'Approved and published', level: 2 }).count()).toBe(1);
      expect(await violations(review)).toEqual([]);
      expect([...authorErrors, ...reviewErrors]).toEqual([]);
    } finally {
      await reviewer?.close();
    }
  });
});

/** A fresh tab (its own storage, console errors collected) on the reviewer's editor, at its Reviews list. */
async function reviewerPage(base: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const opened = await session.openEditor('/', width);
  await opened.page.goto(`${base}/reviews`);
  return opened;
}
