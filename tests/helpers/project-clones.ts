/**
 * This project as a team shares it: a bare remote holding its HEAD, the live server's clone (this
 * checkout's dist/, and links to its packages, so that its node_modules/.cache where the follower
 * keeps its builds is its own), and one clone per colleague named. All beside the installed
 * packages, on one file system, readable to the build user (the follower's builds run as nobody).
 * `startLiveSite` runs `npm start` (as its script runs, `node --import tsx scripts/start.ts`) in
 * the server's clone and asks /_live what became of a commit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { git } from '../../scripts/publish/git/git';
import { freePort } from '../../scripts/tooling/free-port';
import { type Cleanups, ISOLATED } from './follow-checkout';
import { root, TSX } from './project';
import { until, waitFor } from './wait';

export interface Live {
  commit: string;
  state: string;
  at: string | null;
  reason?: string;
  served: string | null;
}

export async function projectClones<Name extends string>(cleanups: Cleanups, colleagues: readonly Name[]) {
  const scratch = join(root, 'node_modules/.cache');
  mkdirSync(scratch, { recursive: true });
  const work = mkdtempSync(join(scratch, 'project-clones-'));
  chmodSync(work, 0o755);
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const remote = join(work, 'remote.git');
  const site = join(work, 'site');
  await git(work, ['clone', '-q', '--bare', '--', root, remote], { env: ISOLATED });
  await git(work, ['clone', '-q', '--', remote, site], { env: ISOLATED });
  const clones = {} as Record<Name, string>;
  for (const name of colleagues) {
    clones[name] = join(work, name);
    await git(work, ['clone', '-q', '--', remote, clones[name]], { env: ISOLATED });
  }
  mkdirSync(join(site, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules')).filter((name) => !['.cache', '.vite', '.vite-temp'].includes(name)))
    symlinkSync(join(root, 'node_modules', name), join(site, 'node_modules', name));
  cpSync(join(root, 'dist'), join(site, 'dist'), { recursive: true });
  const head = (await git(site, ['rev-parse', 'HEAD'])).stdout.trim();
  return { work, remote, site, clones, head };
}

/** `npm start` in `site` with `args` (and `env` besides the test's) on a free port; its lines as they come; stopped after the test. */
export async function startLiveSite(cleanups: Cleanups, site: string, work: string, args: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...TSX, 'scripts/start.ts', ...args], {
    cwd: site,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STORE_PATH: join(work, `store-${port}.db`), ...env },
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
