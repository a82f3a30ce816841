/**
 * The editor's publishing through git, for `npm run bench`, against the targets of issue 25: a
 * page's History with 1,000 commits opens within 1 s, comparing two versions of the home page
 * takes at most 300 ms, and a publish without its push takes at most 1 s. `npm run bench` runs
 * this in its own process, as it does the editor's figures (scripts/bench/editor.ts).
 *
 * The figures are those of the functions the editor's server calls (scripts/editor/publish-api.ts),
 * called here directly, without HTTP, on a scratch checkout made from a copy of the content:
 *
 * - History: `history()` of pages/index.json with no limit, as GET history asks, once 1,000
 *   commits have changed the file (written with `git fast-import`: seconds, not minutes, and a
 *   history like any other, which `git log --follow` reads);
 * - Compare: two `versionAt()` calls and `compareVersions()`, as GET compare answers, for the
 *   oldest and newest versions (1,000 commits apart) and for the newest two; the titles are built
 *   once, as the editor's model, outside the timing, and the first compare is also timed cold,
 *   titles included, and each request's way of building the model again;
 * - Publish: `publish()` of one changed file (pages/about.json) in a checkout with no remote, so
 *   it commits and does not push.
 *
 * Prints its section of reports/bench.md on stdout, progress on stderr. A benchmark: it fails
 * only when something breaks (a publish that does not commit, a history that misses commits).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentFileOf } from '../content/content-file';
import { loadSite } from '../content/load-site';
import { editorModel } from '../editor/editor-model';
import { schemaKey, Workspace } from '../editor/workspace';
import { compareVersions } from '../publish/history/compare-versions';
import { type Titles, titlesOf } from '../../src/content/titles';
import { git } from '../publish/git/git';
import { history, versionAt } from '../publish/history/history';
import { publish } from '../publish/publish';

const root = join(fileURLToPath(import.meta.url), '../../..');
const work = join(root, 'node_modules/.cache/bench-publishing');
const HOME = 'pages/index.json';
const ABOUT = 'pages/about.json';
const COMMITS = 1000;
const HISTORY_RUNS = 5;
const COMPARE_RUNS = 20;
const PUBLISH_RUNS = 5;
const TARGETS = { historyMs: 1000, compareMs: 300, publishMs: 1000 };
const USER = { name: 'Bench Publisher', email: 'bench@example.com' };

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]): number => quantile(values, 0.5);
const slowest = (values: number[]): number => Math.max(...values);

/** Milliseconds `work` took, and what it gave. */
async function timed<T>(work: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** `work` run `runs` times, one after the other: the milliseconds of each. */
async function times(runs: number, work: (run: number) => unknown): Promise<number[]> {
  const ms: number[] = [];
  for (let run = 0; run < runs; run += 1) ms.push((await timed(() => work(run))).ms);
  return ms;
}

type Page = { description: string; blocks: Record<string, unknown>[] } & Record<string, unknown>;

/**
 * The home page as the `number`th commit leaves it: the banner's heading carries the number, and
 * the other changes come and go at their own pace, as edits do (a counter's value, the cards of a
 * grid in another order, two blocks swapped, a button taken away and put back, words added to the
 * last block, the description reworded). Each version differs from the one before.
 */
function homeAt(base: Page, number: number): string {
  const page = structuredClone(base);
  const every = (commits: number): boolean => Math.floor(number / commits) % 2 === 1;
  const [banner, counters, , grid] = page.blocks as [
    Record<string, unknown>,
    { items: { value: number }[] },
    unknown,
    { cards: unknown[] },
  ];
  banner.heading = `${String(banner.heading)} (${number})`;
  const firstCounter = counters.items[0];
  if (firstCounter) firstCounter.value += Math.floor(number / 5) % 5;
  const turn = Math.floor(number / 7) % grid.cards.length;
  grid.cards = [...grid.cards.slice(turn), ...grid.cards.slice(0, turn)];
  if (every(11)) page.blocks.splice(4, 2, page.blocks[5] as Record<string, unknown>, page.blocks[4] as Record<string, unknown>);
  if (every(13)) banner.actions = (banner.actions as unknown[]).slice(0, 1);
  const last = page.blocks.at(-1) as Record<string, unknown>;
  if (every(17)) last.text = `${String(last.text)} Call us today.`;
  if (every(3)) page.description = page.description.replace('Nuvora Systems', 'Nuvora');
  return `${JSON.stringify(page, null, 2)}\n`;
}

/**
 * The scratch checkout: the content copied and committed once, then COMMITS commits that each
 * change the home page, an hour apart, written by `git fast-import` and checked out.
 */
async function makeCheckout(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(work, folder), { recursive: true });
  await git(work, ['init', '-q', '-b', 'main']);
  await git(work, ['config', 'user.name', USER.name]);
  await git(work, ['config', 'user.email', USER.email]);
  await git(work, ['add', '-A']);
  const startedAt = Math.floor(Date.now() / 1000) - (COMMITS + 1) * 3600;
  const date = `@${startedAt} +0000`;
  await git(work, ['commit', '-q', '-m', 'The site as published'], { env: { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  const base = JSON.parse(readFileSync(join(work, HOME), 'utf8')) as Page;
  const first = (await git(work, ['rev-parse', 'HEAD'])).stdout.trim();
  const person = `${USER.name} <${USER.email}>`;
  // fast-import counts a data block in bytes: the page has characters outside ASCII.
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const stream: string[] = [];
  for (let number = 1; number <= COMMITS; number += 1) {
    const when = `${startedAt + number * 3600} +0000`;
    stream.push(
      'commit refs/heads/main\n',
      `author ${person} ${when}\ncommitter ${person} ${when}\n`,
      data(`Home page, edit ${number}`),
      number === 1 ? `from ${first}\n` : '',
      `M 100644 inline ${HOME}\n`,
      data(homeAt(base, number)),
    );
  }
  await git(work, ['fast-import', '--quiet'], { input: stream.join('') });
  // fast-import moved the branch only: the index and the files on disk follow it.
  await git(work, ['reset', '-q', '--hard', 'HEAD']);
}

const millis = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const targetWords = (ms: number): string => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);
const verdict = (value: number, target: number): string => `≤ ${targetWords(target)}: ${value <= target ? 'meets it' : 'MISSES it'}`;
const row = (figure: string, values: number[], target?: number): string =>
  `| ${figure} | ${millis(median(values))} | ${millis(slowest(values))} | ${target === undefined ? '' : verdict(median(values), target)} |`;

/** The machine's load average over the last minute: other work on it slows every figure. */
const load = (): string => loadavg()[0]?.toFixed(1) ?? '?';
const loadAtStart = load();
try {
  console.error(`Making a scratch checkout with ${COMMITS} commits of ${HOME}…`);
  const made = await timed(makeCheckout);
  console.error(`Made in ${millis(made.ms)}.`);

  console.error('Reading the history…');
  let versions: { commit: string }[] = [];
  const historyMs = await times(HISTORY_RUNS, async () => {
    versions = (await history(work, HOME)).versions;
  });
  if (versions.length !== COMMITS + 1) throw new Error(`The history of ${HOME} has ${versions.length} versions, not ${COMMITS + 1}.`);
  const newest = versions[0]?.commit ?? '';
  const previous = versions[1]?.commit ?? '';
  const oldest = versions.at(-1)?.commit ?? '';

  console.error('Comparing versions…');
  // As GET compare does: the editor's model of the workspace gives the titles.
  const workspace = new Workspace(work);
  const modelTitles = (): Titles => {
    const model = editorModel(workspace);
    const schema = contentFileOf(HOME.slice('pages/'.length))?.schema;
    return titlesOf(model.blocks, schema ? model.forms[schemaKey(schema)] : undefined);
  };
  const compare = async (from: string, to: string, titles: Titles = modelTitles()) => {
    const [older, newer] = [await versionAt(work, from, HOME), await versionAt(work, to, HOME)];
    if (!older.value || !newer.value) throw new Error(`${HOME} is not a JSON object in both versions.`);
    return compareVersions(older.value, newer.value, titles);
  };
  // The first compare in this process: the model is built for the first time (the workspace loads the site then).
  const coldTitles = await timed(modelTitles);
  const cold = await timed(() => compare(oldest, newest, coldTitles.value));
  if (cold.value.same) throw new Error('The oldest and newest versions of the home page compare as the same.');
  const titles = modelTitles();
  const farMs = await times(COMPARE_RUNS, () => compare(oldest, newest, titles));
  const nextMs = await times(COMPARE_RUNS, () => compare(previous, newest, titles));
  const requestMs = await times(COMPARE_RUNS, () => compare(oldest, newest));
  const titlesMs = await times(COMPARE_RUNS, modelTitles);

  console.error('Publishing…');
  const about = readFileSync(join(work, ABOUT), 'utf8');
  const publishMs: number[] = [];
  for (let run = 0; run < PUBLISH_RUNS; run += 1) {
    const page = JSON.parse(about) as Record<string, unknown>;
    // A new text at each run, so each publish has a change to commit.
    page.heading = `${String(page.heading)}${' (edited)'.repeat(run + 1)}`;
    writeFileSync(join(work, ABOUT), `${JSON.stringify(page, null, 2)}\n`);
    const published = await timed(() =>
      publish(work, { paths: [ABOUT], message: `About us, edit ${run + 1}`, author: { name: 'Ana Editor', email: 'ana@example.com' } }),
    );
    if (published.value.status !== 'committed') throw new Error(`Publishing ${ABOUT} did not commit: ${JSON.stringify(published.value)}`);
    publishMs.push(published.ms);
  }
  // Inside each publish, the whole site is checked (its problems, and those the published state
  // would have): timed alone, it says how much of a publish that is.
  const checkMs = await times(PUBLISH_RUNS, () => loadSite(work));

  const versionCount = (COMMITS + 1).toLocaleString('en');
  console.log(
    [
      "# Publishing through git (the editor's History, Compare and Publish)",
      '',
      `Run ${new Date().toISOString()}, the machine's load average ${loadAtStart} as it began and ${load()} as it ended, on ${cpus().length} cores, with git ${(await git(work, ['--version'])).stdout.trim().replace(/^git version /, '')}: the functions the editor's server calls for History, Compare and Publish (scripts/editor/publish-api.ts), called directly on a scratch checkout of a copy of the content in which ${COMMITS.toLocaleString('en')} commits changed ${HOME} (made in ${millis(made.ms)} with \`git fast-import\`), no remote; ${HISTORY_RUNS} runs of History, ${COMPARE_RUNS} of each Compare, ${PUBLISH_RUNS} publishes.`,
      '',
      `History reads all ${versionCount} versions of the home page (\`git log --follow\`, no limit, as the History panel asks). A compare reads both versions from git (three git processes each) and compares them, the titles of the editor's model built once beforehand; the first compare in this process is timed alone, titles included, as its model is built for the first time (its workspace loads and checks the whole site, compiling the schemas), and the editor's server builds its model again for each compare, timed as its own figure. Each publish first changes ${ABOUT} on disk, then checks the site, commits that one file and moves the branch.`,
      '',
      '| figure | median | slowest | target |',
      '|---|---:|---:|---|',
      row(`History of ${HOME}, ${versionCount} versions`, historyMs, TARGETS.historyMs),
      row(`Compare the home page: oldest and newest versions (${COMMITS.toLocaleString('en')} commits apart)`, farMs, TARGETS.compareMs),
      row('Compare the home page: the newest two versions', nextMs, TARGETS.compareMs),
      row(
        'Compare the home page: the first in this process, titles included (oldest and newest; one run)',
        [coldTitles.ms + cold.ms],
        TARGETS.compareMs,
      ),
      row("within it: the editor's model built for the first time (its workspace loads and checks the site)", [coldTitles.ms]),
      row(
        "Compare the home page as each GET compare does it, the editor's model built again (oldest and newest)",
        requestMs,
        TARGETS.compareMs,
      ),
      row("within it: the editor's model and the titles alone", titlesMs),
      row(`Publish ${ABOUT}, without the push`, publishMs, TARGETS.publishMs),
      row('within it: checking the whole site (loadSite), timed alone', checkMs),
      '',
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
