/**
 * Plain `npm start` (scripts/start.ts, without --follow) while builds rewrite the folder it
 * serves: the real server processes (one, and WORKERS=2) over a real build of a copy of the
 * site, real `npm run build` runs into that folder, one of them killed (SIGKILL) halfway through
 * its prerender, and requests for every route coming all the while. Every answer must be a whole
 * page of the last finished build or of the next; a build that finishes is served, new pages
 * included, without a restart. Each step waits for the state it expects, never for a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePageSet } from '../../../scripts/bench/write-page-set';
import { keptFiles } from '../../../scripts/build/incremental/kept-files';
import { loadSite } from '../../../scripts/content/load-site';
import { outputFileOfRoute } from '../../../scripts/content/route-of-file';
import { servedDistMessages } from '../../../scripts/site-server/served-dist';
import { root, runCommand, scratchFolder, startCommand, TSX } from '../../helpers/project';
import { waitFor } from '../../helpers/wait';

const scratch = scratchFolder('site-server-builds');
const pagesDir = writePageSet(root, scratch, 0, []);
const out = join(scratch, 'dist');
const record = keptFiles(out).record;
const buildEnv = { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: join(scratch, 'cache') };
const routes = loadSite(root, pagesDir).pages.map(({ route }) => route);
/** The page the second build adds. */
const ADDED = '/about-again';
/** Every address asked for, and the file of the build that answers it. */
type Asked = [path: string, file: string];
const ASKED: Asked[] = [
  ...routes.map((route): [string, string] => [route, outputFileOfRoute(route)]),
  ['/sitemap.xml', 'sitemap.xml'],
  ['/404.html', '404.html'],
  ['/no-such-page', '404.html'],
];
/** The same, and the page the second build adds. */
const ALL: Asked[] = [...ASKED, [ADDED, outputFileOfRoute(ADDED)]];

const hash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** Each file's hash in a finished build, as asked for. */
const hashesOf = (folder: string): Map<string, string> =>
  new Map(ALL.filter(([, file]) => existsSync(join(folder, file))).map(([, file]) => [file, hash(readFileSync(join(folder, file)))]));

/** `npm run build -- --out <out>` of the copy, to its end; fails with what it printed. */
function build(...args: string[]): string {
  const run = runCommand('build', ['--out', out, ...args], { env: buildEnv });
  if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** The same, while this process goes on asking the servers (a build run to its end here would hold every request). */
async function buildMeanwhile(...args: string[]): Promise<string> {
  const child = startCommand('build', ['--out', out, ...args], { env: buildEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed:\n${said}`);
  return said;
}

/**
 * One GET on a connection of its own, the body decoded as the server encoded it. Not fetch: its
 * pool reuses kept-alive connections, and one the server closed while idle (after 5 s) fails
 * the next request sent on it, which says nothing about the server.
 */
function get(base: string, path: string, encoding = 'identity'): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${base}${path}`, { agent: false, headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = response.headers['content-encoding'];
        try {
          const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, body });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
  });
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Every server process started, to be stopped at the end whatever happened. */
const started: ChildProcess[] = [];

/** scripts/start.ts --no-build --dist <out>, as `npm start` runs it, on a free port; resolves once it answers (whatever it answers: the folder may be half-written). */
async function startServer(name: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...TSX, join(root, 'scripts/start.ts'), '--no-build', '--dist', out], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STORE_PATH: join(scratch, `${name}.db`), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const server = { name, base: `http://127.0.0.1:${port}`, child, output: () => said };
  await waitFor(`${name} to answer`, async () => {
    if (child.exitCode !== null) throw new Error(`${name} stopped:\n${said}`);
    return (await get(server.base, '/').catch(() => undefined)) !== undefined;
  });
  return server;
}

/** One answer: which server, which address, its status and its body's hash. */
interface Seen {
  server: string;
  path: string;
  status: number;
  body: string;
}

const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * Asks every server for every address, round after round (each encoding in turn, so the
 * compressed copies are read too), until stopped; keeps every answer to be judged.
 */
function keepAsking(servers: Server[]) {
  const seen: Seen[] = [];
  const rounds = new Map(servers.map(({ name }) => [name, 0]));
  let stopped = false;
  let turn = 0;
  const ask = async (server: Server): Promise<void> => {
    while (!stopped) {
      for (const [path] of ALL) {
        const encoding = ENCODINGS[turn++ % ENCODINGS.length] ?? 'identity';
        const answer = await get(server.base, path, encoding)
          .then(({ status, body }) => ({ status, body: hash(body) }))
          .catch((error: Error) => ({ status: 0, body: error.message }));
        seen.push({ server: server.name, path, ...answer });
      }
      rounds.set(server.name, (rounds.get(server.name) ?? 0) + 1);
    }
  };
  const asking = Promise.all(servers.map(ask));
  return {
    seen,
    /** How many whole rounds every server has answered. */
    rounds: () => Math.min(...rounds.values()),
    async stop(): Promise<Seen[]> {
      stopped = true;
      await asking;
      return seen;
    },
  };
}

/** The answers that are not a whole page of one of the `builds` (file hashes), with the status it should have. */
function wrongAnswers(seen: Seen[], builds: Map<string, string>[]): string[] {
  const fileOf = new Map(ALL);
  return seen
    .filter(({ path, status, body }) =>
      builds.every((build) => {
        const file = fileOf.get(path) ?? '';
        // A page a build lacks is its not-found page, with 404.
        const expected = build.get(file)
          ? { status: path === '/no-such-page' ? 404 : 200, body: build.get(file) }
          : { status: 404, body: build.get('404.html') };
        return status !== expected.status || body !== expected.body;
      }),
    )
    .map(({ server, path, status }) => `${server} ${path}: ${status}`);
}

let servers: Server[] = [];
let first: Map<string, string>;

beforeAll(() => {
  expect(build('--full')).toContain('Full build: --full asks for one.');
  first = hashesOf(out);
});

// Every server started, ready or not, is stopped as `npm start` is (its snapshots go with it).
afterAll(async () => {
  const running = started.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => once(child, 'exit')));
});

describe('plain npm start while builds rewrite its folder', () => {
  it('answers every page, the sitemap and the not-found page of the last finished build while a build is killed halfway', async () => {
    servers = [await startServer('one process'), await startServer('two processes', { WORKERS: '2' })];
    const asking = keepAsking(servers);
    const pageFiles = routes.map((route) => join(out, outputFileOfRoute(route)));
    /** Halfway: the record gone, some pages written again and others not yet, the sitemap not yet. */
    const halfway = (): boolean => {
      if (existsSync(record) || existsSync(join(out, 'sitemap.xml')) || !existsSync(join(out, 'assets'))) return false;
      const written = pageFiles.filter(existsSync).length;
      return written > 0 && written < pageFiles.length;
    };
    // A build that ends before it is caught halfway (a fast moment) is followed by another.
    let killed = false;
    for (let attempt = 1; !killed; attempt += 1) {
      if (attempt > 5) throw new Error('Five builds ended before one could be stopped halfway.');
      const builder = startCommand('build', ['--out', out, '--full'], { env: buildEnv, stdio: 'ignore' });
      const ended = new Promise((resolve) => builder.once('exit', resolve));
      while (builder.exitCode === null && builder.signalCode === null) {
        if (halfway()) {
          // Stopped first, looked at again, then killed: the state is the one waited for.
          builder.kill('SIGSTOP');
          if (halfway()) {
            builder.kill('SIGKILL');
            killed = true;
            break;
          }
          builder.kill('SIGCONT');
        }
        await sleep(5);
      }
      await ended;
    }
    // Halfway indeed: pages and the site's files the server served are gone from the folder.
    const missing = routes.filter((route) => !existsSync(join(out, outputFileOfRoute(route))));
    expect(missing.length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'sitemap.xml'))).toBe(false);
    expect(existsSync(record)).toBe(false);
    const after = asking.rounds();
    await waitFor('three more rounds of requests after the build was killed', () => asking.rounds() >= after + 3);
    const seen = await asking.stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(wrongAnswers(seen, [first])).toEqual([]);
  });

  it('serves the next build that finishes, its new page included, without a restart, every answer whole from one build or the other', async () => {
    // A third server, started on the half-written folder: it says so, and serves it until a build finishes.
    const late = await startServer('started on a half-written folder');
    servers.push(late);
    const page = JSON.parse(readFileSync(join(pagesDir, 'about.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(pagesDir, 'about-again.json'),
      JSON.stringify({ ...page, title: 'About, once more', description: 'The same company, on a page a later build adds.' }, null, 2),
    );
    const text = readFileSync(join(pagesDir, 'testing.json'), 'utf8');
    writeFileSync(join(pagesDir, 'testing.json'), text.replace(/"title": "([^"]+)"/, '"title": "$1, changed"'));
    const asking = keepAsking(servers);
    // No record (the last build was killed): a full build.
    expect(await buildMeanwhile()).toMatch(/^Full build: there is no record of a finished build in the output folder\.$/m);
    const second = hashesOf(out);
    expect(second.get(outputFileOfRoute(ADDED))).toBeDefined();
    expect(second.get(outputFileOfRoute('/testing'))).not.toBe(first.get(outputFileOfRoute('/testing')));
    // Each server, with no restart, comes to answer every address from the new build.
    for (const server of servers)
      await waitFor(`${server.name} to serve the new build`, async () => {
        for (const [path, file] of ALL) {
          const { body } = await get(server.base, path).catch((error: Error) => {
            throw new Error(`${server.name} failed to answer ${path} (${error.message}). It said:\n${server.output()}`);
          });
          if (hash(body) !== second.get(file)) return false;
        }
        return true;
      });
    for (const server of servers) {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.output()).toContain(servedDistMessages.switched(out));
    }
    expect(late.output()).toContain(servedDistMessages.noRecord(out));
    const seen = await asking.stop();
    // The late server served the half-written folder before: only the other two are held to whole builds throughout.
    expect(
      wrongAnswers(
        seen.filter(({ server }) => server !== late.name),
        [first, second],
      ),
    ).toEqual([]);
  });

  it('removes the snapshot it served before once nothing reads from it, and every snapshot when it stops', async () => {
    const place = join(root, 'node_modules/.cache/site-served');
    const snapshotsOf = (server: Server): string[] =>
      readdirSync(place)
        .filter((name) => name.startsWith(`${server.child.pid}-`))
        .flatMap((name) => readdirSync(join(place, name)));
    // The build before keeps its assets for a minute (a page loaded before the switch asks for them after it).
    for (const server of servers) await waitFor(`${server.name} to keep one snapshot`, () => snapshotsOf(server).length === 1);
    for (const server of servers) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited, server.output()).toBe(0);
      // Removed by a process of its own once the server has ended.
      await waitFor(`${server.name}'s snapshots to go`, () => !readdirSync(place).some((name) => name.startsWith(`${server.child.pid}-`)));
    }
  });

  it('says in one line that a folder to serve does not exist, is a file, or holds a build it cannot read', () => {
    const start = (folder: string) =>
      runCommand('start', ['--no-build', '--dist', folder], {
        env: { ...process.env, PORT: '0', STORE_PATH: join(scratch, 'refused.db') },
      });
    for (const folder of [join(scratch, 'no-such-folder'), join(out, 'index.html')]) {
      const run = start(folder);
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(servedDistMessages.missing(folder));
    }
    // Its security headers' file is a folder: they cannot be read, and no page goes out without them.
    const odd = join(scratch, 'odd-build');
    mkdirSync(join(odd, '_headers'), { recursive: true });
    writeFileSync(join(odd, 'index.html'), '<!doctype html><p>Home</p>');
    const run = start(odd);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(servedDistMessages.unreadable(odd, 'EISDIR'));
  });
});
