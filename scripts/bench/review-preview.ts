/**
 * Ask for review → a working preview link, beside Approve → live, for `npm run bench` (issue 37:
 * a one-page change's link working within 5 s of pressing Ask for review, on two idle cores). Runs
 * alone too: `tsx scripts/bench/review-preview.ts [--runs n]`.
 *
 * As scripts/bench/follow.ts: a bare remote, the editor's clone edited by the real editor
 * (`npm run edit`, with PREVIEW_SITE_URL and PREVIEW_LINK_SECRET), the live site's clone served
 * by a real follower with its preview server (`scripts/start.ts --follow --no-build`, PREVIEW_PORT).
 * Each run saves a new heading of pages/about.json through the editor's API, presses Ask for
 * review (POST ask-review) and Share a preview link (POST share-preview), then opens the link as
 * a reviewer's browser does (the link, its cookie, the page it sends to) every 50 ms until the
 * page holds the new words; then presses Approve and publish and asks the live site until
 * `/_live` says live and the page holds the words.
 *
 * Prints its section of reports/bench.md on stdout, progress on stderr. Fails only when something
 * breaks.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../tooling/free-port';
import { editorApi, followerFailed } from './publish-to-live';
import { scratchRemote } from './scratch-remote';
import { serverLines } from './server-lines';
import { loadAverage, progress, seconds, timingRow } from './timing-row';
import { startServer } from './start-server';

const root = join(fileURLToPath(import.meta.url), '../../..');
const work = join(root, 'node_modules/.cache/bench-review');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(args.runs) || 5;
const FIRST_BUILD_MS = 15 * 60_000;
const RUN_MS = 5 * 60_000;
const TARGET_MS = 5000;
const SECRET = 'the secret of the review bench';
const ABOUT = 'pages/about.json';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready` holds, asking every 50 ms; ms from `since`. */
async function until(what: string, since: number, ready: () => Promise<boolean>): Promise<number> {
  const deadline = performance.now() + RUN_MS;
  while (!(await ready())) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${RUN_MS / 1000} s.`);
    await pause(50);
  }
  return performance.now() - since;
}

/** Opens a preview link as a browser does: whether the page it sends to holds `words`. */
async function previewShows(link: string, words: string): Promise<boolean> {
  const opened = await fetch(link, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (opened.status !== 303) throw new Error(`The preview link answered ${opened.status}.`);
  const page = await fetch(new URL(opened.headers.get('location') ?? '/', link), { headers: { cookie } });
  return page.status === 200 && (await page.text()).includes(words);
}

const { site: siteDir, editor: editorDir, head } = scratchRemote(root, work);
const [port, previewPort] = [await freePort(), await freePort()];
const previews = `http://127.0.0.1:${previewPort}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--follow', '--no-build'], {
  cwd: siteDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STORE_PATH: join(work, 'submissions.db'),
    BUILD_CACHE_DIR: join(root, 'node_modules/.cache/build'),
    PREVIEW_PORT: String(previewPort),
    PREVIEW_LINK_SECRET: SECRET,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const follower = serverLines(server);
const site = `http://127.0.0.1:${port}`;
const runs: { ask: number; link: number; approve: number }[] = [];
const loads = ['', ''];
let editor: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await follower.next(0, (line) => line.startsWith(`The site now serves commit ${head.slice(0, 12)}`), followerFailed, FIRST_BUILD_MS);
  editor = await startServer(root, 'edit', {
    EDIT_ROOT: editorDir,
    EDIT_PORT: '0',
    PREVIEW_SITE_URL: previews,
    PREVIEW_LINK_SECRET: SECRET,
  });
  progress(`The editor at ${editor.url}, the live site at ${site}, its previews at ${previews}.`);
  loads[0] = loadAverage();
  for (let run = 1; run <= RUNS; run += 1) {
    const words = `Who we are, bench ${run}`;
    const opened = await editorApi<{ value: { blocks: { heading?: string }[] }; hash: string }>(
      editor.url,
      `file?path=${encodeURIComponent(ABOUT)}`,
    );
    const first = opened.value.blocks.find((block) => block.heading?.startsWith('Who we are'));
    if (!first) throw new Error('About has no "Who we are" heading to change.');
    first.heading = words;
    await editorApi(editor.url, 'save', { path: ABOUT, value: opened.value, base: opened.hash });
    const pressed = performance.now();
    const asked = await editorApi<{ status: string; review: { id: string } }>(editor.url, 'ask-review', {
      paths: [ABOUT],
      message: `Bench: ${words}`,
      author: { name: 'Bench Author', email: 'author@example.com' },
    });
    if (asked.status !== 'stored') throw new Error(`Not sent for review: ${JSON.stringify(asked)}`);
    const shared = await editorApi<{ status: string; review: { tip: string; links: { url?: string }[] } }>(editor.url, 'share-preview', {
      id: asked.review.id,
      author: { name: 'Bench Author', email: 'author@example.com' },
    });
    const link = shared.review.links.at(-1)?.url;
    if (!link) throw new Error(`No preview link: ${JSON.stringify(shared)}`);
    const ask = performance.now() - pressed;
    const linked = await until('The preview', pressed, () => previewShows(link, words));
    const approving = performance.now();
    const approved = await editorApi<{ status: string; commit?: string }>(editor.url, 'approve-review', {
      id: asked.review.id,
      tip: shared.review.tip,
      author: { name: 'Bench Reviewer', email: 'reviewer@example.com' },
    });
    if (approved.status !== 'published' || !approved.commit) throw new Error(`Not published: ${JSON.stringify(approved)}`);
    const live = await until('Live', approving, async () => {
      const answer = (await (await fetch(`${site}/_live?commit=${approved.commit}`)).json()) as { state: string };
      return answer.state === 'live' && (await (await fetch(`${site}/about`)).text()).includes(words);
    });
    runs.push({ ask, link: linked, approve: live });
    progress(
      `run ${run}: asked and shared ${seconds(ask)}, link working ${seconds(linked)}, approved → live ${seconds(live)}; load ${loadAverage()}`,
    );
  }
  loads[1] = loadAverage();
} finally {
  editor?.stop();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
  rmSync(work, { recursive: true, force: true });
}

console.log(
  [
    '## Ask for review → preview link, beside Approve → live',
    '',
    `The real editor (\`npm run edit\`, with preview links) on one clone of a bare remote; a real follower with its preview server (\`scripts/start.ts --follow\`, PREVIEW_PORT${process.getuid?.() === 0 ? ', as root: builds run as nobody' : ''}) on another. Each run saves a new heading of About, presses Ask for review and Share a preview link, opens the link as a browser does (its cookie, the page it leads to) every 50 ms until the page holds the new heading, then presses Approve and publish and asks the live site until \`/_live\` says live and the page holds it. ${runs.length} runs, load average ${loads[0]} before and ${loads[1]} after; ${cpus().length} cores; the target is for two idle ones.`,
    '',
    '| from → to | p50 | p95 | max | target |',
    '|---|---:|---:|---:|---|',
    timingRow(
      'press Ask for review → the link shows the change',
      runs.map((r) => r.link),
      TARGET_MS,
    ),
    timingRow(
      'press Ask for review → the link is shared (asked, stored, pushed; link step pushed)',
      runs.map((r) => r.ask),
    ),
    timingRow(
      'press Approve and publish → live',
      runs.map((r) => r.approve),
    ),
    '',
  ].join('\n'),
);
