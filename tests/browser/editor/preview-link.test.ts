/**
 * A review's preview link, as a team meets it: a bare remote holding this project, the live
 * server following it with its preview server (`npm start -- --follow`, PREVIEW_PORT), and Ada's
 * editor on a clone, which knows the preview server's address and shares its secret. Ada asks for
 * review, shares a link from the review's page and revokes it, keyboard only, axe at 390 and 1366
 * px; the link opened in a fresh browser at 390 px shows the proposed headline with the preview's
 * banner and noindex, then 404 once revoked; a link past its time answers 410.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { signPreview } from '../../../scripts/publish/review/read-preview';
import { freePort } from '../../../scripts/tooling/free-port';
import type { Cleanups } from '../../helpers/follow-checkout';
import { projectClones, startLiveSite } from '../../helpers/project-clones';
import { root } from '../../helpers/project';
import { collectConsole, sharedBrowser } from '../browser';
import { accessibleAtBothWidths, tabTo, violations } from './editor-session';

const SECRET = 'the preview secret of the browser test';
const ADA = { name: 'Ada Lind', email: 'ada@example.com' };
const ABOUT = 'pages/about.json';

const cleanups: Cleanups = [];
const browser = sharedBrowser();
let project: Awaited<ReturnType<typeof projectClones<'ada'>>>;
let live: Awaited<ReturnType<typeof startLiveSite>>;
let previews = '';
let editor: RunningEditor;

beforeAll(async () => {
  project = await projectClones(cleanups, ['ada'] as const);
  await git(project.clones.ada, ['config', 'user.name', ADA.name]);
  await git(project.clones.ada, ['config', 'user.email', ADA.email]);
  const port = await freePort();
  previews = `http://127.0.0.1:${port}`;
  live = await startLiveSite(cleanups, project.site, project.work, ['--follow', '--no-build'], {
    PREVIEW_PORT: String(port),
    PREVIEW_LINK_SECRET: SECRET,
  });
  await live.liveWhen(project.head, 'live');
  editor = await startEditor({
    codeRoot: root,
    contentRoot: project.clones.ada,
    host: '127.0.0.1',
    port: 0,
    liveSite: live.base,
    preview: { site: previews, secret: SECRET },
  });
  cleanups.push(() => editor.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a preview link', () => {
  it('is shared from the review and revoked, keyboard only; opened on a phone it shows the proposed headline, then 404; past its time, 410', async () => {
    const file = join(project.clones.ada, ABOUT);
    const about = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { heading?: string }[] };
    const first = about.blocks.findIndex((block) => block.heading === 'Who we are');
    expect(first).toBeGreaterThanOrEqual(0);
    about.blocks[first] = { ...about.blocks[first], heading: 'Who we are, in one line' };
    writeFileSync(file, `${JSON.stringify(about, null, 2)}\n`);
    const base = editor.url.replace(/\/$/, '');
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = collectConsole(page);
    await page.goto(`${base}/`);
    // Asked as Changes asks (the review's page is what this test is about).
    const answer = await page.evaluate(async (path) => {
      const asked = await fetch('/__editor/api/ask-review', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ paths: [path], message: 'About: a one-line heading' }),
      });
      return (await asked.json()) as { status: string; review: { id: string } };
    }, ABOUT);
    expect(answer.status).toBe('stored');
    await page.goto(`${base}/review?id=${answer.review.id}`);
    await page.getByRole('heading', { name: 'Preview link', level: 2 }).waitFor();
    await tabTo(page, '[data-share-preview]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-review-said]').textContent()).toBe('A new preview link is ready: copy it and send it.');
    const field = page.locator('[data-preview-link] input');
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${previews}/__preview/[\\w-]+\\.[\\w-]+/about$`));
    // The page weighed on the live build and the preview's, against its budget; the site's check passed.
    await expect
      .poll(() => page.locator(`[data-review-weight="${ABOUT}"]`).textContent())
      .toMatch(/^First-load JavaScript \d+\.\d KB of the \d+ KB allowed, was \d+\.\d KB\. Pictures \d+\.\d KB, was \d+\.\d KB\.$/);
    expect(await page.locator('[data-review-verdict]').textContent()).toBe(
      'The site’s check passed on this version, with everything published since.',
    );
    await accessibleAtBothWidths(page);

    // A reviewer without the editor opens it on a phone: the proposed headline, the banner, noindex.
    const phone = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const reviewer = await phone.newPage();
    await expect
      .poll(async () => {
        await reviewer.goto(link);
        return reviewer.getByRole('heading', { name: 'Who we are, in one line' }).count();
      })
      .toBe(1);
    expect(await reviewer.getByRole('region', { name: 'Preview' }).textContent()).toContain('About: a one-line heading');
    expect(await reviewer.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(new URL(reviewer.url()).pathname).toBe('/about');
    for (const width of [390, 1366]) {
      await reviewer.setViewportSize({ width, height: 844 });
      expect(await violations(reviewer), `the preview at ${width} px`).toEqual([]);
    }
    // The live site still has the published heading.
    expect(await (await fetch(`${live.base}/about`)).text()).not.toContain('Who we are, in one line');

    // Revoked from the review, keyboard only: the link answers 404.
    await tabTo(page, '[data-preview-link] button[aria-label^="Revoke"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-review-said]').textContent()).toBe('The link was revoked: it no longer opens the preview.');
    expect(await page.locator('[data-preview-link]').count()).toBe(0);
    await accessibleAtBothWidths(page);
    await expect.poll(async () => (await fetch(link, { redirect: 'manual' })).status).toBe(404);
    // The reviewer's browser, opening the link again, is told in words; axe finds nothing on that page either.
    await reviewer.goto(link);
    await reviewer.getByRole('heading', { name: 'This preview link does not work', level: 1 }).waitFor();
    for (const width of [390, 1366]) {
      await reviewer.setViewportSize({ width, height: 844 });
      expect(await violations(reviewer), `the refusal at ${width} px`).toEqual([]);
    }
    await phone.close();

    // A link whose time is up answers 410: its token, signed as the editor signs it, expired a second ago.
    const token = decodeURIComponent(new URL(link).pathname.split('/')[2] ?? '');
    const claim = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Parameters<typeof signPreview>[1];
    const expired = signPreview(SECRET, { ...claim, expires: Date.now() - 1000 });
    expect((await fetch(`${previews}/__preview/${expired}/about`, { redirect: 'manual' })).status).toBe(410);

    // With approval required by the site's review settings, Changes offers Ask for review and no Publish to Ada, who is no reviewer.
    writeFileSync(
      join(project.clones.ada, 'scripts/review-settings.json'),
      JSON.stringify({ approvalRequired: true, linkDays: 7, reviewers: [{ name: 'Rui Reviewer', email: 'rui@example.com' }] }),
    );
    await page.goto(`${base}/changes`);
    await page.locator('[data-change]').first().waitFor();
    await expect
      .poll(() => page.locator('[data-approval-needed]').textContent())
      .toBe('On this site a reviewer approves each change before it is published: send it with Ask for review. Reviewers: Rui Reviewer.');
    expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    expect(await page.locator('[data-ask-review]').count()).toBe(1);
    await accessibleAtBothWidths(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
