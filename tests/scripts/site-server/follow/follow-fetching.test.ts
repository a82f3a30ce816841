/**
 * How soon the follower takes a pushed commit (issue 36, item 3: live within seconds of the
 * push). A question to /_live about a commit the follower has not seen makes it fetch soon: the
 * editor asks at once after a publish's push, so the follower need not wait for its next turn to
 * fetch. And a fetch that brings a commit, and a new commit seen, ask git no more than they must. Real git (a bare remote, a colleague's
 * clone that pushes), a real follower and a real site server with the route.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitStates } from '../../../../scripts/site-server/follow/commit-states';
import { fetchRemote, NUDGE_GAP_MS } from '../../../../scripts/site-server/follow/fetch-remote';
import { followBranch } from '../../../../scripts/site-server/follow/follow-branch';
import { type FollowGit, followGit } from '../../../../scripts/site-server/follow/follow-git';
import { LIVE_STATUS_PATH, liveStatus } from '../../../../scripts/site-server/live-status';
import { createSiteServer } from '../../../../scripts/site-server/site-server';
import { type Cleanups, tempFolder, testCheckout, withRemote } from '../../../helpers/follow-checkout';
import { until, waitFor } from '../../../helpers/wait';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Never, within a test: the follower's own turn to fetch does not come. */
const AN_HOUR_MS = 3_600_000;

/** The follower's fetching alone, through `git`, with no turn of its own to fetch within the test: only a question to /_live brings one. */
async function fetchingWith(git: FollowGit, states: ReturnType<typeof commitStates>, moved: () => void = () => undefined): Promise<void> {
  const stop = await fetchRemote({
    git,
    remote: undefined,
    intervalMs: AN_HOUR_MS,
    heldAfterMs: 30_000,
    states,
    log: () => undefined,
    stopped: () => false,
    trusting: () => true,
    moved,
  });
  cleanups.push(stop);
}

/** A bare remote, the server's checkout of it (main tracking origin/main), and a colleague's clone that commits and pushes. */
async function remoteAndClones() {
  const repo = await testCheckout(cleanups, 'first');
  const first = await repo.run(['rev-parse', 'HEAD']);
  const { colleague, there } = await withRemote(cleanups, repo);
  /** Commits pages/version.txt = `version` there and pushes it, as an editor's publish does; resolves with the commit. */
  const publish = async (version: string): Promise<string> => {
    const file = join(colleague, 'pages/version.txt');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, version);
    await there(['commit', '-q', '-a', '-F', '-'], `Publish ${version}`);
    await there(['push', '-q', 'origin', 'main']);
    return there(['rev-parse', 'HEAD']);
  };
  return { repo, first, publish };
}

describe('the follower fetching when asked about a commit it has not seen', () => {
  it('serves a pushed commit once /_live is asked about it, without waiting for its turn to fetch', async () => {
    const { repo, first, publish } = await remoteAndClones();
    const states = commitStates();
    const server = createSiteServer({ distDir: tempFolder(cleanups, 'follow-empty-'), routes: { [LIVE_STATUS_PATH]: liveStatus(states) } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const follower = await followBranch({
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      intervalMs: 50,
      fetchIntervalMs: AN_HOUR_MS,
      states,
      serveBuild: (dir) => server.serveBuild(dir),
      forgetPrevious: () => server.forgetPrevious(),
      log: () => undefined,
    });
    cleanups.push(() => follower.stop());
    await waitFor('the first build', () => follower.servedCommit === first);
    const pushed = await publish('pushed');
    const live = async (): Promise<{ state: string }> =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_live?commit=${pushed}`)).json() as Promise<{
        state: string;
      }>;
    // Asked as the editor asks after a publish: not seen yet, then fetched, built and served.
    expect((await live()).state).toBe('unknown');
    await until('/_live to say live for the pushed commit', async () => (await live()).state === 'live');
    expect(follower.servedCommit).toBe(pushed);
    const page = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
    expect(page).toContain('<title>pushed</title>');
  });

  it('fetches again after the fetch under way when asked during it, since that fetch may have asked the remote before the push', async () => {
    const { repo, first, publish } = await remoteAndClones();
    const states = commitStates();
    const real = followGit(repo.checkout, 120_000);
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetches: number[] = [];
    // Real git; the first fetch's answer is held back until the commit is pushed and asked about.
    const counted: FollowGit = async (args, options) => {
      const fetching = args.includes('fetch');
      if (fetching) fetches.push(Date.now());
      const result = await real(args, options);
      if (fetching && fetches.length === 1) await released;
      return result;
    };
    await fetchingWith(counted, states);
    await waitFor('the first fetch', () => fetches.length === 1);
    const pushed = await publish('pushed');
    states.askedUnseen();
    release();
    // The second fetch brings the commit, and the checkout is fast-forwarded to it.
    await until('the checkout to be fast-forwarded to the pushed commit', async () => (await repo.run(['rev-parse', 'HEAD'])) === pushed);
    expect(await repo.run(['rev-parse', 'HEAD'])).not.toBe(first);
    expect(fetches).toHaveLength(2);
  });

  it('fetches at most once a second more however often it is asked: the address is public', async () => {
    const { repo } = await remoteAndClones();
    const states = commitStates();
    const real = followGit(repo.checkout, 120_000);
    const fetches: number[] = [];
    const counted: FollowGit = (args, options) => {
      if (args.includes('fetch')) fetches.push(Date.now());
      return real(args, options);
    };
    await fetchingWith(counted, states);
    // Asked a thousand times every few milliseconds, until three fetches have started after the first.
    const asking = setInterval(() => {
      for (let times = 0; times < 1000; times += 1) states.askedUnseen();
    }, 5);
    try {
      await waitFor('three fetches after the first', () => fetches.length >= 4);
    } finally {
      clearInterval(asking);
    }
    const gaps = fetches.slice(1).map((at, index) => at - (fetches[index] ?? 0));
    // A timer may fire a millisecond early by the clock; never a fetch sooner than the gap.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(NUDGE_GAP_MS - 5);
  });
});

describe("the follower's fetch of a pushed commit", () => {
  it('fetches, reads both commits in one call and fast-forwards: git is asked why only when it cannot', async () => {
    const { repo, publish } = await remoteAndClones();
    const states = commitStates();
    const real = followGit(repo.checkout, 120_000);
    const calls: string[][] = [];
    const counted: FollowGit = (args, options) => {
      calls.push([...args]);
      return real(args, options);
    };
    let moved = 0;
    await fetchingWith(counted, states, () => {
      moved += 1;
    });
    await waitFor('the first fetch', () => moved === 1);
    const pushed = await publish('pushed');
    calls.length = 0;
    states.askedUnseen();
    await waitFor('the second fetch', () => moved === 2);
    expect(await repo.run(['rev-parse', 'HEAD'])).toBe(pushed);
    // Each call by its command, as git names it: the first word that is no option or setting.
    expect(calls.map((args) => args.find((arg) => !arg.startsWith('-') && !arg.includes('=')))).toEqual(['fetch', 'rev-parse', 'merge']);
  });
});

describe('the follower seeing a new commit', () => {
  it('asks git once for the commits it brings, when it builds it at once', async () => {
    // Real git behind a script that writes down each call the follower makes.
    const bin = tempFolder(cleanups, 'follow-git-');
    const calls = join(bin, 'calls.txt');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec '${realGit}' "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    cleanups.push(() => {
      process.env.PATH = path;
    });
    const repo = await testCheckout(cleanups, 'first');
    const first = await repo.run(['rev-parse', 'HEAD']);
    const follower = await followBranch({
      checkout: repo.checkout,
      buildsDir: tempFolder(cleanups, 'follow-builds-'),
      intervalMs: 50,
      serveBuild: () => undefined,
      log: () => undefined,
    });
    cleanups.push(() => follower.stop());
    await waitFor('the first build', () => follower.servedCommit === first);
    const second = await repo.commit({ 'pages/version.txt': 'second' });
    await waitFor('the second build', () => follower.servedCommit === second);
    const asked = readFileSync(calls, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('rev-list') && line.includes(second));
    expect(asked).toEqual([`rev-list --max-count=1000 ${second} ^${first} --`]);
  });
});
