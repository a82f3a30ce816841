/**
 * The site server following its checkout's branch (issue 25, item 6): a real git repository
 * in a temporary folder, a real site server, and a small build script committed in the
 * repository that writes whole pages slowly, part by part, and names its version in every
 * byte that differs. While clients ask for pages in a loop a commit lands: every answer must
 * be a whole page of the old build or of the new, never a mix, a half-written page or an error.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { followBranch, type Follower, type FollowOptions } from '../../../../scripts/site-server/follow/follow-branch';
import { followMessages } from '../../../../scripts/site-server/follow/follow-messages';
import { git } from '../../../../scripts/publish/git/git';
import { createSiteServer, type SiteServer } from '../../../../scripts/site-server/site-server';
import { ISOLATED, serveAndFollow as serveFollowing, tempFolder, testCheckout } from '../../../helpers/follow-checkout';
import { waitFor } from '../../../helpers/wait';

const PAGES = ['index.html', 'about/index.html', 'contact/index.html'];
const ADDRESSES = ['/', '/about', '/contact'];
/** A page as the build script writes it: the version at both ends and a body long enough to be written in parts. */
const page = (version: string, name: string): string =>
  `<!doctype html><title>${version} ${name}</title>${'x'.repeat(60_000)}<p>${version} end</p>`;

/**
 * The build script the test repository holds (package.json runs it as its build script): reads
 * pages/version.txt (content, so a commit that changes only it is built with the code served),
 * refuses "broken", says it succeeded and leaves nothing for "empty", and otherwise writes each
 * page into a new folder in six parts 15 ms apart, then its script under a name that carries the
 * version.
 */
const BUILD_SCRIPT = `
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const out = process.argv[process.argv.indexOf('--out') + 1];
rmSync(out, { recursive: true, force: true });
const version = readFileSync('pages/version.txt', 'utf8').trim();
if (version === 'broken') { console.error('version.txt says broken: this version cannot be built.'); process.exit(1); }
if (version === 'empty') process.exit(0);
const page = ${page.toString()};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
for (const name of ${JSON.stringify(PAGES)}) {
  const file = join(out, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  const text = page(version, name);
  for (let at = 0; at < text.length; at += 10_000) { appendFileSync(file, text.slice(at, at + 10_000)); await sleep(15); }
}
mkdirSync(join(out, 'assets'), { recursive: true });
writeFileSync(join(out, 'assets', 'app-' + version + '.js'), 'console.log(' + JSON.stringify(version) + ');');
`;

interface Setup {
  checkout: string;
  buildsDir: string;
  firstCommit: string;
  server: SiteServer;
  follower: Follower;
  base: string;
  lines: string[];
  /** Commits pages/version.txt holding `version`; resolves with the commit. */
  commit: (version: string) => Promise<string>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A site server that starts on an empty folder (nothing built yet), and a follower of
 * `checkout` that switches it to each build; both stopped after the test.
 */
async function serveAndFollow(options: Omit<FollowOptions, 'serveBuild' | 'forgetPrevious' | 'log'>) {
  const empty = mkdtempSync(join(tmpdir(), 'follow-empty-'));
  cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
  const server = createSiteServer({ distDir: empty });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const lines: string[] = [];
  const follower = await followBranch({
    ...options,
    serveBuild: (dir) => server.serveBuild(dir),
    forgetPrevious: () => server.forgetPrevious(),
    log: (line) => lines.push(line),
  });
  cleanups.push(() => follower.stop());
  return { server, follower, lines, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * A checkout at version `first`, served by a site server that follows it (50 ms polls, 1.5 s
 * grace); `beforeBuild` is awaited at the start of every build (a test holds a build there).
 */
async function setup(first: string, beforeBuild: () => Promise<void> = async () => undefined): Promise<Setup> {
  const checkout = mkdtempSync(join(tmpdir(), 'follow-checkout-'));
  const buildsDir = mkdtempSync(join(tmpdir(), 'follow-builds-'));
  cleanups.push(() => {
    for (const dir of [checkout, buildsDir]) rmSync(dir, { recursive: true, force: true });
  });
  const run = (args: string[], input?: string) => git(checkout, args, { env: ISOLATED, ...(input === undefined ? {} : { input }) });
  const commit = async (version: string): Promise<string> => {
    writeFileSync(join(checkout, 'pages/version.txt'), `${version}\n`);
    await run(['add', '--', 'pages/version.txt', 'build.mjs', 'package.json']);
    await run(['commit', '-q', '-F', '-'], `Version ${version}`);
    return (await run(['rev-parse', 'HEAD'])).stdout.trim();
  };
  await run(['init', '-q', '-b', 'main']);
  mkdirSync(join(checkout, 'pages'));
  writeFileSync(join(checkout, 'build.mjs'), BUILD_SCRIPT);
  writeFileSync(join(checkout, 'package.json'), JSON.stringify({ type: 'module', scripts: { build: 'node build.mjs' } }));
  const firstCommit = await commit(first);

  const { server, follower, base, lines } = await serveAndFollow({
    checkout,
    buildsDir,
    build: async (job) => {
      await beforeBuild();
      return job.run();
    },
    intervalMs: 50,
    graceMs: 1500,
  });
  await waitFor('the first build', () => follower.servedCommit === firstCommit);
  return { checkout, buildsDir, firstCommit, server, follower, base, lines, commit };
}

/** Clients asking for every page in a loop until `stop()`; each answer is kept as status and body. */
function askInLoop(base: string, clients = 4) {
  const answers: { address: string; status: number; body: string }[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let turn = client; running; turn += 1) {
      const address = ADDRESSES[turn % ADDRESSES.length] ?? '/';
      try {
        const response = await fetch(base + address);
        answers.push({ address, status: response.status, body: await response.text() });
      } catch (error) {
        answers.push({ address, status: 0, body: String(error) });
      }
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** The version of the build that answers `address`, as its page names it. */
const versionOf = async (base: string, address = '/'): Promise<string> =>
  (await (await fetch(base + address)).text()).match(/<title>(\S+) /)?.[1] ?? '';

describe('the site server following its branch', () => {
  it('switches to a new commit whole: every answer is a whole page of the old build or of the new one', async () => {
    const { base, commit, follower, lines } = await setup('old');
    const loop = askInLoop(base);
    await waitFor('answers from the old build', () => loop.answers.length > 20);
    const second = await commit('new');
    await waitFor('the new build', () => follower.servedCommit === second);
    await waitFor('answers from the new build', () => loop.answers.filter((answer) => answer.body.includes('new end')).length > 20);
    const answers = await loop.stop();

    const names = Object.fromEntries(ADDRESSES.map((address, at) => [address, PAGES[at] ?? '']));
    for (const { address, status, body } of answers) {
      expect(status, `${address}: ${body.slice(0, 80)}`).toBe(200);
      expect([page('old', names[address] ?? ''), page('new', names[address] ?? '')]).toContain(body);
    }
    // Both builds were seen, and once the new one was, the old one never again.
    const versions = answers.map(({ body }) => (body.includes('new end') ? 'new' : 'old'));
    expect(versions.indexOf('new')).toBeGreaterThan(0);
    expect(versions.slice(versions.indexOf('new') + 4 * 2)).not.toContain('old');
    expect(lines).toContain(followMessages.building(second));
    expect(lines.some((line) => line.startsWith(followMessages.switched(second, '').split(' (')[0] ?? '-'))).toBe(true);
  });

  it('keeps serving the old build’s scripts for a while, then removes that build', async () => {
    const { base, commit, follower } = await setup('old');
    const second = await commit('new');
    await waitFor('the new build', () => follower.servedCommit === second);
    // A page loaded just before the switch still gets its script.
    expect((await fetch(`${base}/assets/app-old.js`)).status).toBe(200);
    expect((await fetch(`${base}/assets/app-new.js`)).status).toBe(200);
    await waitFor('the old build to go', async () => (await fetch(`${base}/assets/app-old.js`)).status === 404);
    expect(await versionOf(base, '/about')).toBe('new');
  });

  it('builds what was committed, never a half-saved file of the working tree', async () => {
    const { base, checkout, commit, follower } = await setup('old');
    writeFileSync(join(checkout, 'pages/version.txt'), 'half-saved\n');
    const second = await commit('new');
    writeFileSync(join(checkout, 'pages/version.txt'), 'half-saved\n');
    await waitFor('the new build', () => follower.servedCommit === second);
    expect(await versionOf(base)).toBe('new');
  });

  it('keeps the old site when a build fails, says why, and follows the next commit that builds', async () => {
    const { base, commit, follower, lines } = await setup('old');
    const first = follower.servedCommit;
    const broken = await commit('broken');
    await waitFor('the failure to be told', () => lines.some((line) => line.includes('failed')));
    const told = lines.find((line) => line.includes('failed')) ?? '';
    expect(told).toBe(followMessages.buildFailed(broken, 'version.txt says broken: this version cannot be built.'));
    // Several polls later: still the old site, and the broken commit is not built again and again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(follower.servedCommit).toBe(first);
    expect(await versionOf(base)).toBe('old');
    expect(lines.filter((line) => line === followMessages.building(broken))).toHaveLength(1);

    const fixed = await commit('fixed');
    await waitFor('the fixed build', () => follower.servedCommit === fixed);
    expect(await versionOf(base)).toBe('fixed');
  });

  it('keeps the old site when a build says it succeeded but left nothing to serve', async () => {
    const { base, commit, follower, lines } = await setup('old');
    const first = follower.servedCommit;
    const empty = await commit('empty');
    await waitFor('the refusal to be told', () => lines.some((line) => line.includes('cannot be served')));
    expect(lines.find((line) => line.includes('cannot be served'))).toMatch(
      new RegExp(`^The build of commit ${empty.slice(0, 12)} finished but cannot be served \\(.*ENOENT`),
    );
    expect(follower.servedCommit).toBe(first);
    expect(await versionOf(base)).toBe('old');
  });

  it('serves the last of two quick commits, skipping the one between', async () => {
    // The second build is held until two more commits have landed.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let builds = 0;
    const { base, commit, follower, lines, firstCommit } = await setup('old', async () => {
      builds += 1;
      if (builds === 2) await held;
    });
    const second = await commit('second');
    await waitFor('the second build to start', () => builds === 2);
    const third = await commit('third');
    const fourth = await commit('fourth');
    // Several polls see the fourth while the second is still being built.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await waitFor('the last build', () => follower.servedCommit === fourth);
    expect(await versionOf(base)).toBe('fourth');
    expect(lines).not.toContain(followMessages.building(third));
    expect(lines.filter((line) => line.startsWith('Commit '))).toEqual([
      followMessages.building(firstCommit),
      followMessages.building(second),
      followMessages.building(fourth),
    ]);
  });

  it('leaves no worktree and no superseded build behind', async () => {
    const { checkout, buildsDir, commit, follower } = await setup('old');
    const second = await commit('new');
    await waitFor('the new build', () => follower.servedCommit === second);
    const worktrees = (await git(checkout, ['worktree', 'list', '--porcelain'])).stdout;
    expect(worktrees.match(/^worktree /gm)).toHaveLength(1);
    expect(existsSync(join(checkout, 'node_modules'))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // Only the build served now is left, beside the follower's own source folder, index and home.
    expect(readdirSync(buildsDir).filter((name) => !['source', 'index', 'home'].includes(name))).toEqual([
      expect.stringMatching(new RegExp(`^site-${second}-`)),
    ]);
  });

  it('notices a new commit as git writes it, without waiting for its next question to git', async () => {
    const repo = await testCheckout(cleanups);
    // It asks git at start, and then not for an hour.
    const { follower, home } = await serveFollowing(cleanups, {
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      intervalMs: 3_600_000,
    });
    await waitFor('the first build', () => follower.servedCommit !== undefined);
    const second = await repo.commit({ 'pages/version.txt': 'second' });
    await waitFor('the second build', () => follower.servedCommit === second);
    expect(await home()).toContain('<title>second</title>');
  });

  it('says once, in words, that a folder is no git checkout, and keeps going', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'follow-no-git-'));
    const buildsDir = mkdtempSync(join(tmpdir(), 'follow-builds-'));
    cleanups.push(() => {
      for (const dir of [folder, buildsDir]) rmSync(dir, { recursive: true, force: true });
    });
    const lines: string[] = [];
    const follower = await followBranch({
      checkout: folder,
      buildsDir,
      serveBuild: () => undefined,
      intervalMs: 20,
      log: (line) => lines.push(line),
    });
    cleanups.push(() => follower.stop());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const told = lines.filter((line) => line.startsWith('Cannot ask git'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('not a git repository');
    expect(follower.servedCommit).toBeUndefined();
  });
});
