/**
 * The visual editor's figures for `npm run bench`, each beside Puck 0.23's (scripts/bench/prepare-puck.ts)
 * measured in the same run, on the same machine, in the same headless Chromium at 1440 × 900.
 * `npm run bench` runs this in its own process, as the editor is a tool for development and the
 * rest of the bench runs in production mode. Each editor is started as a person starts it
 * (`npm run edit` on a copy of the content; `npm run serve` in Puck's built app), each tab is a
 * fresh browser profile (nothing cached), and each figure says where it starts and stops:
 *
 * - start → first screen: from starting the command to its first screen drawn (ours: the list of
 *   pages; Puck's: its editor with the page, as it has no list);
 * - open the home page: from navigating a new tab to the page's address in the editor to the
 *   fields of its first block shown, and to the preview showing the page (ours: the frame says it
 *   shows the draft; Puck: its canvas holds the page's last heading);
 * - keystroke → preview: from a key going down in the first block's Heading field to the preview's
 *   document holding the new text (measured in the page, with performance.now);
 * - ours alone: opening the home page from the list, the first start after a change to the code
 *   (it builds the editor first) and saving.
 *
 * Prints its section of reports/bench.md on stdout, progress on stderr. A benchmark: it fails
 * only when something breaks, and says why when Puck could not be measured.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildEditor } from '../editor/editor-build';
import { bundle as bundleServer } from '../editor/server-bundle.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium';
import { type Server, startServer } from './start-server';
import { freshTab, type Sign, seen, timeSigns, watchSigns } from './time-signs';
import { preparePuck } from './prepare-puck';

const root = join(fileURLToPath(import.meta.url), '../../..');
const STARTS = 3;
const OPENS = 5;
const KEYSTROKES = 60;
const SAVES = 10;
const HOME = 'pages/index.json';
/** The pause after each keystroke is drawn: some four keys a second, a brisk typist's pace. */
const PAUSE_MS = 200;
const TARGETS = { startMs: 1500, openMs: 800, keystrokeMs: 50 };

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]): number => quantile(values, 0.5);

/**
 * Starts a server and times it to its first screen in a new tab, until STARTS starts are counted;
 * the last one is left running. A start that built the editor first, or waited for another
 * editor's build, is not counted (the first after a change to the code, which another person's
 * edit can bring about between two starts): its time is another figure.
 */
async function starts(browser: Browser, start: () => Promise<Server>, firstScreen: Sign): Promise<{ times: number[]; server: Server }> {
  const times: number[] = [];
  let server: Server | undefined;
  try {
    for (let run = 0; times.length < STARTS && run < 3 * STARTS; run += 1) {
      server?.stop();
      const started = performance.now();
      server = await start();
      const page = await freshTab(browser);
      const navigated = performance.now();
      const { screen = 0 } = await timeSigns(page, server.url, { screen: firstScreen });
      if (!server.output.some((line) => /^(Building the editor|Waiting for another editor)/.test(line)))
        times.push(navigated - started + screen);
      await page.context().close();
    }
  } catch (error) {
    server?.stop();
    throw error;
  }
  return { times, server: server as Server };
}

/** Opens `address` in new tabs: milliseconds to the fields shown and to the preview showing the page. */
async function opens(browser: Browser, address: string, fields: Sign, drawn: Sign) {
  const times = { fields: [] as number[], drawn: [] as number[] };
  for (let run = 0; run < OPENS; run += 1) {
    const page = await freshTab(browser);
    const seen = await timeSigns(page, address, { fields, drawn });
    times.fields.push(seen.fields ?? 0);
    times.drawn.push(seen.drawn ?? 0);
    await page.context().close();
  }
  return times;
}

/**
 * Milliseconds, measured in the page, from a key going down in the first field named Heading (the
 * first block's, as both editors open a page with it selected) to the first h1 of the
 * preview's document (`frame`, a same-origin iframe) holding the new text. Each stroke types a
 * letter or takes it away, so the heading comes back to what it was; a person's next keystroke
 * comes a while later.
 */
async function keystrokes(page: Page, frame: string): Promise<number[]> {
  await page.getByRole('textbox', { name: 'Heading', exact: true }).first().click();
  await page.keyboard.press('End');
  await page.evaluate((selector) => {
    const marks = { down: 0, seen: [] as number[], text: '' };
    (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
    const preview = document.querySelector<HTMLIFrameElement>(selector)?.contentDocument;
    if (!preview) throw new Error(`No preview frame at ${selector}.`);
    marks.text = preview.querySelector('h1')?.textContent ?? '';
    document.addEventListener('keydown', () => (marks.down = performance.now()), true);
    new MutationObserver(() => {
      const text = preview.querySelector('h1')?.textContent ?? '';
      if (text === marks.text) return;
      marks.text = text;
      marks.seen.push(performance.now() - marks.down);
    }).observe(preview, { subtree: true, childList: true, characterData: true });
  }, frame);
  const count = (): Promise<number> =>
    page.evaluate(() => (window as unknown as { benchMarks: { seen: number[] } }).benchMarks.seen.length);
  const latencies: number[] = [];
  for (let stroke = 0; stroke < KEYSTROKES; stroke += 1) {
    const before = await count();
    await page.keyboard.press(stroke % 2 === 0 ? 'x' : 'Backspace');
    await page.waitForFunction((count) => (window as unknown as { benchMarks: { seen: number[] } }).benchMarks.seen.length > count, before);
    latencies.push(await page.evaluate(() => (window as unknown as { benchMarks: { seen: number[] } }).benchMarks.seen.at(-1) ?? 0));
    await page.waitForTimeout(PAUSE_MS);
  }
  return latencies;
}

/** Milliseconds, measured in the page, from pressing Save to the editor saying the file is saved. */
async function saves(page: Page): Promise<number[]> {
  const field = page.getByRole('textbox', { name: 'Heading', exact: true }).first();
  const original = await field.inputValue();
  const times: number[] = [];
  for (let save = 0; save < SAVES; save += 1) {
    await field.fill(`${original}${save % 2 === 0 ? '!' : ''}`);
    // The check of the draft comes first, as when a person pauses before saving.
    await page.locator('[data-save]:not([aria-disabled="true"]):not([disabled])').waitFor();
    await page.waitForTimeout(400);
    times.push(
      await page.evaluate(
        (path) =>
          new Promise<number>((resolve) => {
            const started = performance.now();
            const observer = new MutationObserver(() => {
              if (document.body.textContent?.includes(`Saved ${path}.`)) {
                observer.disconnect();
                resolve(performance.now() - started);
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
            document.querySelector<HTMLButtonElement>('[data-save]')?.click();
          }),
        HOME,
      ),
    );
    await page.waitForTimeout(100);
  }
  return times;
}

interface Figures {
  starts: number[];
  opened: { fields: number[]; drawn: number[] };
  keystrokes: number[];
}

/** The signs both editors show: the first block's Heading field, and each one's own preview drawn. */
const FIELDS: Sign = { field: 'Heading' };
const OUR_PREVIEW: Sign = { selector: 'iframe[data-preview][data-drawn]' };

/** Our editor on a copy of the content: every figure, and those only it has. */
async function ours(browser: Browser) {
  const work = mkdtempSync(join(root, 'node_modules/.cache/bench-editor-'));
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(work, folder), { recursive: true });
  let server: Server | undefined;
  try {
    const started = await starts(browser, () => startServer(root, 'edit', { EDIT_ROOT: work, EDIT_PORT: '0' }), {
      selector: `a[data-file="${HOME}"]`,
    });
    server = started.server;
    console.error('Opening the home page in our editor…');
    const opened = await opens(browser, `${server.url}/edit?path=${encodeURIComponent(HOME)}`, FIELDS, OUR_PREVIEW);
    const fromList: number[] = [];
    for (let run = 0; run < OPENS; run += 1) {
      const page = await freshTab(browser);
      await watchSigns(page, { list: { selector: `a[data-file="${HOME}"]` }, drawn: OUR_PREVIEW });
      await page.goto(server.url, { waitUntil: 'commit' });
      await seen(page, ['list']);
      await page.locator(`a[data-file="${HOME}"]`).click();
      const times = await seen(page, ['drawn', 'clicked']);
      fromList.push((times.drawn ?? 0) - (times.clicked ?? 0));
      await page.context().close();
    }
    console.error('Typing and saving in our editor…');
    const page = await freshTab(browser);
    await timeSigns(page, `${server.url}/edit?path=${encodeURIComponent(HOME)}`, { drawn: OUR_PREVIEW });
    const typed = await keystrokes(page, 'iframe[data-preview]');
    const saved = await saves(page);
    await page.context().close();
    // A start after a change to the code builds the editor first: the build alone, into a scratch folder.
    const scratch = mkdtempSync(join(tmpdir(), 'bench-editor-build-'));
    const buildStarted = performance.now();
    await buildEditor(root, scratch);
    // And its server's bundle (scripts/editor/server-bundle.mjs), made at the first start after a change to the server's code.
    await bundleServer(join(scratch, 'server-bundle'));
    const buildMs = performance.now() - buildStarted;
    rmSync(scratch, { recursive: true, force: true });
    return { starts: started.times, opened, keystrokes: typed, fromList, saved, buildMs };
  } finally {
    server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Puck 0.23's built app, or why it could not be measured. */
async function puck(browser: Browser): Promise<Figures | string> {
  console.error('Installing and building Puck 0.23 (the install is kept for the next run)…');
  const prepared = await preparePuck(root);
  if ('reason' in prepared) return prepared.reason;
  // The canvas has drawn the page once it holds the heading of its last block.
  const data = JSON.parse(readFileSync(join(prepared.dir, 'data.json'), 'utf8')) as { content: { props: { heading: string } }[] };
  const drawn: Sign = { frame: '#preview-frame', heading: data.content.at(-1)?.props.heading ?? '' };
  let server: Server | undefined;
  try {
    const started = await starts(browser, () => startServer(prepared.dir, 'serve', { PORT: '0', PUBLIC_DIR: join(root, 'public') }), drawn);
    server = started.server;
    console.error('Opening the home page in Puck…');
    const opened = await opens(browser, server.url, FIELDS, drawn);
    console.error('Typing in Puck…');
    const page = await freshTab(browser);
    await timeSigns(page, server.url, { drawn });
    const typed = await keystrokes(page, '#preview-frame');
    await page.context().close();
    return { starts: started.times, opened, keystrokes: typed };
  } finally {
    server?.stop();
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number): string => `${ms.toFixed(0)} ms`;
/** The median, and the p95 (with fewer than ten runs, the slowest run). */
const cell = (values: number[], format: (ms: number) => string): string =>
  `${format(median(values))} (${values.length < 10 ? 'slowest' : 'p95'} ${format(quantile(values, 0.95))})`;
const verdict = (value: number, target: number): string => (value <= target ? 'meets it' : 'MISSES it');

if (!existsSync(CHROMIUM_PATH)) {
  console.log('# Visual editor\n\nNot measured: Chromium is missing (bash scripts/ensure-tools.sh chromium installs it).\n');
  process.exit(0);
}
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
/** The machine's load average over the last minute: other work on it slows both editors alike. */
const load = (): string => loadavg()[0]?.toFixed(1) ?? '?';
const loadAtStart = load();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  console.error('Starting our editor…');
  const our = await ours(browser);
  const their = await puck(browser);
  const theirs = (pick: (figures: Figures) => string): string => (typeof their === 'string' ? 'not measured' : pick(their));
  console.log(
    [
      '# Visual editor, beside Puck 0.23',
      '',
      `Run ${new Date().toISOString()}, the machine's load average ${loadAtStart} as it began and ${load()} as it ended, on ${cpus().length} cores (other work on the machine slows both editors alike). Medians of ${STARTS} starts, ${OPENS} opens and ${KEYSTROKES} keystrokes (in brackets the slowest run, or the p95), on this machine, in headless Chromium at 1440 × 900, each tab a fresh profile (nothing cached). Our editor on a copy of the content, started with \`npm run edit\` (its code already built and its server bundled, as after any earlier start); Puck 0.23 as a production build of a small app (scripts/bench/puck/) served by a tiny static server, started with \`npm run serve\`, opening our home page converted block for block to Puck blocks with the same words and pictures (a banner with the same background video, then a section of cards for each of our other blocks). Our preview is the site's own components rendered by the editor's server; Puck's canvas draws light components of its own in the browser.`,
      '',
      `Times are taken in the page, from the navigation's start (or the key going down) to the moment the page shows the sign, seen as the page changes; a start adds the time from starting the command to the tab's navigation. Keystrokes come some four a second (a pause of ${PAUSE_MS} ms once each is drawn): the editor's check of the draft, 200 ms after the last change, falls between them, as it does for a person typing steadily. Opening is timed to two signs that are far apart: the editor's fields appear first, the preview's page later (the figure of 1.4 s from the trial of issue 24 was the first, the 4.6 s this report gave then the second, timed from outside the page on a busier machine).`,
      '',
      '| figure (where it starts → where it stops) | this editor | Puck 0.23 (built) | target for ours |',
      '|---|---:|---:|---|',
      `| start → first screen drawn (ours: the list of pages; Puck: its editor with the page) | ${cell(our.starts, seconds)} | ${theirs((f) => cell(f.starts, seconds))} | ≤ ${seconds(TARGETS.startMs)}: ${verdict(median(our.starts), TARGETS.startMs)} |`,
      `| open the home page in a new tab → its first block's fields shown | ${cell(our.opened.fields, seconds)} | ${theirs((f) => cell(f.opened.fields, seconds))} | |`,
      `| open the home page in a new tab → the preview shows the page | ${cell(our.opened.drawn, seconds)} | ${theirs((f) => cell(f.opened.drawn, seconds))} | ≤ ${seconds(TARGETS.openMs)}: ${verdict(median(our.opened.drawn), TARGETS.openMs)} |`,
      `| keystroke in the first block's Heading → the preview's document holds it | ${cell(our.keystrokes, millis)} | ${theirs((f) => cell(f.keystrokes, millis))} | p50 ≤ ${millis(TARGETS.keystrokeMs)}: ${verdict(median(our.keystrokes), TARGETS.keystrokeMs)} |`,
      `| ours alone: click Home in the list of pages → the preview shows the page | ${cell(our.fromList, seconds)} | | |`,
      `| ours alone: the first start after a change to the editor's or the site's code builds them (and bundles the editor's server) first, adding | ${seconds(our.buildMs)} | | |`,
      `| ours alone: Save pressed → "Saved" shown (check, write, re-read) | ${cell(our.saved, millis)} | | |`,
      '',
      typeof their === 'string' ? `Puck 0.23 was not measured: ${their}\n` : '',
    ].join('\n'),
  );
} finally {
  await browser.close();
}
