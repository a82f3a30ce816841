/**
 * `npm run bench`: how the runtime scales with the number of pages, how the site server
 * holds up under load (scripts/bench/bench-server.ts), how quick the visual editor is
 * (scripts/bench/editor.ts, beside Puck 0.23 built in the same run), its publishing through
 * git (scripts/bench/publishing.ts) and press Publish → live (the real editor publishing to a bare
 * remote that a real follower fetches from, scripts/bench/follow.ts), and Ask for review → a working
 * preview link beside Approve → live (scripts/bench/review-preview.ts). Generates 100 and then
 * 1,000 synthetic pages from the block examples in the schemas (in a temporary folder under
 * node_modules/.cache, beside a copy of the site's own pages, which their links lead to), then times validation
 * (`loadSite`: read, parse, check every page against its schema, check every link) and
 * prerendering (every page to HTML with its critical CSS) of each set. Prints ms per page and
 * the growth from 100 to 1,000, and writes reports/bench.md. A benchmark, not a test: it
 * prints figures and the targets beside them (1,000 pages validated in 2 s and prerendered in
 * 20 s, growth at most ×11), and fails only if something breaks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listJsonFiles, loadSite } from './content/load-site';
import { loadSchemaSet } from './content/schema/schema-set';
import { createValidator, formatProblem } from './content/checks/create-validator';
import { buildProcessArgs } from './build/build-process-args';
import type { Manifest } from './build/bundles/page-assets';
import { firstLoadBytes } from './build/bundles/first-load-bytes';
import { outputFileOfRoute } from './content/route-of-file';
import { benchServer } from './bench/bench-server';
import { incrementalBuild, incrementalLines } from './bench/incremental-build';
import { BLOCKS_PER_PAGE, blockExamples, writePageSet } from './bench/write-page-set';
import { prerenderOnCores } from './build/render/prerender-on-cores';
import { buildServerEntry, serverEntryFile } from './build/render/build-server-entry';

process.env.NODE_ENV = 'production';
const root = join(fileURLToPath(import.meta.url), '../..');
const SIZES = [100, 1000, 10_000] as const;
/** Threads for the prerender on every core. */
const CORES = availableParallelism();
const TARGETS = { validate1000Ms: 2000, prerender1000Ms: 20000, growth: 11, prerender10000Ms: 60_000, onePageRebuildMs: 2000 };

const time = async <T>(work: () => T | Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

/**
 * The JavaScript each route of the built site (dist/) loads before any interaction, compressed
 * (gzip 9, as the build's size report counts it): the largest first, then how many load the same.
 */
function firstLoadLines(): string[] {
  const { pages } = loadSite(root);
  const sizes = pages
    .map(({ route }) => ({
      route,
      bytes: firstLoadBytes(join(root, 'dist'), readFileSync(join(root, 'dist', outputFileOfRoute(route)), 'utf8')),
    }))
    .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route));
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    '## First-load JavaScript per route',
    '',
    `What each of the site's ${sizes.length} routes loads before any interaction (its boot script and the modules it fetches at once), gzip level 9, from dist/ as \`npm run build\` made it.`,
    '',
    '| route | first-load JavaScript |',
    '|---|---:|',
    ...sizes.map(({ route, bytes }) => `| ${route} | ${kb(bytes)} |`),
    '',
  ];
}

/** The most memory this process (its worker threads included) held while `work` ran, sampled every 50 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ value: T; peakBytes: number; growthBytes: number }> {
  const before = process.memoryUsage.rss();
  let peakBytes = before;
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, process.memoryUsage.rss())), 50);
  try {
    const value = await work();
    peakBytes = Math.max(peakBytes, process.memoryUsage.rss());
    return { value, peakBytes, growthBytes: peakBytes - before };
  } finally {
    clearInterval(sampler);
  }
}

if (!existsSync(join(root, 'dist/.vite/manifest.json'))) {
  console.log('No build in dist/ yet: running npm run build first (the pages link to its assets).');
  execFileSync(process.execPath, buildProcessArgs(root), {
    cwd: root,
    stdio: 'inherit',
  });
}
const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
// Inside the project, so that each page's "$schema" is a path of ../ steps to schemas/, as the page schema requires.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/bench-'));
try {
  console.log('Building the server entry…');
  const entry = await buildServerEntry(root, join(work, 'ssr'));
  const entryFile = serverEntryFile(join(work, 'ssr'));
  const examples = blockExamples(root);
  console.log(`${examples.length} block examples, ${BLOCKS_PER_PAGE} blocks a page.`);

  // Warm-up on the site itself, not counted: the first render compiles the code paths.
  const warm = loadSite(root);
  if (!warm.site) throw new Error('The site file is invalid: run npm run validate.');
  await prerenderOnCores(entry, entryFile, warm.site, warm.pages, manifest, join(work, 'warm-up'), 1);

  const results: {
    synthetic: number;
    pages: number;
    validateMs: number;
    prerenderMs: number;
    peakBytes: number;
    growthBytes: number;
    cores?: { ms: number; peakBytes: number; growthBytes: number };
  }[] = [];
  for (const count of SIZES) {
    const pagesDir = writePageSet(root, work, count, examples);
    const validated = await time(() => loadSite(root, pagesDir));
    const { site, pages, problems } = validated.value;
    if (problems.length > 0 || !site) {
      for (const problem of problems.slice(0, 10)) console.error(formatProblem(problem));
      throw new Error(`The synthetic set of ${count} pages has ${problems.length} problem(s).`);
    }
    // One thread, then (from 1,000 pages) one per core; each into a folder of its own, removed after.
    const prerender = async (threads: number) => {
      const out = join(work, `out-${count}-${threads}`);
      const rendered = await peakMemory(() => time(() => prerenderOnCores(entry, entryFile, site, pages, manifest, out, threads)));
      rmSync(out, { recursive: true, force: true });
      if (rendered.value.value.failures.length > 0)
        throw new Error(`${rendered.value.value.failures.length} block(s) failed to render in the set of ${count}.`);
      return { ms: rendered.value.ms, peakBytes: rendered.peakBytes, growthBytes: rendered.growthBytes };
    };
    const one = await prerender(1);
    const cores = count >= 1000 && CORES > 1 ? await prerender(CORES) : undefined;
    results.push({
      synthetic: count,
      pages: pages.length,
      validateMs: validated.ms,
      prerenderMs: one.ms,
      peakBytes: one.peakBytes,
      growthBytes: one.growthBytes,
      cores,
    });
    rmSync(pagesDir, { recursive: true, force: true });
    console.log(
      `${count} synthetic pages (+${pages.length - count} of the site): validated in ${validated.ms.toFixed(0)} ms, prerendered in ${one.ms.toFixed(0)} ms on one thread${cores ? `, ${cores.ms.toFixed(0)} ms on ${CORES}` : ''}`,
    );
  }

  const [small, large, huge] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  const perPage = (ms: number, pages: number): string => `${(ms / pages).toFixed(2)} ms`;
  const mb = (bytes: number): string => `${Math.round(bytes / 1024 ** 2)} MB`;
  const growth = { validate: large.validateMs / small.validateMs, prerender: large.prerenderMs / small.prerenderMs };
  const verdict = (ok: boolean): string => (ok ? 'meets target' : 'MISSES target');
  // The slowest single file to validate, each timed alone with the schemas already compiled:
  // what a person waits for after saving one file (the editor, npm run validate -- --watch).
  const { check } = createValidator(loadSchemaSet(join(root, 'schemas')));
  const timed = listJsonFiles(join(root, 'pages'))
    .filter((path) => !path.endsWith('_site.json'))
    .map((path) => {
      const text = readFileSync(path, 'utf8');
      check('page.schema.json', path, text);
      const started = performance.now();
      for (let run = 0; run < 20; run += 1) check('page.schema.json', path, text);
      return { file: path.slice(root.length + 1), ms: (performance.now() - started) / 20 };
    })
    .sort((a, b) => b.ms - a.ms);
  const slowest = timed[0] ?? { file: '', ms: 0 };
  const lines = [
    '# Runtime benchmark (npm run bench)',
    '',
    `Generated ${new Date().toISOString()} on ${process.platform}, Node ${process.version}. Each synthetic page holds ${BLOCKS_PER_PAGE} blocks taken in turn from the ${examples.length} block examples; each set also holds the site's own ${small.pages - small.synthetic} pages, which the examples link to. Validation includes compiling the schemas once per run, as \`npm run validate\` does.`,
    '',
    `Prerendering writes every page to disk, on one thread and then (from 1,000 pages) on one thread per core (${CORES} here, scripts/build/render/prerender-on-cores.ts, as \`npm run build\` does from 500 pages). Peak memory is this process's resident size, its threads included, sampled every 50 ms (the bench process holds Vite and the other sets besides: about 0.9 GB before any page), and in brackets how much it grew during the run.`,
    '',
    `| set | pages | validate (total) | validate (per page) | prerender, 1 thread | per page | peak memory | prerender, ${CORES} threads | per page | peak memory |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.synthetic} synthetic | ${r.pages} | ${r.validateMs.toFixed(0)} ms | ${perPage(r.validateMs, r.pages)} | ${r.prerenderMs.toFixed(0)} ms | ${perPage(r.prerenderMs, r.pages)} | ${mb(r.peakBytes)} (+${mb(r.growthBytes)}) | ${r.cores ? `${r.cores.ms.toFixed(0)} ms | ${perPage(r.cores.ms, r.pages)} | ${mb(r.cores.peakBytes)} (+${mb(r.cores.growthBytes)})` : '– | – | –'} |`,
    ),
    '',
    `Growth from the 100 set to the 1,000 set: validation ×${growth.validate.toFixed(2)}, prerender ×${growth.prerender.toFixed(2)} (pages ×${(large.pages / small.pages).toFixed(2)}).`,
    '',
    `Slowest single page file to validate (schemas compiled, mean of 20): ${slowest.ms.toFixed(2)} ms (${slowest.file}); median of the site's pages ${(timed[Math.floor(timed.length / 2)]?.ms ?? 0).toFixed(2)} ms.`,
    '',
    'Targets:',
    `- 1,000 pages validated in under ${TARGETS.validate1000Ms / 1000} s: ${(large.validateMs / 1000).toFixed(2)} s, ${verdict(large.validateMs < TARGETS.validate1000Ms)}`,
    `- 1,000 pages prerendered in under ${TARGETS.prerender1000Ms / 1000} s: ${(large.prerenderMs / 1000).toFixed(2)} s, ${verdict(large.prerenderMs < TARGETS.prerender1000Ms)}`,
    `- growth at most ×${TARGETS.growth}: validation ×${growth.validate.toFixed(2)}, prerender ×${growth.prerender.toFixed(2)}, ${verdict(Math.max(growth.validate, growth.prerender) <= TARGETS.growth)}`,
    `- 10,000 pages prerendered in at most ${TARGETS.prerender10000Ms / 1000} s on every core (issue 27; the prerender alone, not yet the whole build): ${((huge.cores?.ms ?? huge.prerenderMs) / 1000).toFixed(1)} s, ${verdict((huge.cores?.ms ?? huge.prerenderMs) <= TARGETS.prerender10000Ms)}`,
    `- memory under 1 GB (issue 27, for a whole build): not judged here. The prerender of 10,000 pages added at most ${mb(Math.max(huge.growthBytes, huge.cores?.growthBytes ?? 0))} to this process, which peaked at ${mb(Math.max(huge.peakBytes, huge.cores?.peakBytes ?? 0))}; \`npm run build\` prints a build's own peak`,
    '',
  ];
  console.log(`\n${lines.slice(4).join('\n')}`);
  console.log('\nIncremental builds (npm run build, in full and after a one-page change)…');
  const incremental = incrementalLines(
    [
      incrementalBuild(root, work, "the site's own", writePageSet(root, work, 0, examples), 'about.json'),
      incrementalBuild(
        root,
        work,
        "10,000 synthetic and the site's own",
        writePageSet(root, work, 10_000, examples),
        'bench/page-05000.json',
      ),
    ],
    TARGETS.onePageRebuildMs,
  );
  console.log(incremental.join('\n'));
  console.log('\nServing under load…');
  const server = await benchServer(root);
  // The editor's figures and its publishing's, each in a process of its own: the editor is a development
  // server (this process runs in production mode), and the publishing figures call what its server calls.
  const { NODE_ENV: _production, ...developmentEnv } = process.env;
  const section = (title: string, script: string): string => {
    console.log(`\n${title}…`);
    const printed = execFileSync(process.execPath, ['--import', 'tsx', join(root, script)], {
      cwd: root,
      env: developmentEnv,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    console.log(printed);
    return printed;
  };
  const editor = section('The visual editor', 'scripts/bench/editor.ts');
  const publishing = section("The editor's publishing through git", 'scripts/bench/publishing.ts');
  const following = section('Press Publish → live', 'scripts/bench/follow.ts');
  const reviewing = section('Ask for review → preview link', 'scripts/bench/review-preview.ts');
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(
    join(root, 'reports/bench.md'),
    [
      ...lines,
      ...incremental,
      ...firstLoadLines(),
      '# Site server under load',
      '',
      ...server,
      '',
      editor,
      publishing,
      following,
      reviewing,
    ].join('\n'),
  );
  console.log('Written to reports/bench.md.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
