/**
 * After Publish, Changes says where the change stands on the live site: "Going live…", then
 * "Live at <time>" with a link to the changed page there, or "Not live: <reason>." with what to
 * do; History says the same for the version. The live site is a small real HTTP server here,
 * answering GET /_live as the site server that follows the remote does, and the test moves its
 * answers (unknown, building, live; refused with a reason). Keyboard only; axe at 390 and 1366 px.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, pressPublish, tabTo, violations } from './editor-session';

/** What the live site says of each commit; a commit it was not told of is 'unknown'. */
const states = new Map<string, { state: string; at?: string; reason?: string }>();
const asked = new Set<string>();
let liveSite: Server;
let site = '';

// Listening before the editor starts: the editor is told its address.
beforeAll(async () => {
  liveSite = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://live');
    const commit = url.searchParams.get('commit') ?? '';
    if (url.pathname !== '/_live' || !/^[0-9a-f]{40}$/.test(commit)) return void res.writeHead(400).end();
    asked.add(commit);
    const { state, at = null, reason } = states.get(commit) ?? { state: 'unknown' };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ commit, state, at, ...(reason ? { reason } : {}), served: commit }));
  });
  await new Promise<void>((resolve) => liveSite.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(liveSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  liveSite.closeAllConnections();
  await new Promise((resolve) => liveSite.close(resolve));
});

const session = editorSession('editor-live', { git: true, liveSite: () => site });
const { content, openEditor } = session;

/** Gives a page a new title on disk, as a save does: Changes lists it. */
function retitle(path: string, title: string): void {
  const file = join(content, path);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, `"title": "${title}"`));
}

/** Publishes every listed change from Changes with these words, keyboard only; answers the commit published. */
async function publishFromChanges(page: Page, path: string, title: string, words: string): Promise<string> {
  await pressPublish(page, session.base(), path, words);
  await expect
    .poll(() => page.locator('[data-publish-result]').textContent())
    .toBe(`Published “${title}”: visitors get it once the live site has taken it.`);
  return (await git(content, ['rev-parse', 'HEAD'])).stdout.trim();
}

const liveWords = (page: Page) => page.locator('[data-live-words]').first().textContent();
/** The colour of the live note's bar, and of its words: a bar drawn with a token the system lacks takes the words' colour. */
const barOf = (page: Page) =>
  page
    .locator('[data-live]')
    .first()
    .evaluate((note) => {
      const style = getComputedStyle(note);
      return { bar: style.borderInlineStartColor, words: style.color, width: style.borderInlineStartWidth };
    });
/** "Live at" as the person's browser writes a time today. */
const clock = (page: Page, iso: string) =>
  page.evaluate((at) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(at)), iso);

describe('where a publish stands on the live site', () => {
  it('says "Going live…" while the live site builds, then "Live at" with a link to the page on the live site; History says the same', async () => {
    retitle('pages/about.json', 'About the studio');
    const { page, errors } = await openEditor('/', 390);
    const commit = await publishFromChanges(page, 'pages/about.json', 'About the studio', 'A new title for About');
    // Said in a polite live region, the focus left where it was.
    const region = page.locator('[data-live-words]');
    expect([await region.getAttribute('role'), await region.getAttribute('aria-live')]).toEqual(['status', 'polite']);
    await expect.poll(() => liveWords(page)).toBe('Going live…');
    const going = await barOf(page);
    await expect.poll(() => asked.has(commit)).toBe(true);
    states.set(commit, { state: 'building' });
    expect(await page.evaluate(() => document.activeElement?.closest('[data-live]'))).toBeNull();
    expect(await violations(page)).toEqual([]);

    const at = new Date().toISOString();
    states.set(commit, { state: 'live', at });
    const expected = `Live at ${await clock(page, at)}`;
    await expect.poll(() => liveWords(page)).toBe(expected);
    // Each state its own bar, from the design tokens: not the words' colour (a token that draws nothing), not the other's.
    const live = await barOf(page);
    expect([going.width, live.width]).toEqual(['4px', '4px']);
    expect(going.bar).not.toBe(going.words);
    expect(live.bar).not.toBe(live.words);
    expect(live.bar).not.toBe(going.bar);
    // Said once: the status line said "Published", the note where it stands; below, only that nothing else waits.
    expect(await page.locator('[data-nothing-waiting]').textContent()).toBe('Nothing else waits to be published.');
    expect(await page.getByText(/Everything is published/).count()).toBe(0);
    const link = page.getByRole('link', { name: 'About the studio' });
    expect(await link.getAttribute('href')).toBe(`${site}/about`);
    await tabTo(page, `a[href="${site}/about"]`);
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await violations(page)).toEqual([]);

    // History: the same words for the same version, and the link.
    await page.goto(`${session.base()}/history?path=pages%2Fabout.json`);
    const newest = page.locator(`[data-version="${commit}"]`);
    await expect.poll(() => newest.locator('[data-live-words]').textContent()).toBe(expected);
    expect(await newest.getByRole('link', { name: 'About the studio' }).getAttribute('href')).toBe(`${site}/about`);
    // The version before it, which the live site never built on its own: a later one went live in its place.
    const older = page.locator('[data-version]').nth(1);
    await expect.poll(() => older.locator('[data-live-words]').textContent()).toBe('A later version went live in its place.');
    await expect.poll(() => page.locator('[data-live-announce]').textContent()).toBe(expected);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says "Not live:" with the reason in the person\'s words and what to do when the live site refuses the change', async () => {
    retitle('pages/careers.json', 'Work with us');
    const { page, errors } = await openEditor('/', 1366);
    const commit = await publishFromChanges(page, 'pages/careers.json', 'Work with us', 'Careers retitled');
    states.set(commit, { state: 'refused', reason: 'pages/_site.json: the Services menu links to /testing, which no page has' });
    const expected =
      'Not live: Menus, footer and site settings: the Services menu links to /testing, which no page has. Visitors still see the site as it was. Fix what it names and publish again; changes published after this one wait until then.';
    await expect.poll(() => liveWords(page)).toBe(expected);
    expect(await page.locator('[data-live-page]').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await violations(page)).toEqual([]);

    await page.goto(`${session.base()}/history?path=pages%2Fcareers.json`);
    await expect.poll(() => page.locator(`[data-version="${commit}"] [data-live-words]`).textContent()).toBe(expected);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
