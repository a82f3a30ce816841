import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, tabTo, violations } from './editor-session';

const session = editorSession('editor-undo', { git: true });
const { content, openEditor } = session;

const ANA = { name: 'Ana Müller', email: 'ana@example.com' };
const BEN = { name: 'Ben O’Neil', email: 'ben@example.org' };
const ABOUT = 'pages/about.json';

interface AboutPage {
  title: string;
  heading: string;
  description: string;
}
const about = (text = readFileSync(join(content, ABOUT), 'utf8')): AboutPage => JSON.parse(text) as AboutPage;

/** Commits a change of About by `author`, and pushes it: published by them. */
async function publishAs(author: typeof ANA, message: string, fields: Partial<AboutPage>): Promise<void> {
  writeFileSync(join(content, ABOUT), `${JSON.stringify({ ...about(), ...fields }, null, 2)}\n`);
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  await git(content, ['commit', '-q', '-m', message, '--', ABOUT], { env });
  await git(content, ['push', '-q']);
}

const focusedName = (page: Page): Promise<string> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

/** Opens About's History at `width` and waits for its versions. */
async function history(width: number) {
  const opened = await openEditor(`/history?path=${encodeURIComponent(ABOUT)}`, width);
  await opened.page.getByRole('heading', { name: /^History of /, level: 1 }).waitFor();
  await opened.page.locator('[data-version]').first().waitFor();
  return opened;
}

describe('Undo this change', () => {
  it('takes back an older version’s change by one person and keeps a later one by another, to be saved and published, keyboard only', async () => {
    const original = about();
    await publishAs(ANA, 'Headline for spring', { heading: 'Spring at Nuvora' });
    await publishAs(BEN, 'Shorter description', { description: 'Who we are and how we work, in short.' });

    const { page, errors } = await history(1366);
    await expect.poll(() => page.locator('[data-version]').count()).toBe(3);
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    // Restore first says what it would take back, and by whom; kept, nothing happens.
    await tabTo(page, '[data-version]:nth-child(3) [data-action="restore"]');
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: /^Restore the version of .* by Ada Editor\?$/ });
    await ask.waitFor();
    expect(await page.locator('[data-restore-words]').textContent()).toMatch(
      /^This takes back 2 later changes, by Ben O’Neil and Ana Müller: “Shorter description” by Ben O’Neil on .+; “Headline for spring” by Ana Müller on .+\.$/,
    );
    expect(await violations(page)).toEqual([]);
    expect(await focusedName(page)).toBe('Keep the page as it is');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'hidden' });

    // The older change, by Ana, named with its version.
    await tabTo(page, '[data-version]:nth-child(2) [data-action="undo"]');
    expect(await focusedName(page)).toMatch(/^Undo this change: Headline for spring, by Ana Müller, .*\d:\d\d/);
    await page.keyboard.press('Enter');
    const note = page.locator('[data-undone-version]');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /^Your draft takes back “Headline for spring” by Ana Müller \(.+\) and keeps every change made since\./,
    );
    expect(await violations(page)).toEqual([]);
    // Not saved until Save: the file on disk still has both changes.
    expect(about().heading).toBe('Spring at Nuvora');
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(about()).toMatchObject({ heading: original.heading, description: 'Who we are and how we work, in short.' });

    // A change to publish: Ana's taken back, Ben's kept.
    await page.goto(`${session.base()}/changes`);
    await page.locator(`[data-change="${ABOUT}"]`).waitFor();
    expect(await violations(page)).toEqual([]);
    await tabTo(page, '#publish-message');
    await page.keyboard.type('Spring headline taken back');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe('Published “About us”: visitors get it once the live site has taken it.');
    const published = about((await git(session.remote, ['show', `main:${ABOUT}`])).stdout);
    expect(published).toMatchObject({ heading: original.heading, description: 'Who we are and how we work, in short.' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('asks, on a 390 px phone, where a later change touched the same field, naming who made it, and takes the choice, keyboard only', async () => {
    const before = about();
    await publishAs(ANA, 'Title for summer', { title: 'About us this summer', heading: 'Summer at Nuvora' });
    await publishAs(BEN, 'Summer title, shorter', { title: 'Summer' });

    const { page, errors } = await history(390);
    await expect.poll(() => page.locator('[data-version] [data-action="undo"]').count()).toBeGreaterThan(1);
    expect(await violations(page)).toEqual([]);
    await tabTo(page, '[data-version]:nth-child(2) [data-action="undo"]');
    expect(await focusedName(page)).toMatch(/^Undo this change: Title for summer, by Ana Müller, /);
    await page.keyboard.press('Enter');
    const form = page.locator('[data-undo-conflicts]');
    await form.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo “Title for summer” by Ana Müller');
    const legend = form.locator('legend');
    expect(await legend.allTextContents()).toEqual([
      expect.stringMatching(/^Title, changed since by Ben O’Neil on .+ \(“Summer title, shorter”\)$/),
    ]);
    expect(await form.getByRole('radio', { name: 'Keep the later change: Summer' }).isChecked()).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // Take the title back too: the arrow keys move the choice, as in any radio group.
    await tabTo(page, '[data-undo-conflicts] input[type="radio"]');
    await page.keyboard.press('ArrowDown');
    expect(await form.getByRole('radio', { name: `Take it back: ${before.title}` }).isChecked()).toBe(true);
    await tabTo(page, '[data-undo-conflicts] button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.locator('[data-undone-version]').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    expect(about()).toMatchObject({ title: before.title, heading: before.heading });

    // Saved, not yet published: Restore says it takes that back too.
    await page.goto(`${session.base()}/history?path=${encodeURIComponent(ABOUT)}`);
    await page.locator('[data-version]:nth-child(2) [data-action="restore"]').waitFor();
    await tabTo(page, '[data-version]:nth-child(2) [data-action="restore"]');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    expect(await page.locator('[data-restore-words]').textContent()).toMatch(
      /^This takes back 1 later change: “Summer title, shorter” by Ben O’Neil on .+\. It also takes back the changes saved here and not yet published\.$/,
    );
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
