/**
 * The live site's half of "Published means live" (issue 36, items 2 and 3): the follower fetches
 * the remote itself and fast-forwards its checkout, and remembers what became of each commit,
 * which the site server answers at /_live. Real git (a bare remote, a second clone that pushes
 * to it, as a colleague's editor would), a real follower and a real site server with the route.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitStates } from '../../../../scripts/site-server/follow/commit-states';
import { followBranch, type FollowOptions } from '../../../../scripts/site-server/follow/follow-branch';
import { followMessages } from '../../../../scripts/site-server/follow/follow-messages';
import { liveReasons } from '../../../../scripts/site-server/follow/live-reasons';
import { LIVE_STATUS_PATH, liveStatus, liveStatusMessages } from '../../../../scripts/site-server/live-status';
import { createSiteServer } from '../../../../scripts/site-server/site-server';
import { type Cleanups, tempFolder, testCheckout, withRemote } from '../../../helpers/follow-checkout';
import { until, waitFor } from '../../../helpers/wait';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The plain build, refusing a version.txt that says "broken" as the site's checks refuse a page: located, in one line. */
const BUILD_THAT_CHECKS = `#!/bin/sh
set -e
version=$(cat pages/version.txt)
if [ "$version" = broken ]; then echo "pages/version.txt:1:1  Version: \\"broken\\" is no version this site can show [broken-version]" >&2; exit 1; fi
mkdir -p "$2"
printf '<!doctype html><title>%s</title>' "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`;

interface Live {
  commit: string;
  state: string;
  at: string | null;
  reason?: string;
  served: string | null;
}

/**
 * A bare remote, the server's checkout of it (main tracking origin/main, its build script the one
 * that checks), and a colleague's clone that pushes; a site server with /_live, following the
 * checkout and fetching every 200 ms. `hold` is awaited before each build (a test holds one there).
 */
async function setup(options: Partial<FollowOptions> = {}, hold: (commit: string) => Promise<void> = async () => undefined) {
  const repo = await testCheckout(cleanups, 'first');
  const first = await repo.commit({ 'build.sh': BUILD_THAT_CHECKS });
  const { remote, colleague, there: inColleague } = await withRemote(cleanups, repo);
  /** Commits `files` in the colleague's clone, as an editor's publish does; resolves with the commit. */
  const commitThere = async (files: Record<string, string>): Promise<string> => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(colleague, path)), { recursive: true });
      writeFileSync(join(colleague, path), text);
    }
    await inColleague(['add', '-A']);
    await inColleague(['commit', '-q', '-F', '-'], `Publish ${Object.keys(files).join(', ')}`);
    return inColleague(['rev-parse', 'HEAD']);
  };
  const push = () => inColleague(['push', '-q', 'origin', 'main']);

  const empty = tempFolder(cleanups, 'follow-empty-');
  const states = commitStates();
  const server = createSiteServer({ distDir: empty, routes: { [LIVE_STATUS_PATH]: liveStatus(states) } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const lines: string[] = [];
  const follower = await followBranch({
    checkout: repo.checkout,
    buildsDir: tempFolder(cleanups, 'follow-builds-'),
    intervalMs: 50,
    fetchIntervalMs: 200,
    states,
    build: async (job) => {
      await hold(job.commit);
      return job.run();
    },
    ...options,
    serveBuild: (dir) => server.serveBuild(dir),
    forgetPrevious: () => server.forgetPrevious(),
    log: (line) => lines.push(line),
  });
  cleanups.push(() => follower.stop());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const live = async (commit: string): Promise<Live> => (await fetch(`${base}/_live?commit=${commit}`)).json() as Promise<Live>;
  const home = async (): Promise<string> => (await fetch(`${base}/`)).text();
  await waitFor('the first build', () => follower.servedCommit === first);
  return { repo, first, remote, colleague, commitThere, push, follower, lines, base, live, home };
}

/** The state /_live answers for `commit` once it is `state`. */
const liveWhen = (live: (commit: string) => Promise<Live>, commit: string, state: string): Promise<Live> =>
  until(`/_live to say ${state} for ${commit.slice(0, 12)}`, async () => {
    const answer = await live(commit);
    return answer.state === state ? answer : undefined;
  });

describe('the follower fetching its remote', () => {
  it('serves a commit pushed to the remote from another clone with no pull; /_live says building, then live from the switch', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: string | undefined;
    const { repo, first, commitThere, push, follower, lines, live, home } = await setup({}, async (commit) => {
      if (commit === holding) await held;
    });
    expect(lines).toContain(followMessages.fetching('origin', 'main', 0.2));
    expect(await live(first)).toMatchObject({ commit: first, state: 'live', served: first });

    const pushed = await commitThere({ 'pages/version.txt': 'pushed' });
    holding = pushed;
    expect(await live(pushed)).toEqual({ commit: pushed, state: 'unknown', at: null, served: first });
    const before = Date.now();
    await push();
    const building = await liveWhen(live, pushed, 'building');
    expect(building).toEqual({ commit: pushed, state: 'building', at: expect.any(String), served: first });
    // Nobody pulled: the follower fetched and fast-forwarded the checkout itself.
    expect(await repo.run(['rev-parse', 'HEAD'])).toBe(pushed);
    expect(await home()).toContain('<title>first</title>');
    const released = Date.now();
    release();
    await waitFor('the pushed build', () => follower.servedCommit === pushed);
    expect(await home()).toContain('<title>pushed</title>');
    const answer = await live(pushed);
    expect(answer).toEqual({ commit: pushed, state: 'live', at: expect.any(String), served: pushed });
    // Live from the switch, which came after the build was let go.
    const at = Date.parse(answer.at ?? '');
    expect(at).toBeGreaterThanOrEqual(released);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(building.at ?? '')).toBeGreaterThanOrEqual(before);
    expect(lines.filter((line) => line.startsWith('Cannot fetch') || line.startsWith('The checkout cannot'))).toEqual([]);
  });

  it('makes every commit a push brings live when the build of the newest is served, with the same time', async () => {
    const { commitThere, push, follower, live, lines } = await setup();
    const between = await commitThere({ 'pages/other.txt': 'one' });
    const newest = await commitThere({ 'pages/version.txt': 'newest' });
    await push();
    await waitFor('the newest build', () => follower.servedCommit === newest);
    const [a, b] = [await live(between), await live(newest)];
    expect(a).toMatchObject({ state: 'live', served: newest });
    expect(a.at).toBe(b.at);
    expect(lines).not.toContain(followMessages.building(between));
  });

  it('answers refused, with its reason in plain words, for a pushed commit that changes code unsigned; the site keeps the old build', async () => {
    const { first, commitThere, push, live, home, follower, lines } = await setup();
    const code = await commitThere({ 'build.sh': `${BUILD_THAT_CHECKS}# changed\n` });
    await push();
    const answer = await liveWhen(live, code, 'refused');
    expect(answer).toEqual({ commit: code, state: 'refused', at: expect.any(String), reason: liveReasons.changesCode, served: first });
    expect(answer.reason).toBe(
      "The live site did not take this version: it changes the site's programming, which only a developer's signed release may change, so visitors still see the site as it was. Ask a developer to release that change or take it back, then publish again.",
    );
    expect(follower.servedCommit).toBe(first);
    expect(await home()).toContain('<title>first</title>');
    expect(lines.some((line) => line.startsWith(`Commit ${code.slice(0, 12)} is not built: it changes code (build.sh)`))).toBe(true);

    // A publish on top of it carries the same code: refused too, and the first stays refused.
    const after = await commitThere({ 'pages/version.txt': 'after' });
    await push();
    expect((await liveWhen(live, after, 'refused')).reason).toBe(liveReasons.changesCode);
    expect((await live(code)).state).toBe('refused');
  });

  it('answers failed with what the build said of the content, and live once a later commit that holds it is served', async () => {
    const { first, commitThere, push, live, follower } = await setup();
    const broken = await commitThere({ 'pages/version.txt': 'broken' });
    await push();
    const answer = await liveWhen(live, broken, 'failed');
    expect(answer).toEqual({
      commit: broken,
      state: 'failed',
      at: expect.any(String),
      reason:
        'The live site could not build this version, so visitors still see the site as it was. It found this in one of the site’s files: "broken" is no version this site can show. Fix that and publish again.',
      served: first,
    });
    const fixed = await commitThere({ 'pages/version.txt': 'fixed' });
    await push();
    await waitFor('the fixed build', () => follower.servedCommit === fixed);
    expect(await live(broken)).toMatchObject({ state: 'live', served: fixed });
    expect((await live(broken)).reason).toBeUndefined();
  });

  it('says once that it cannot fast-forward a checkout with commits of its own, and goes on serving', async () => {
    const { repo, commitThere, push, follower, lines, home, live } = await setup();
    const local = await repo.commit({ 'pages/version.txt': 'local' });
    await waitFor('the local commit', () => follower.servedCommit === local);
    const theirs = await commitThere({ 'pages/version.txt': 'theirs' });
    const pushedAt = Date.now();
    await push();
    const said = (commit: string) =>
      lines.filter((line) => line.startsWith(`The checkout cannot be fast-forwarded to origin/main (commit ${commit.slice(0, 12)})`));
    await waitFor('the fast-forward refused', () => said(theirs).length > 0);
    expect(said(theirs)).toEqual([
      followMessages.cannotFastForward(
        'origin/main',
        theirs,
        'the checkout has commits of its own that origin/main lacks, and the follower never merges. Push them, or reset the branch to origin/main',
      ),
    ]);
    // Fetches go on: a later push is fetched, and said once in its turn; the first was not said again.
    const later = await commitThere({ 'pages/version.txt': 'later' });
    await push();
    await waitFor('the later push to be fetched and refused', () => said(later).length > 0);
    expect(said(theirs)).toHaveLength(1);
    expect(said(later)).toHaveLength(1);
    expect(await repo.run(['rev-parse', 'HEAD'])).toBe(local);
    expect(await home()).toContain('<title>local</title>');
    // What was pushed is not live, and /_live says why in the publisher's words: after 30 s, not
    // at once (an editor publishing in the checkout is between its commit and its merge).
    const refused = await liveWhen(live, theirs, 'refused');
    expect(refused).toEqual({ commit: theirs, state: 'refused', at: expect.any(String), reason: liveReasons.checkoutAhead, served: local });
    expect(Date.parse(refused.at ?? '')).toBeGreaterThanOrEqual(pushedAt + 30_000);
    expect((await liveWhen(live, later, 'refused')).reason).toBe(
      'The live site did not take this version: its copy of the site holds changes of its own that were never published, so visitors still see the site as it was. Ask a developer to publish or undo those changes on the live server.',
    );
  });

  it('never fast-forwards over a local change to a file the pushed commit changes', async () => {
    const { repo, commitThere, push, first, follower, lines, live } = await setup();
    writeFileSync(join(repo.checkout, 'pages/version.txt'), 'a draft');
    const theirs = await commitThere({ 'pages/version.txt': 'theirs' });
    await push();
    const line = await until('the fast-forward refused', () =>
      lines.find((each) => each.startsWith('The checkout cannot be fast-forwarded')),
    );
    expect(line).toBe(
      followMessages.cannotFastForward(
        'origin/main',
        theirs,
        'Your local changes to the following files would be overwritten by merge: pages/version.txt. Commit or discard the local changes in the way',
      ),
    );
    expect(await repo.run(['rev-parse', 'HEAD'])).toBe(first);
    expect(follower.servedCommit).toBe(first);
    expect(readFileSync(join(repo.checkout, 'pages/version.txt'), 'utf8')).toBe('a draft');
    expect(await liveWhen(live, theirs, 'refused')).toMatchObject({ reason: liveReasons.localChanges, served: first });
    // Once the change is out of the way, the next fetch fast-forwards, and what was held goes live.
    await repo.run(['checkout', '--', 'pages/version.txt']);
    await waitFor('the pushed build', () => follower.servedCommit === theirs);
    expect(await live(theirs)).toMatchObject({ state: 'live', served: theirs });
  });

  it('follows HEAD as before when the checkout has no upstream and nothing is set', async () => {
    const repo = await testCheckout(cleanups, 'first');
    const empty = tempFolder(cleanups, 'follow-empty-');
    const server = createSiteServer({ distDir: empty });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const lines: string[] = [];
    const follower = await followBranch({
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      intervalMs: 50,
      fetchIntervalMs: 200,
      serveBuild: (dir) => server.serveBuild(dir),
      log: (line) => lines.push(line),
    });
    cleanups.push(() => follower.stop());
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const second = await repo.commit({ 'pages/version.txt': 'second' });
    await waitFor('the second build', () => follower.servedCommit === second);
    expect(lines.filter((line) => /fetch/i.test(line))).toEqual([]);
  });
});

describe('/_live', () => {
  it('answers 400 to a missing or malformed commit, 405 to other methods, 404 below it, and stays up', async () => {
    const { base, first, live } = await setup();
    const ask = (path: string, init?: RequestInit) => fetch(base + path, init);
    const missing = await ask('/_live');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('x-robots-tag')).toBe('noindex');
    expect(await missing.json()).toEqual({ error: liveStatusMessages.noCommit });
    expect(await (await ask('/_live?commit=')).json()).toEqual({ error: liveStatusMessages.noCommit });
    const cases = ['zz', 'f'.repeat(5 * 1024), first.slice(0, 39), `${first}0`, `${first}%00`, `%20${first}`];
    for (const value of cases) {
      const answer = await ask(`/_live?commit=${value}`);
      expect(answer.status, value.slice(0, 50)).toBe(400);
      expect(await answer.json()).toEqual({ error: liveStatusMessages.badCommit });
    }
    expect(await (await ask(`/_live?commit=${first}&commit=${first}`)).json()).toEqual({ error: liveStatusMessages.twoCommits });
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await ask(`/_live?commit=${first}`, { method, ...(method === 'POST' ? { body: 'x'.repeat(100_000) } : {}) });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET, HEAD');
      expect(await answer.json()).toEqual({ error: liveStatusMessages.method });
    }
    const head = await ask(`/_live?commit=${first}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-robots-tag')).toBe('noindex');
    expect(await head.text()).toBe('');
    // Upper case is the same commit; a SHA-256 id is asked as well, and is unknown here.
    expect(await live(first.toUpperCase())).toMatchObject({ commit: first, state: 'live' });
    expect(await live('a'.repeat(64))).toEqual({ commit: 'a'.repeat(64), state: 'unknown', at: null, served: first });
    // Only the address itself: what is below it or beside it is the site's, here not found.
    for (const path of ['/_live/', `/_live/${first}`, '/_lively']) expect((await ask(path)).status, path).toBe(404);
    expect((await ask('/')).status).toBe(200);
    expect(await live(first)).toMatchObject({ state: 'live' });
  });

  it('is not there on a server that does not follow', async () => {
    const empty = tempFolder(cleanups, 'site-');
    writeFileSync(join(empty, '404.html'), 'not found');
    const server = createSiteServer({ distDir: empty });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_live?commit=${'a'.repeat(40)}`);
    expect(answer.status).toBe(404);
  });
});

describe('the record of commits', () => {
  it('keeps the newest it is told of, and forgets the oldest', () => {
    const states = commitStates(3);
    const ids = ['1', '2', '3', '4'].map((digit) => digit.repeat(40));
    states.building(ids.slice(0, 3), 1000);
    states.live(ids.slice(0, 2), 2000);
    states.building([ids[3] ?? ''], 3000);
    expect(states.of(ids[2] ?? '')).toBeUndefined();
    expect(states.of(ids[0] ?? '')).toEqual({ state: 'live', at: 2000 });
    expect(states.of(ids[3] ?? '')).toEqual({ state: 'building', at: 3000 });
    expect(states.served).toBe(ids[1]);
  });
});
