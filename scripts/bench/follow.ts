/**
 * The live site following a publish, for `npm run bench` (issue 34: a one-page publish goes live
 * in at most 5 s after the follower sees the commit, on two idle cores). Starts a real follower,
 * `node --import tsx scripts/start.ts --follow --no-build` as the README's systemd unit starts it
 * (as root, its builds run as nobody), on a scratch clone of this checkout's HEAD whose dist/
 * starts as this checkout's; waits for its first build; then RUNS times commits a one-page change
 * (the title of pages/about.json) and reads the server's lines as they come:
 *
 * - seen → serves: the follower's own figure, `The site now serves commit … (built in X s)`, from
 *   the moment its poll saw the commit (checks, writing the source folder, linking the served
 *   build, the build itself, handing it over, switching);
 * - commit → serves: from the commit to that line as this script reads it, the follower's
 *   noticing of the commit included (it watches git's folder, and asks every 2 s besides).
 *
 * Prints its section of reports/bench.md on stdout, progress on stderr. A benchmark: it fails
 * only when something breaks (a build that fails, a server that stops).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tooling/free-port';

const root = join(fileURLToPath(import.meta.url), '../../..');
const work = join(root, 'node_modules/.cache/bench-follow');
const site = join(work, 'site');
const RUNS = 7;
const TARGET_MS = 5000;
const ABOUT = 'pages/about.json';
/** A first build may be a full one on a busy machine; a one-page one is seconds. */
const FIRST_BUILD_MS = 15 * 60_000;
const ONE_PAGE_MS = 5 * 60_000;
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};

const progress = (line: string): boolean => process.stderr.write(`${line}\n`);
const git = (args: string[], cwd = site): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' }).trim();

/**
 * The scratch clone: HEAD of this checkout, this checkout's dist/ (hard links), and a
 * node_modules of links to this checkout's packages, so that its own node_modules/.cache (where
 * `npm start` keeps the follower's builds) is its own. Readable to all: the builds run as nobody.
 */
function prepareClone(): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  chmodSync(work, 0o755);
  git(['clone', '-q', '--', root, site], work);
  const packages = join(site, 'node_modules');
  mkdirSync(packages);
  for (const name of readdirSync(join(root, 'node_modules')).filter((name) => !['.cache', '.vite', '.vite-temp'].includes(name)))
    symlinkSync(join(root, 'node_modules', name), join(packages, name));
  if (existsSync(join(root, 'dist'))) cpSync(join(root, 'dist'), join(site, 'dist'), { recursive: true });
}

interface Said {
  line: string;
  at: number;
}

/** The server's lines as they come, each with when it came; `next` waits for one that `matches`. */
function linesOf(child: ChildProcess) {
  const said: Said[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr])
    if (stream)
      createInterface({ input: stream }).on('line', (line) => {
        said.push({ line, at: performance.now() });
        for (const wake of waiting) wake();
      });
  let ended = false;
  child.on('exit', () => {
    ended = true;
    for (const wake of waiting) wake();
  });
  return {
    said,
    /** The first line from `from` on that `matches`; throws on a line that `fails`, an ended server, or after `ms`. */
    async next(from: number, matches: (line: string) => boolean, fails: (line: string) => boolean, ms: number): Promise<Said> {
      const until = performance.now() + ms;
      for (;;) {
        const found = said.slice(from).find(({ line }) => matches(line) || fails(line));
        if (found && matches(found.line)) return found;
        if (found) {
          // The lines after it are what the build said.
          await new Promise((resolve) => setTimeout(resolve, 500));
          throw new Error(
            `The follower said:\n${said
              .slice(said.indexOf(found))
              .map(({ line }) => line)
              .join('\n')}`,
          );
        }
        if (ended) throw new Error(`The server stopped:\n${said.map(({ line }) => line).join('\n')}`);
        if (performance.now() > until) throw new Error(`Nothing came within ${ms / 1000} s:\n${said.map(({ line }) => line).join('\n')}`);
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 1000);
          waiting.add(wake);
        });
      }
    },
  };
}

const failed = (line: string): boolean =>
  /^The build of commit .* (failed|did not finish|cannot be served)|is not built|was not built|Not following/.test(line);
const short = (commit: string): string => commit.slice(0, 12);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const median = (values: number[]): number => sorted(values)[Math.floor(values.length / 2)] ?? Number.NaN;

prepareClone();
const port = await freePort();
const load = loadavg().map((value) => value.toFixed(1));
progress(`A follower on a scratch clone at ${short(git(['rev-parse', 'HEAD']))}, port ${port}; load average ${load.join(', ')}.`);
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--follow', '--no-build'], {
  cwd: site,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STORE_PATH: join(work, 'submissions.db'),
    BUILD_CACHE_DIR: join(root, 'node_modules/.cache/build'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const lines = linesOf(server);
const runs: { seenMs: number; commitMs: number; kind: string }[] = [];
try {
  const head = git(['rev-parse', 'HEAD']);
  const first = await lines.next(0, (line) => line.startsWith(`The site now serves commit ${short(head)}`), failed, FIRST_BUILD_MS);
  progress(first.line);
  const about = join(site, ABOUT);
  for (let run = 1; run <= RUNS; run += 1) {
    const page = JSON.parse(readFileSync(about, 'utf8')) as { title: string };
    writeFileSync(about, `${JSON.stringify({ ...page, title: `${page.title.replace(/ \(bench \d+\)$/, '')} (bench ${run})` }, null, 2)}\n`);
    const from = lines.said.length;
    git(['commit', '-q', '-a', '-m', `Bench: the About page's title, run ${run}`]);
    const committed = performance.now();
    const commit = git(['rev-parse', 'HEAD']);
    const served = await lines.next(from, (line) => line.startsWith(`The site now serves commit ${short(commit)}`), failed, ONE_PAGE_MS);
    const built = /\(built in ([\d.]+) s\)(?:: (.*))?$/.exec(served.line);
    runs.push({ seenMs: Number(built?.[1]) * 1000, commitMs: served.at - committed, kind: built?.[2] ?? '' });
    progress(`Run ${run}: ${served.line}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
  rmSync(work, { recursive: true, force: true });
}

const row = (name: string, values: number[]): string =>
  `| ${name} | ${seconds(sorted(values)[0] ?? 0)} | ${seconds(median(values))} | ${seconds(sorted(values).at(-1) ?? 0)} |`;
const seen = runs.map(({ seenMs }) => seenMs);
console.log(
  [
    '## The live site following a publish',
    '',
    `A real follower (\`node --import tsx scripts/start.ts --follow\`${process.getuid?.() === 0 ? ', as root: its builds run as nobody' : ''}) on a scratch clone of HEAD; ${RUNS} runs, each committing a one-page change (the title of ${ABOUT}) and timed to the server's \`The site now serves commit …\`. ${cpus().length} cores, load average ${load.join(', ')} before the runs.`,
    '',
    '| from → to | min | median | max |',
    '|---|---:|---:|---:|',
    row('the follower saw the commit → the site serves it (its own figure)', seen),
    row(
      'the commit → the site serves it (noticing it included)',
      runs.map(({ commitMs }) => commitMs),
    ),
    '',
    `What the builds said: ${[...new Set(runs.map(({ kind }) => kind))].join('; ')}`,
    '',
    `Target (issue 34): a one-page publish live at most ${TARGET_MS / 1000} s after the follower sees it, on two idle cores: median ${seconds(median(seen))}, slowest ${seconds(Math.max(...seen))}, ${Math.max(...seen) <= TARGET_MS ? 'meets target' : 'MISSES target'}${Number(load[0]) > 1 ? ' (the cores were not idle: see the load average)' : ''}.`,
    '',
  ].join('\n'),
);
