/**
 * The incremental build's figures for `npm run bench`: `npm run build` of a copy of a page set
 * into a folder of its own, in full, then again after one page's text changed (issue 27: at
 * most 2 s for the site's own pages; issue 36: at most 2 s among 10,000), then again after a
 * menu label changed in the site file (issue 36: at most half a full build). Each build is the
 * real command in a process of its own, timed from start to exit, as a person waits for it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/** One build's time, its first line (which kind of build, and why) and its last (where the time went). */
interface TimedBuild {
  ms: number;
  said: string;
  steps: string;
}

export interface IncrementalFigures {
  pages: string;
  full: TimedBuild;
  onePage: TimedBuild;
  siteFile: TimedBuild;
  /** The load average over the last minute when the builds began and ended. */
  load: [number, number];
}

/** A site-file change is rendered in at most this share of a full build's time (issue 36). */
const SITE_FILE_SHARE = 0.5;

/** `npm run build -- --out <out>` of `pagesDir`; its time, its first line and its step clock's. */
function timedBuild(root: string, pagesDir: string, out: string, cacheDir: string): TimedBuild {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '-s', 'build', '--', '--out', out], {
    cwd: root,
    env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: cacheDir },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`npm run build of ${pagesDir} failed:\n${run.stdout}\n${run.stderr}`);
  const lines = run.stdout.split('\n');
  return { ms, said: lines[0] ?? '', steps: lines.find((line) => line.startsWith('Time by step: ')) ?? '' };
}

/** Builds `pagesDir` in full into `work`, changes the title of `page` (a file in it) and builds again, then a menu label of the site file and builds again. */
export function incrementalBuild(root: string, work: string, name: string, pagesDir: string, page: string): IncrementalFigures {
  const out = join(work, `incremental-${name}`);
  const cacheDir = join(work, 'build-cache');
  rmSync(out, { recursive: true, force: true });
  const loadBefore = loadavg()[0] ?? 0;
  const full = timedBuild(root, pagesDir, out, cacheDir);
  const file = join(pagesDir, page);
  const json = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
  writeFileSync(file, JSON.stringify({ ...json, title: `${json.title} (changed)` }, null, 2));
  const onePage = timedBuild(root, pagesDir, out, cacheDir);
  const siteFile = join(pagesDir, '_site.json');
  const site = readFileSync(siteFile, 'utf8');
  const relabelled = site.replace(/"label": "([^"]+)"/, '"label": "$1 (changed)"');
  if (relabelled === site) throw new Error(`${siteFile} has no menu label to change.`);
  writeFileSync(siteFile, relabelled);
  const siteChange = timedBuild(root, pagesDir, out, cacheDir);
  rmSync(out, { recursive: true, force: true });
  return { pages: name, full, onePage, siteFile: siteChange, load: [loadBefore, loadavg()[0] ?? 0] };
}

/** The figures as reports/bench.md shows them; `targetMs` is a one-page change's target. */
export function incrementalLines(figures: IncrementalFigures[], targetMs: number): string[] {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const verdict = (met: boolean): string => (met ? 'meets target' : 'MISSES target');
  return [
    '## Incremental builds',
    '',
    '`npm run build` of a copy of each page set into a folder of its own, timed from start to exit: in full, then after one page’s title changed, then after a menu label changed in the site file (`_site.json`).',
    '',
    `| pages | full build | one page changed (target ≤ ${targetMs / 1000} s) | site file changed (target ≤ ${SITE_FILE_SHARE} × full) | load average (1 min) |`,
    '|---|---:|---:|---:|---|',
    ...figures.map(
      ({ pages, full, onePage, siteFile, load }) =>
        `| ${pages} | ${s(full.ms)} | ${s(onePage.ms)}, ${verdict(onePage.ms <= targetMs)} | ${s(siteFile.ms)} (${(siteFile.ms / full.ms).toFixed(2)} × full), ${verdict(siteFile.ms <= SITE_FILE_SHARE * full.ms)} | ${load.map((each) => each.toFixed(1)).join(' → ')} |`,
    ),
    '',
    'What each build said first, and where its time went:',
    '',
    ...figures.flatMap(({ pages, full, onePage, siteFile }) => [
      `- ${pages}:`,
      ...[full, onePage, siteFile].map(({ said, steps }) => `  - ${said} ${steps}`),
    ]),
    '',
    'Targets: issue 27, a one-page change to the site rebuilt in at most 2 s; issue 36, at most 2 s for one page among 10,000 and a site-file change in at most half a full build, on two idle cores. A figure taken on busy cores says so by its load average.',
    '',
  ];
}
