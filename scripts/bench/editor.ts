/**
 * The visual editor's figures for `npm run bench` (which runs this in its own process, since
 * the editor is a development server and the rest of the bench runs in production mode).
 * On a copy of the content, in headless Chromium: the time to open the home page in the
 * editor (cold, the first time the editor's code is compiled, then warm), the time from a
 * keystroke in a field to the preview showing it (p50 and p95), and the time from pressing
 * Save to the editor saying the file is saved. Prints its section of reports/bench.md on
 * stdout, progress on stderr. A benchmark: it fails only when something breaks.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium';
import { startEditor } from '../editor/editor-server';

const root = join(fileURLToPath(import.meta.url), '../../..');
const OPENS = 5;
const KEYSTROKES = 60;
const SAVES = 10;
const HOME = 'pages/index.json';

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** Opens the home page in a fresh tab (its own storage) and waits until the preview has drawn it. */
async function open(browser: Browser, base: string): Promise<{ page: Page; ms: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/edit?path=${encodeURIComponent(HOME)}`);
  await page.locator('iframe[data-preview][data-drawn]').waitFor({ timeout: 120_000 });
  return { page, ms: performance.now() - started };
}

/** Milliseconds, measured in the page, from a key going down in a field to the preview's next "rendered". */
async function keystrokes(page: Page): Promise<number[]> {
  const field = page.getByRole('textbox', { name: 'Heading', exact: true }).first();
  await field.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const marks = { down: 0, rendered: [] as number[] };
    (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
    document.addEventListener('keydown', () => (marks.down = performance.now()), true);
    window.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'rendered') marks.rendered.push(performance.now() - marks.down);
    });
  });
  const latencies: number[] = [];
  for (let stroke = 0; stroke < KEYSTROKES; stroke += 1) {
    const before = await page.evaluate(() => (window as unknown as { benchMarks: { rendered: number[] } }).benchMarks.rendered.length);
    // Type a letter, then take it away: the field comes back to what it was.
    await page.keyboard.press(stroke % 2 === 0 ? 'x' : 'Backspace');
    await page.waitForFunction(
      (count) => (window as unknown as { benchMarks: { rendered: number[] } }).benchMarks.rendered.length > count,
      before,
    );
    latencies.push(
      await page.evaluate(() => (window as unknown as { benchMarks: { rendered: number[] } }).benchMarks.rendered.at(-1) ?? 0),
    );
    // A person's next keystroke comes later than the settle time of the preview.
    await page.waitForTimeout(120);
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
    await page.locator('[data-save]:not([disabled])').waitFor();
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
    // The status line is cleared by the next change; let it show first.
    await page.waitForTimeout(100);
  }
  return times;
}

if (!existsSync(CHROMIUM_PATH)) {
  console.log('# Visual editor\n\nNot measured: Chromium is missing (bash scripts/ensure-chromium.sh installs it).\n');
  process.exit(0);
}
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/bench-editor-'));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(work, folder), { recursive: true });
  const editor = await startEditor({ codeRoot: root, contentRoot: work, host: '127.0.0.1', port: 0 });
  const base = editor.url.replace(/\/$/, '');
  try {
    console.error('Opening the home page in the editor…');
    const opens: number[] = [];
    for (let run = 0; run < OPENS + 1; run += 1) {
      const opened = await open(browser, base);
      opens.push(opened.ms);
      await opened.page.context().close();
    }
    const [cold = 0, ...warm] = opens;
    console.error('Typing…');
    const { page } = await open(browser, base);
    const latencies = await keystrokes(page);
    console.error('Saving…');
    const saved = await saves(page);
    await page.context().close();
    console.log(
      [
        '# Visual editor',
        '',
        `On a copy of the content, in headless Chromium at 1440 × 900, on this machine. Times are measured in the editor's page (performance.now), except opening, which runs from navigation to the preview showing the draft.`,
        '',
        '| figure | p50 | p95 | runs |',
        '|---|---:|---:|---:|',
        `| open the home page in the editor, first time (Vite compiles the editor) | ${ms(cold)} | | 1 |`,
        `| open the home page in the editor, after that | ${ms(quantile(warm, 0.5))} | ${ms(quantile(warm, 0.95))} | ${warm.length} |`,
        `| keystroke in a field of the home page → preview drawn (target 300 ms) | ${ms(quantile(latencies, 0.5))} | ${ms(quantile(latencies, 0.95))} | ${latencies.length} |`,
        `| Save pressed → "Saved" shown (check, write, re-read) | ${ms(quantile(saved, 0.5))} | ${ms(quantile(saved, 0.95))} | ${saved.length} |`,
        '',
      ].join('\n'),
    );
  } finally {
    await editor.close();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
