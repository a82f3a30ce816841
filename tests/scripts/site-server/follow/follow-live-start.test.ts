/**
 * A real `npm start -- --follow` (as its script runs, `node --import tsx scripts/start.ts`) on a
 * clone of this project whose upstream is a bare remote: a colleague's one-page publish pushed
 * there goes live with no pull, /_live says so with its time, a commit that changes code unsigned
 * answers refused while the site keeps its build, and bad requests to /_live are answered and
 * change nothing. Without --follow the address is not there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { liveReasons } from '../../../../scripts/site-server/follow/live-reasons';
import { git } from '../../../../scripts/publish/git/git';
import { liveStatusMessages } from '../../../../scripts/site-server/live-status';
import { freePort } from '../../../../scripts/tooling/free-port';
import { type Cleanups, ISOLATED } from '../../../helpers/follow-checkout';
import { root, TSX } from '../../../helpers/project';
import { until, waitFor } from '../../../helpers/wait';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Live {
  commit: string;
  state: string;
  at: string | null;
  reason?: string;
  served: string | null;
}

/**
 * A bare remote holding this project's HEAD, the server's clone of it (this checkout's dist/, and
 * links to its packages, so that its node_modules/.cache is its own) and a colleague's clone.
 * Beside the installed packages: one file system, readable to the build user.
 */
async function clones() {
  const scratch = join(root, 'node_modules/.cache');
  mkdirSync(scratch, { recursive: true });
  const work = mkdtempSync(join(scratch, 'follow-live-start-'));
  chmodSync(work, 0o755);
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const remote = join(work, 'remote.git');
  const site = join(work, 'site');
  const colleague = join(work, 'colleague');
  await git(work, ['clone', '-q', '--bare', '--', root, remote], { env: ISOLATED });
  await git(work, ['clone', '-q', '--', remote, site], { env: ISOLATED });
  await git(work, ['clone', '-q', '--', remote, colleague], { env: ISOLATED });
  mkdirSync(join(site, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules')).filter((name) => !['.cache', '.vite', '.vite-temp'].includes(name)))
    symlinkSync(join(root, 'node_modules', name), join(site, 'node_modules', name));
  cpSync(join(root, 'dist'), join(site, 'dist'), { recursive: true });
  const head = (await git(site, ['rev-parse', 'HEAD'])).stdout.trim();
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

/** `npm start` in `site` with `args` on a free port; its lines as they come; stopped after the test. */
async function start(site: string, work: string, args: string[]) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...TSX, 'scripts/start.ts', ...args], {
    cwd: site,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STORE_PATH: join(work, `store-${port}.db`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  let exited = false;
  child.on('exit', () => (exited = true));
  cleanups.push(async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`the server on port ${port}`, async () => {
    if (exited) throw new Error(`The server stopped:\n${lines.join('\n')}`);
    return fetch(`${base}/`).then(
      (answer) => answer.ok,
      () => false,
    );
  });
  const live = async (commit: string): Promise<Live> => (await fetch(`${base}/_live?commit=${commit}`)).json() as Promise<Live>;
  const liveWhen = (commit: string, state: string) =>
    until(`/_live to say ${state} for ${commit.slice(0, 12)} (the server said:\n${lines.join('\n')})`, async () => {
      if (exited) throw new Error(`The server stopped:\n${lines.join('\n')}`);
      const answer = await live(commit);
      return answer.state === state ? answer : undefined;
    });
  return { base, lines, live, liveWhen };
}

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
