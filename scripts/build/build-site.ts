/**
 * The build itself (scripts/build.ts parses its options and starts a prerendering thread
 * first): validates the site and refuses an invalid one; then either builds everything (the
 * client bundles and the server entry with Vite, every page prerendered) or, into a folder
 * that holds a finished build of the same code, schemas and site file, only the pages whose
 * content changed (build-record.ts plans which).
 */
import { existsSync, lstatSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Site } from '../../src/generated/schema-types';
import { type LoadedPage, loadSite } from '../content/load-site';
import { formatProblem } from '../content/checks/create-validator';
import { outputFileOfRoute } from '../content/route-of-file';
import { endpointVariableProblems } from '../site-server/security-headers';
import type { Manifest } from './bundles/page-assets';
import { codeInputs, codeKey, sharedInputs, siteFileHash, sourceHashes } from './incremental/shared-inputs';
import { type CheckCache, checkCache } from '../content/load-site/check-cache';
import { siteSnapshot } from '../content/load-site/site-snapshot';
import { statIndex } from '../content/load-site/stat-index';
import { outputStamps, outputStampsAside, restamped } from './incremental/output-stamps';
import { buildMessages } from './build-messages';
import {
  type BuildPlan,
  type BuildRecord,
  forgetRecord,
  keepBodies,
  keptBodyOf,
  markDated,
  planBuild,
  readRecord,
  recordOf,
  writeRecord,
} from './incremental/build-record';
import { firstLoadBudgetKb } from './bundles/budgets';
import { lazyChunks, scriptBytes } from './bundles/first-load-bytes';
import { htmlQuality, MANY_PAGES, precompress } from './output/precompress';
import { cleanPublicPictures, copyPublic, PublicPictureRefused } from './output/copy-public';
import { keepServerEntry, keptFiles, serverEntryDir } from './incremental/kept-files';
import type { PrerenderResult } from './render/page-renderer';
import { buildDay, prerenderOnCores, workerCount } from './render/prerender-on-cores';
import type { Prerenderer } from './render/prerenderer';
import { keepWarmUpSample } from './render/warm-up';
import { removeRoutes } from './output/remove-routes';
import { loadServerEntry, serverEntryFile } from './render/build-server-entry';
import type { StepClock } from './step-clock';
import { startViteStage, type ViteStage } from './bundles/vite-stage';

export interface BuildOptions {
  root: string;
  pagesDir: string;
  outDir: string;
  /** Where server entries are kept between builds (kept-files.ts). */
  cacheDir: string;
  /** React's development build in the client (the browser tests prove hydration clean with it). */
  development: boolean;
  /** Build everything, whatever the output folder holds. */
  full: boolean;
  /** A thread loading the kept server entry, when the output folder has one. */
  prerenderer: Prerenderer | undefined;
  /** The Vite builds, when they were started before the site was read (a build that can only be full). */
  vite?: ViteStage;
  /** Times the build's steps, for its last line. */
  clock: StepClock;
}

/** Beyond this many routes, the size report names the largest only. */
const ROUTES_LISTED = 80;

/**
 * The Brotli level the prerendering threads compress pages at as they write them, or undefined
 * when the build compresses them afterwards: a large site's pages are compressed fast, each
 * from memory on the thread that rendered it (reading 10,000 pages back took 20 s); a small
 * site's at the highest level, which takes long enough per page that libuv's threads share it.
 */
const pagesCompressedAsRendered = (pages: number): number | undefined => (pages > MANY_PAGES ? htmlQuality(pages) : undefined);

/** The build's time so far, from the start of its process: what a person waits for. */
const seconds = (): string => process.uptime().toFixed(1);
const shown = (dir: string): string => relative(process.cwd(), dir) || '.';

/**
 * Each page's first-load JavaScript (gzip bytes) and its budget (scripts/budgets.json), from
 * the scripts each page names (the prerendering threads read them from the pages they wrote).
 */
function pageSizes(dir: string, pages: LoadedPage[], { firstLoad }: PrerenderResult): { route: string; bytes: number; budget: number }[] {
  const scripts = new Map(firstLoad);
  const known = new Map<string, number>();
  return pages.map(({ route, page }) => ({
    route,
    bytes: scriptBytes(dir, scripts.get(route) ?? [], known),
    budget: firstLoadBudgetKb(route, page),
  }));
}

/**
 * The build's size report: first-load JavaScript per route (the largest, on a large site), then
 * each lazily loaded chunk (KB gzip).
 */
function printSizes(dir: string, sizes: ReturnType<typeof pageSizes>, built: Manifest): void {
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log('\nFirst-load JavaScript (gzip)');
  const listed = sizes.length > ROUTES_LISTED ? [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 10) : sizes;
  for (const { route, bytes } of listed) console.log(`${kb(bytes)}  ${route}`);
  if (listed.length < sizes.length) console.log(`  (the 10 largest of ${sizes.length} routes)`);
  console.log('\nLazy chunks (gzip, beyond the boot script)');
  for (const { name, bytes } of lazyChunks(dir, built)) console.log(`${kb(bytes)}  ${name}`);
  console.log('');
}

/**
 * Stops the build when a page it wrote loads more JavaScript at once than its budget
 * (scripts/budgets.json) allows, naming each. The record is not written, so the next build
 * renders them again.
 */
function refuseOverBudget(sizes: ReturnType<typeof pageSizes>): void {
  const over = sizes
    .filter(({ bytes, budget }) => bytes / 1024 > budget)
    .map(({ route, bytes, budget }) => `${route} loads ${(bytes / 1024).toFixed(1)} KB of JavaScript at once; its budget is ${budget} KB`);
  if (over.length === 0) return;
  for (const line of over) console.error(line);
  console.error(`\n${over.length} page(s) over their JavaScript budget (scripts/budgets.json); the build is refused.`);
  process.exit(1);
}

/** Stops the build when a block failed to render: the pages written are not recorded, so the next build writes them again. */
function refuseFailures({ failures }: PrerenderResult): void {
  if (failures.length === 0) return;
  for (const { route, error } of failures) console.error(`${route}: a block failed to render: ${(error as Error).stack ?? String(error)}`);
  console.error(`\n${failures.length} block(s) failed to render; the build is refused.`);
  process.exit(1);
}

/** Everything: the client bundles, the public files, the server entry, every page, all compressed. Marks the pages that read the day in `record`. */
async function fullBuild(options: BuildOptions, site: Site, pages: LoadedPage[], record: BuildRecord): Promise<void> {
  const { root, outDir, cacheDir, development, clock } = options;
  const kept = keptFiles(outDir);
  const vite = options.vite ?? startViteStage(root, outDir, cacheDir, development);
  await vite.finish();
  clock.step('Vite builds');
  vite.placeInto(outDir);
  // Moved to its place in the cache once the pages rendered with it.
  const { ssrDir } = vite;
  // Not Vite's copy, which follows links out of public/ (vite.config.ts turns it off).
  // Its pictures were cleaned before anything was written (refuseUnpublishablePictures): they come from the cache.
  await copyPublic(join(root, 'public'), outDir, cacheDir);
  const manifest = JSON.parse(readFileSync(kept.manifest, 'utf8')) as Manifest;
  clock.step('placing the bundles and public files');
  const workers = workerCount(pages.length);
  // Loaded here only when this thread renders: threads load their own.
  const entry = workers <= 1 ? await loadServerEntry(ssrDir) : undefined;
  const result = await prerenderOnCores(entry, serverEntryFile(ssrDir), site, pages, manifest, outDir, workers, {
    today: record.day,
    compressLevel: pagesCompressedAsRendered(pages.length),
  });
  refuseFailures(result);
  markDated(record, result.dated);
  keepBodies(record, result);
  const home = pages.find(({ route }) => route === '/') ?? pages[0];
  if (home)
    keepWarmUpSample(cacheDir, {
      site,
      manifest,
      route: home.route,
      page: home.page,
      today: record.day,
      compressLevel: pagesCompressedAsRendered(pages.length),
    });
  clock.step('prerendering');
  keepServerEntry(cacheDir, record.serverEntry, ssrDir);
  const rest = await precompress(outDir, htmlQuality(pages.length), undefined, new Set(result.compressed.files));
  const compressed = {
    files: rest.files + result.compressed.files.length,
    before: rest.before + result.compressed.before,
    after: rest.after + result.compressed.after,
  };
  clock.step('compressing the rest');
  const sizes = pageSizes(outDir, pages, result);
  printSizes(outDir, sizes, manifest);
  // The budgets are for what ships: a development build (React's, unminified) is for tests.
  if (!development) refuseOverBudget(sizes);
  clock.step('sizes and budgets');
  console.log(
    `Compressed ${compressed.files} text files: ${Math.round(compressed.before / 1024)} KB → ${Math.round(compressed.after / 1024)} KB (Brotli${htmlQuality(pages.length) < 11 ? `; pages at level ${htmlQuality(pages.length)}, for speed, as there are more than ${MANY_PAGES}` : ''}).`,
  );
  console.log(
    `Prerendered ${pages.length} pages (${result.files.length} files) into ${shown(outDir)}/ in ${seconds()} s${workers > 1 ? `, on ${workers} threads (${result.perThread.join(' and ')} pages)` : ''}; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
  );
}

/**
 * Only the pages the plan names, with the last build's bundles and server entry, on the thread
 * started for them (and more when there are many); then the site's files that list pages. First
 * it removes what the plan mends (outputs that differ from the last build, which are then
 * written again, and files no build wrote). Marks in `record` the pages that read the day, as
 * rendered now or, for the others, as `previous` says. Returns every file it wrote or removed.
 */
async function pagesBuild(
  options: BuildOptions,
  site: Site,
  pages: LoadedPage[],
  record: BuildRecord,
  plan: Extract<BuildPlan, { kind: 'pages' }>,
  previous: BuildRecord,
): Promise<string[]> {
  const { outDir, cacheDir, prerenderer, clock } = options;
  const kept = keptFiles(outDir);
  const render = new Set(plan.render);
  const only = pages.filter((page) => render.has(page.route));
  const { notFound } = plan.repair;
  // A missing page, 404 page or site file is written again below; a stray file stays away. So
  // does whatever stands where a page goes and is no file (a folder made there by hand), which
  // the page could not be renamed over.
  const inTheWay = [...only.map(({ route }) => outputFileOfRoute(route)), ...(notFound ? ['404.html'] : [])].filter(
    (file) => lstatSync(join(outDir, file), { throwIfNoEntry: false })?.isFile() === false,
  );
  for (const file of [...plan.repair.remove, ...inTheWay]) rmSync(join(outDir, file), { recursive: true, force: true });
  removeRoutes(outDir, plan.removed);
  const manifest = JSON.parse(readFileSync(kept.manifest, 'utf8')) as Manifest;
  // The server entry is loaded in the threads only: this one renders nothing.
  const entryFile = serverEntryFile(serverEntryDir(cacheDir, record.serverEntry));
  const result = await prerenderOnCores(undefined, entryFile, site, pages, manifest, outDir, workerCount(only.length), {
    today: record.day,
    partial: { only, notFound },
    started: prerenderer && (only.length > 0 || notFound) ? [prerenderer] : [],
    compressLevel: pagesCompressedAsRendered(pages.length),
    kept: (route) => keptBodyOf(record, previous, route),
    book: previous.bodyRules,
  });
  refuseFailures(result);
  // The page just changed is the likeliest to change next.
  const [first] = only;
  if (first)
    keepWarmUpSample(cacheDir, {
      site,
      manifest,
      route: first.route,
      page: first.page,
      today: record.day,
      compressLevel: pagesCompressedAsRendered(pages.length),
    });
  markDated(record, result.dated, { routes: plan.render, previous });
  keepBodies(record, result, { routes: plan.render, previous });
  if (!options.development) refuseOverBudget(pageSizes(outDir, only, result));
  clock.step('prerendering');
  const done = new Set(result.compressed.files);
  await precompress(
    outDir,
    htmlQuality(pages.length),
    result.files.filter((file) => !done.has(file)),
  );
  clock.step('compressing');
  if (result.keptBodies > 0) console.log(buildMessages.keptBodies(result.keptBodies, only.length));
  console.log(
    `Wrote ${result.files.length} file${result.files.length === 1 ? '' : 's'} into ${shown(outDir)}/ in ${seconds()} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
  );
  const withCopies = (files: string[]): string[] => files.flatMap((file) => [file, `${file}.br`, `${file}.gz`]);
  return [...withCopies(result.files), ...plan.repair.remove, ...withCopies(plan.removed.map(outputFileOfRoute))];
}

/** Cleans every picture of `publicDir` into the cache (copy-public.ts), or exits naming the first that cannot be published. */
async function refuseUnpublishablePictures(publicDir: string, cacheDir: string): Promise<void> {
  try {
    await cleanPublicPictures(publicDir, cacheDir);
  } catch (error) {
    if (!(error instanceof PublicPictureRefused)) throw error;
    console.error(`${error.message}\nNothing was built. Replace or remove that picture and build again.`);
    process.exit(1);
  }
}

/** Builds the site into `options.outDir`: see the file's comment. Exits with a message when the site cannot be built. */
export async function buildSite(options: BuildOptions): Promise<void> {
  const { root, pagesDir, outDir, cacheDir, development, prerenderer, clock } = options;
  // Stamped on another thread while this one reads the site; used only when the build may be incremental.
  const stampsNow = options.full || !existsSync(keptFiles(outDir).record) ? undefined : outputStampsAside(outDir);
  const codeStats = statIndex(join(cacheDir, 'code-stats'), 'code');
  const code = codeInputs(root, codeStats);
  codeStats.save();
  clock.step('hashing the code');
  const keptValidators = { path: join(cacheDir, 'validators.cjs'), key: codeKey(code) };
  // The site as the last build left it, with only what changed since checked again; else every file, with what checking each learned.
  const snapshot = siteSnapshot(join(cacheDir, 'site-snapshot'), codeKey(code));
  const fromSnapshot = snapshot.load(root, pagesDir, { keptValidators });
  let checked: CheckCache | undefined;
  if (!fromSnapshot) checked = checkCache(join(cacheDir, 'checked-files'), codeKey(code));
  const loaded = fromSnapshot?.loaded ?? loadSite(root, pagesDir, { checkCache: checked, keptValidators });
  const { site, pages, problems } = loaded;
  clock.step('reading and checking the site');
  checked?.save();
  if (fromSnapshot) fromSnapshot.keep();
  else if (checked && problems.length === 0) snapshot.save(root, pagesDir, loaded, checked.stamps(), checked.textHash);
  clock.step('keeping what the checks learned');
  if (problems.length > 0 || !site) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(
      `\nThe site has ${problems.length} problem(s); nothing was built. Fix them (npm run validate lists them) and build again.`,
    );
    process.exit(1);
  }
  // An endpoint named by the environment reaches every page and the Content-Security-Policy.
  const refusedEndpoints = endpointVariableProblems();
  if (refusedEndpoints.length > 0) {
    for (const line of refusedEndpoints) console.error(line);
    process.exit(1);
  }

  const record = recordOf(
    sharedInputs(code, site, development),
    siteFileHash(root, pagesDir, site),
    buildDay(),
    sourceHashes(root, pages, fromSnapshot?.textHash ?? checked?.textHash ?? (() => undefined)),
    pages,
  );
  const previous = readRecord(outDir);
  // What the folder holds now, against what the last build left in it: only when that build may be built upon.
  const outputs =
    options.full || 'missing' in previous ? undefined : { stamps: await (stampsNow ?? outputStampsAside(outDir)), shown: shown(outDir) };
  let plan: BuildPlan = options.full ? { kind: 'full', reason: '--full asks for one' } : planBuild(previous, record, outputs);
  if (plan.kind === 'pages' && !prerenderer)
    plan = { kind: 'full', reason: 'the last build’s bundles or server entry are missing from the output folder' };
  console.log(
    plan.kind === 'full'
      ? buildMessages.full(plan.reason)
      : buildMessages.pages(plan.render.length, pages.length, plan.removed.length, plan.reason, plan.repair.notFound),
  );
  if (fromSnapshot) console.log(buildMessages.checked(fromSnapshot.checked, fromSnapshot.files));
  else if (checked) {
    const { found, kept } = checked.counts();
    console.log(buildMessages.checked(kept, found + kept));
  }
  // Not needed after all: a full build renders on threads of its own, and there may be nothing to render.
  if (prerenderer && (plan.kind === 'full' || (plan.render.length === 0 && !plan.repair.notFound))) await prerenderer.stop();
  // A full build publishes public/: a picture there that cannot be published stops it before the folder is touched.
  if (plan.kind === 'full') await refuseUnpublishablePictures(join(root, 'public'), cacheDir);
  // From here on the folder is being written: until the record is written again, no build trusts it.
  forgetRecord(outDir);
  clock.step('planning');
  if (plan.kind === 'full') {
    await fullBuild(options, site, pages, record);
    record.outputs = outputStamps(outDir);
  } else if ('missing' in previous || !outputs) throw new Error('An incremental build was planned without a record of the last build.');
  else record.outputs = restamped(outDir, outputs.stamps, await pagesBuild(options, site, pages, record, plan, previous));
  clock.step('recording the output files');
  console.log(clock.line());
  writeRecord(outDir, record);
}
