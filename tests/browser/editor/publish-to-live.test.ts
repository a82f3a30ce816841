/**
 * "Published" means live (issue 36), as a team meets it: a bare remote holding this project, the
 * live server following it (`npm start -- --follow`: it fetches the remote itself and builds each
 * new version for real), and two editors, Ada's and Ben's, each on a clone of its own, told where
 * the live site is. Keyboard only; axe at 390 and 1366 px. The follower builds after every publish:
 * minutes under load, which the waits allow.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { git } from '../../../scripts/publish/git/git';
import { liveReasons } from '../../../scripts/site-server/follow/live-reasons';
import type { Cleanups } from '../../helpers/follow-checkout';
import { projectClones, startLiveSite } from '../../helpers/project-clones';
import { root } from '../../helpers/project';
import { collectConsole, sharedBrowser } from '../browser';
import { accessibleAtBothWidths, pressPublish, tabTo } from './editor-session';

const PEOPLE = {
  ada: { name: 'Ada Lind', email: 'ada@example.com' },
  ben: { name: 'Ben Okafor', email: 'ben@example.org' },
} as const;
type Person = keyof typeof PEOPLE;

const cleanups: Cleanups = [];
const browser = sharedBrowser();
let project: Awaited<ReturnType<typeof projectClones<Person>>>;
let live: Awaited<ReturnType<typeof startLiveSite>>;
const editors = {} as Record<Person, RunningEditor>;

beforeAll(async () => {
  project = await projectClones(cleanups, ['ada', 'ben'] as const);
  for (const person of ['ada', 'ben'] as const) {
    await git(project.clones[person], ['config', 'user.name', PEOPLE[person].name]);
    await git(project.clones[person], ['config', 'user.email', PEOPLE[person].email]);
  }
  live = await startLiveSite(cleanups, project.site, project.work, ['--follow', '--no-build']);
  await live.liveWhen(project.head, 'live');
  for (const person of ['ada', 'ben'] as const) {
    editors[person] = await startEditor({
      codeRoot: root,
      contentRoot: project.clones[person],
      host: '127.0.0.1',
      port: 0,
      liveSite: live.base,
    });
    cleanups.push(() => editors[person].close());
  }
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const base = (person: Person): string => editors[person].url.replace(/\/$/, '');
const file = (person: Person, path: string): string => join(project.clones[person], path);
const remoteHead = async (): Promise<string> => (await git(project.remote, ['rev-parse', 'main'])).stdout.trim();
const liveText = async (path: string): Promise<{ status: number; text: string }> => {
  const answer = await fetch(`${live.base}${path}`);
  return { status: answer.status, text: await answer.text() };
};

/** A tab of `person`'s editor at `width`, every console error collected. */
async function open(person: Person, path: string, width: number) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = collectConsole(page);
  await page.goto(`${base(person)}${path}`);
  return { page, errors };
}

/** Presses Tab until the focus is on the control that reads `text`, as a keyboard user moves. */
async function tabToText(page: Page, text: string): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    const name = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
    });
    if (name === text) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached “${text}”.`);
}

const liveWords = (page: Page): Promise<string | null> => page.locator('[data-live-words]').first().textContent();

/** Sets `field` of a page file, as a save does. */
function setField(person: Person, path: string, field: string, value: string): void {
  const page = JSON.parse(readFileSync(file(person, path), 'utf8')) as Record<string, unknown>;
  writeFileSync(file(person, path), `${JSON.stringify({ ...page, [field]: value }, null, 2)}\n`);
}

describe('from Publish to the live site, with two editors and the live server following one remote', () => {
  it('cannot publish a page deletion the menu still links to as it is; with the offered menu fix it goes live, and the editor says so', async () => {
    const { page, errors } = await open('ada', `/edit?path=${encodeURIComponent('pages/testing.json')}`, 1366);
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await tabToText(page, 'Delete');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: /^Delete “Testing services”\?$/ }).waitFor();
    await tabToText(page, 'Delete the page');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();

    await pressPublish(page, base('ada'), 'pages/testing.json', 'No more testing page');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe(
        'Nothing was published: “Testing services” cannot be taken off the site yet: the menu (Services › Design & Data › Testing) still links to it. It can be published with that link taken out, or the page kept.',
      );
    await accessibleAtBothWidths(page);
    await tabTo(page, 'button[data-take-out-links]');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe('Published “Testing services”, with the links to it taken out: visitors get it once the live site has taken it.');
    const commit = await remoteHead();
    await expect.poll(() => liveWords(page)).toMatch(/^Live at \d{1,2}[:.]\d\d/);
    await accessibleAtBothWidths(page);
    expect((await live.live(commit)).state).toBe('live');
    expect((await liveText('/testing')).status).toBe(404);
    expect((await liveText('/')).text).not.toContain('href="/testing"');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says "Live at" with the live page’s link; "Undo this change" takes back only that change, and a later colleague’s change stays on the live site', async () => {
    const ABOUT = 'pages/about.json';
    const original = JSON.parse(readFileSync(file('ada', ABOUT), 'utf8')) as { heading: string; description: string };
    setField('ada', ABOUT, 'heading', 'Spring at Nuvora');
    const { page, errors } = await open('ada', '/', 390);
    await pressPublish(page, base('ada'), ABOUT, 'Spring headline');
    await expect
      .poll(() => page.locator('[data-publish-result]').textContent())
      .toBe('Published “About us”: visitors get it once the live site has taken it.');
    const spring = await remoteHead();
    await expect.poll(() => liveWords(page)).toMatch(/^Live at \d{1,2}[:.]\d\d/);
    const link = page.locator('[data-live-page]').first();
    expect(await link.getAttribute('href')).toBe(`${live.base}/about`);
    await tabTo(page, `a[href="${live.base}/about"]`);
    await accessibleAtBothWidths(page);
    expect((await liveText('/about')).text).toContain('Spring at Nuvora');

    // Ben, on his own clone, behind Ada: his change of another field is published on top of hers.
    setField('ben', ABOUT, 'description', 'Who we are and how we work, in short.');
    const benTab = await open('ben', '/', 1366);
    await pressPublish(benTab.page, base('ben'), ABOUT, 'Shorter description');
    await expect.poll(() => benTab.page.locator('[data-publish-result]').textContent()).toMatch(/^Published/);
    const shorter = await remoteHead();
    expect(shorter).not.toBe(spring);
    await expect.poll(() => liveWords(benTab.page)).toMatch(/^Live at /);
    expect(benTab.errors).toEqual([]);
    await benTab.page.context().close();

    // Ada takes back her headline only.
    await page.goto(`${base('ada')}/history?path=${encodeURIComponent(ABOUT)}`);
    const version = page.locator(`[data-version="${spring}"]`);
    await version.locator('[data-action="undo"]').waitFor();
    await tabTo(page, `[data-version="${spring}"] [data-action="undo"]`);
    await page.keyboard.press('Enter');
    await page.locator('[data-undone-version]').waitFor();
    await accessibleAtBothWidths(page);
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    await pressPublish(page, base('ada'), ABOUT, 'Spring headline taken back');
    await expect.poll(() => page.locator('[data-publish-result]').textContent()).toMatch(/^Published/);
    const undone = await remoteHead();
    await expect.poll(() => liveWords(page)).toMatch(/^Live at /);
    expect((await live.live(undone)).state).toBe('live');
    const about = (await liveText('/about')).text;
    expect(about).toContain(original.heading);
    expect(about).not.toContain('Spring at Nuvora');
    expect(about).toContain('Who we are and how we work, in short.');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says "Not live:" in words, with what to do, for a version the live site refuses', async () => {
    // A developer's change to the site's code, unsigned, reaches the remote first: the live site
    // takes nothing after it until a signed release.
    writeFileSync(file('ben', 'scripts/publish-to-live-test.ts'), 'export {};\n');
    await git(project.clones.ben, ['pull', '-q', '--rebase']);
    await git(project.clones.ben, ['add', '-A']);
    await git(project.clones.ben, ['commit', '-q', '-m', 'A developer’s change']);
    await git(project.clones.ben, ['push', '-q', 'origin', 'HEAD']);

    setField('ada', 'pages/careers.json', 'title', 'Work with us');
    const { page, errors } = await open('ada', '/', 1366);
    await pressPublish(page, base('ada'), 'pages/careers.json', 'Careers retitled');
    await expect.poll(() => page.locator('[data-publish-result]').textContent()).toMatch(/^Published/);
    const refused = await remoteHead();
    await expect.poll(() => liveWords(page)).toMatch(/^Not live: /);
    const words = (await liveWords(page)) ?? '';
    expect(words).toContain(liveReasons.changesCode);
    // Said once: the live site's reason already says that visitors see the site as it was, and what to do.
    expect(words.match(/still see the site as it was/gi)).toHaveLength(1);
    expect(await page.locator('[data-live-page]').count()).toBe(0);
    await accessibleAtBothWidths(page);
    expect((await live.live(refused)).state).toBe('refused');
    expect((await liveText('/careers')).text).not.toContain('Work with us');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
