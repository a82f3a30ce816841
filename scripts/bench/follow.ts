/**
 * Press Publish → live, for `npm run bench` (issue 36: a one-page publish live within 5 s of the
 * push, a menu change within 15 s, p95 of 10 runs on two idle cores), as a person meets it. Runs
 * alone too: `tsx scripts/bench/follow.ts`.
 *
 * Three repositories (scratch-remote.ts): a bare remote; the editor's clone, edited by the real
 * editor (`npm run edit`, EDIT_ROOT); the live site's clone, whose upstream is the remote, served
 * by a real follower (`node --import tsx scripts/start.ts --follow --no-build`, as the README's
 * systemd unit starts it: as root, its builds run as nobody), which fetches the remote itself.
 * RUNS times for a page (the title of pages/about.json) and RUNS times for the menu (a label of
 * the main menu in pages/_site.json), each run saves the change through the editor's API, presses
 * Publish (POST publish, which checks the site, commits and pushes) and asks the live site until
 * `/_live?commit=` answers live and the page it serves holds the new words (publish-to-live.ts).
 * Each run is also cut at the publish's answer (the push done), at the follower's line saying it
 * builds the commit, and at its line saying the site serves it.
 *
 * Prints its section of reports/bench.md on stdout, progress on stderr. A benchmark: it fails
 * only when something breaks (a publish refused, a build that fails, a server that stops).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../tooling/free-port';
import { type Change, followerFailed, type PublishTimes, publishToLive } from './publish-to-live';
import { scratchRemote } from './scratch-remote';
import { serverLines } from './server-lines';
import { loadAverage, progress, seconds, timingRow } from './timing-row';
import { startServer } from './start-server';

const root = join(fileURLToPath(import.meta.url), '../../..');
const work = join(root, 'node_modules/.cache/bench-follow');
/** When this runs alone: `--runs <n>` runs of each change instead of 10, `--only page` or `--only menu`. */
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' }, only: { type: 'string' } } });
const RUNS = Number(args.runs) || 10;
/** A first build may be a full one on a busy machine; a publish takes seconds. */
const FIRST_BUILD_MS = 15 * 60_000;
const RUN_MS = 5 * 60_000;

const PAGE: Change = {
  path: 'pages/about.json',
  edit: (value, words) => {
    value.title = `About us (${words})`;
  },
  shownAt: '/about',
};
/** The label of the main menu's second item ("Agentic AI"), shown in the header of every page. */
const MENU: Change = {
  path: 'pages/_site.json',
  edit: (value, words) => {
    const items = (value.nav as { items: { label: string }[] }).items;
    if (items[1]) items[1].label = `Agentic AI (${words})`;
  },
  shownAt: '/',
};
const TARGETS = { page: 5000, menu: 15000 };

const { site: siteDir, editor: editorDir, head } = scratchRemote(root, work);
const port = await freePort();
progress(`A bare remote, the editor's clone and the live site's clone at ${head.slice(0, 12)}; load average ${loadAverage()}.`);
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--follow', '--no-build'], {
  cwd: siteDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STORE_PATH: join(work, 'submissions.db'),
    BUILD_CACHE_DIR: join(root, 'node_modules/.cache/build'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const follower = serverLines(server);
const site = `http://127.0.0.1:${port}`;
const measured: { name: string; change: Change; target: number; runs: PublishTimes[]; load: [string, string] }[] = [
  { name: 'a page (the title of pages/about.json)', change: PAGE, target: TARGETS.page, runs: [], load: ['', ''] },
  { name: 'the menu (a label in pages/_site.json)', change: MENU, target: TARGETS.menu, runs: [], load: ['', ''] },
];
let editor: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const first = await follower.next(
    0,
    (line) => line.startsWith(`The site now serves commit ${head.slice(0, 12)}`),
    followerFailed,
    FIRST_BUILD_MS,
  );
  progress(first.line);
  await follower.next(0, (line) => line.startsWith('Fetching main from origin'), followerFailed, RUN_MS);
  editor = await startServer(root, 'edit', { EDIT_ROOT: editorDir, EDIT_PORT: '0' });
  progress(`The editor at ${editor.url}, the live site at ${site}.`);
  for (const each of measured.filter(({ change }) => !args.only || change === (args.only === 'menu' ? MENU : PAGE))) {
    each.load[0] = loadAverage();
    for (let run = 1; run <= RUNS; run += 1) {
      const times = await publishToLive(
        editor.url,
        site,
        follower,
        each.change,
        `bench ${each.change === PAGE ? 'page' : 'menu'} ${run}`,
        RUN_MS,
      );
      each.runs.push(times);
      progress(
        `${each.name}, run ${run}: pushed ${seconds(times.pushed)}, building ${seconds(times.building)}, served ${seconds(times.served)}, live ${seconds(times.live)} (${times.kind}); load ${loadAverage()}`,
      );
    }
    each.load[1] = loadAverage();
  }
} finally {
  editor?.stop();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
  rmSync(work, { recursive: true, force: true });
}

const sections = measured
  .filter(({ runs }) => runs.length > 0)
  .flatMap(({ name, target, runs, load: [before, after] }) => [
    `**${name}**, ${runs.length} runs, load average ${before} before and ${after} after${Number(before.split(',')[0]) > 1 ? ' (the cores were not idle: the targets are for idle ones)' : ''}:`,
    '',
    '| from → to | p50 | p95 | max | target |',
    '|---|---:|---:|---:|---|',
    timingRow(
      'press Publish → live (`/_live` says live, the page holds the words)',
      runs.map((r) => r.live),
      target,
    ),
    timingRow(
      'press Publish → the publish answers (site checked, committed, pushed)',
      runs.map((r) => r.pushed),
    ),
    timingRow(
      'push done → live',
      runs.map((r) => r.live - r.pushed),
    ),
    timingRow(
      'push done → the follower builds it (fetched, fast-forwarded, noticed, judged)',
      runs.map((r) => r.building - r.pushed),
    ),
    timingRow(
      'the follower builds it → the site serves it (source folder, build, switch)',
      runs.map((r) => r.served - r.building),
    ),
    '',
    `What the builds said: ${[...new Set(runs.map(({ kind }) => kind))].join('; ')}`,
    '',
  ]);
console.log(
  [
    '## Press Publish → live',
    '',
    `The real editor (\`npm run edit\`) on one clone of a bare remote, a real follower (\`node --import tsx scripts/start.ts --follow\`${process.getuid?.() === 0 ? ', as root: its builds run as nobody' : ''}) on another, fetching the remote itself. Each run saves a change through the editor's API, presses Publish (the API call, which checks the site, commits and pushes), and asks the live site every 50 ms until \`/_live?commit=\` answers live and the page it serves holds the new words; p50 and p95 by nearest rank (of 10: the 5th and the 10th fastest). ${cpus().length} cores; targets on two idle cores (issue 36).`,
    '',
    ...sections,
  ].join('\n'),
);
