/**
 * The incremental build's figures for `npm run bench`: `npm run build` of a copy of a page set
 * into a folder of its own, in full, then again after one page's text changed (issue 27: at
 * most 2 s for the site's own pages). Each build is the real command in a process of its own,
 * timed from start to exit, as a person waits for it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface IncrementalFigures {
  pages: string;
  fullMs: number;
  onePageMs: number;
  said: string;
}

/** `npm run build -- --out <out>` of `pagesDir`; its time and its first line. */
function timedBuild(root: string, pagesDir: string, out: string, cacheDir: string): { ms: number; said: string } {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '-s', 'build', '--', '--out', out], {
    cwd: root,
    env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: cacheDir },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`npm run build of ${pagesDir} failed:\n${run.stdout}\n${run.stderr}`);
  return { ms, said: run.stdout.split('\n')[0] ?? '' };
}

/** Builds `pagesDir` in full into `work`, changes the title of `page` (a file in it), and builds again. */
export function incrementalBuild(root: string, work: string, name: string, pagesDir: string, page: string): IncrementalFigures {
  const out = join(work, `incremental-${name}`);
  const cacheDir = join(work, 'build-cache');
  rmSync(out, { recursive: true, force: true });
  const full = timedBuild(root, pagesDir, out, cacheDir);
  const file = join(pagesDir, page);
  const json = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
  writeFileSync(file, JSON.stringify({ ...json, title: `${json.title} (changed)` }, null, 2));
  const onePage = timedBuild(root, pagesDir, out, cacheDir);
  rmSync(out, { recursive: true, force: true });
  return { pages: name, fullMs: full.ms, onePageMs: onePage.ms, said: onePage.said };
}

/** The figures as reports/bench.md shows them. */
export function incrementalLines(figures: IncrementalFigures[], targetMs: number): string[] {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return [
    '## Incremental builds',
    '',
    '`npm run build` of a copy of each page set into a folder of its own, timed from start to exit: in full, then after one page’s title changed.',
    '',
    '| pages | full build | after a one-page change | what the build said |',
    '|---|---:|---:|---|',
    ...figures.map(({ pages, fullMs, onePageMs, said }) => `| ${pages} | ${s(fullMs)} | ${s(onePageMs)} | ${said} |`),
    '',
    `Target (issue 27): a one-page change to the site rebuilt in at most ${targetMs / 1000} s: ${s(figures[0]?.onePageMs ?? 0)}, ${(figures[0]?.onePageMs ?? Infinity) <= targetMs ? 'meets target' : 'MISSES target'}.`,
    '',
  ];
}
