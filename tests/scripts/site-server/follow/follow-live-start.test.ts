/**
 * A real `npm start -- --follow` (as its script runs, `node --import tsx scripts/start.ts`) on a
 * clone of this project whose upstream is a bare remote: a colleague's one-page publish pushed
 * there goes live with no pull, /_live says so with its time, a commit that changes code unsigned
 * answers refused while the site keeps its build, and bad requests to /_live are answered and
 * change nothing. Without --follow the address is not there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { liveReasons } from '../../../../scripts/site-server/follow/live-reasons';
import { git } from '../../../../scripts/publish/git/git';
import { liveStatusMessages } from '../../../../scripts/site-server/live-status';
import { type Cleanups, ISOLATED } from '../../../helpers/follow-checkout';
import { projectClones, startLiveSite } from '../../../helpers/project-clones';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare remote holding this project's HEAD, the server's clone of it and a colleague's clone. */
async function clones() {
  const { work, site, clones, head } = await projectClones(cleanups, ['colleague']);
  const { colleague } = clones;
  /** Commits `files` in the colleague's clone and pushes it, as an editor's publish does; resolves with the commit. */
  const publish = async (files: Record<string, string>): Promise<string> => {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(colleague, path), text);
    await git(colleague, ['add', '-A'], { env: ISOLATED });
    await git(colleague, ['commit', '-q', '-F', '-'], { env: ISOLATED, input: `Publish ${Object.keys(files).join(', ')}` });
    await git(colleague, ['push', '-q', 'origin', 'HEAD'], { env: ISOLATED });
    return (await git(colleague, ['rev-parse', 'HEAD'])).stdout.trim();
  };
  return { work, site, colleague, head, publish };
}

const start = (site: string, work: string, args: string[]) => startLiveSite(cleanups, site, work, args);

describe('npm start -- --follow and /_live', () => {
  // A first build of the clone (from this checkout's dist/), then one page, then a refusal:
  // minutes under load.
  it('serves a pushed one-page publish with no pull and says live with its time; refuses an unsigned code change; answers bad requests', async () => {
    const { work, site, head, publish } = await clones();
    const server = await start(site, work, ['--follow', '--no-build']);
    const first = await server.liveWhen(head, 'live');
    expect(first).toMatchObject({ commit: head, served: head });
    expect(server.lines.some((line) => /^Fetching \S+ from origin every 2 s/.test(line))).toBe(true);

    const about = readFileSync(join(site, 'pages/about.json'), 'utf8').replace('"Good Rapport"', '"Good Rapport, Pushed"');
    const pushedAt = Date.now();
    const page = await publish({ 'pages/about.json': about });
    const answer = await server.liveWhen(page, 'live');
    expect(answer).toEqual({ commit: page, state: 'live', at: expect.any(String), served: page });
    expect(Date.parse(answer.at ?? '')).toBeGreaterThan(pushedAt);
    expect(await (await fetch(`${server.base}/about`)).text()).toContain('Good Rapport, Pushed');
    const headers = (await fetch(`${server.base}/_live?commit=${page}`)).headers;
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The clone was fast-forwarded by the server itself.
    expect((await git(site, ['rev-parse', 'HEAD'])).stdout.trim()).toBe(page);

    const code = await publish({ 'scripts/follow-live-start.ts': 'export {};\n' });
    const refused = await server.liveWhen(code, 'refused');
    expect(refused).toEqual({ commit: code, state: 'refused', at: expect.any(String), reason: liveReasons.changesCode, served: page });
    expect(await (await fetch(`${server.base}/about`)).text()).toContain('Good Rapport, Pushed');

    for (const [path, status, body] of [
      ['/_live', 400, { error: liveStatusMessages.noCommit }],
      ['/_live?commit=zz', 400, { error: liveStatusMessages.badCommit }],
      [`/_live?commit=${'a'.repeat(5 * 1024)}`, 400, { error: liveStatusMessages.badCommit }],
    ] as const) {
      const bad = await fetch(server.base + path);
      expect(bad.status, path.slice(0, 40)).toBe(status);
      expect(await bad.json()).toEqual(body);
    }
    const post = await fetch(`${server.base}/_live?commit=${page}`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect((await fetch(`${server.base}/about`)).status).toBe(200);
    expect((await server.live(page)).state).toBe('live');
  });

  it('has no /_live without --follow', async () => {
    const { work, site } = await clones();
    const server = await start(site, work, ['--no-build']);
    expect((await fetch(`${server.base}/_live?commit=${'a'.repeat(40)}`)).status).toBe(404);
  });
});
