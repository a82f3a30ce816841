import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite as openStore } from '../../scripts/site-server/store/open-sqlite';
import { ENQUIRY, root } from '../helpers/site-server';
import { waitFor } from '../helpers/wait';

/**
 * A production install serves: the project's files as a clean clone has them, the dist/ a
 * build stage made, `npm ci --omit=dev`, and the README's own serve command. Nothing here may
 * reach this checkout's node_modules, which hold the dev dependencies too.
 */
const TEN_MINUTES = 600_000;
const dir = mkdtempSync(join(tmpdir(), 'production-install-'));
const storePath = join(dir, 'data/submissions.db');
let port = 0;
let base = '';
let server: ChildProcess | undefined;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The command of the README's Dockerfile (`CMD [...]`): what a container runs. */
function serveCommand(): string[] {
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1];
  if (!cmd) throw new Error('README.md has no Dockerfile CMD line (CMD ["node", …]): the test starts the server with it.');
  return JSON.parse(cmd) as string[];
}

// npm's own settings (npm_config_…) when Vitest runs under npm: the install must not inherit them.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));

/** Whether something accepts connections on the port. */
const listening = (): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  // The working tree's tracked files (uncommitted changes included, untracked files left out),
  // as `git clone` of this work would give, and the dist/ a build stage would hand over.
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  // From npm's cache where it can; better-sqlite3 compiles from source here, which takes minutes.
  const started = performance.now();
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  console.info(`npm ci --omit=dev took ${Math.round((performance.now() - started) / 1000)} s`);
}, TEN_MINUTES);

// Removing a node_modules takes a while on a busy disk.
afterAll(async () => {
  if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('scripts/start.ts from a production install', () => {
  it(
    'serves pages, stores an enquiry and stops cleanly on SIGTERM, with only the dependencies',
    async () => {
      expect(existsSync(join(dir, 'node_modules/vite'))).toBe(false);
      const [command = '', ...args] = serveCommand();
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const child = spawn(command, args, {
        cwd: dir,
        env: { ...env, HOST: '127.0.0.1', PORT: String(port), STORE_PATH: storePath },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = child;
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await waitFor('the server to listen (or end)', async () => child.exitCode !== null || (await listening()));
      expect(child.exitCode, output).toBeNull();
      expect(await listening(), output).toBe(true);

      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toMatch(/^<!doctype html>/i);

      // As the site's own dialog sends it: JSON, from a page of the same site.
      const enquiry = await fetch(`${base}/api/enquiry`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: JSON.stringify(ENQUIRY),
      });
      expect(enquiry.status, output).toBe(201);
      const { id } = (await enquiry.json()) as { id: number };

      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      const store = openStore(storePath);
      try {
        expect(store.enquiries().find((row) => row.id === id)).toMatchObject(ENQUIRY);
      } finally {
        store.close();
      }
      // The operator's command to read them works from the same install.
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'enquiries', '--', '--csv'], {
        cwd: dir,
        env: { ...env, STORE_PATH: storePath },
      });
      expect(stdout).toContain(`${id},`);
      expect(stdout).toContain(ENQUIRY.email);
    },
    TEN_MINUTES,
  );
});
