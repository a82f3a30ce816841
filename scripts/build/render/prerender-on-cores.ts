/**
 * Prerendering on every core: one worker thread per core (prerender-worker.ts) loads the server
 * entry and takes the pages from one queue a batch at a time, writing each page to disk as it
 * renders it, so that no thread holds more than a batch of the site and none waits while
 * another still has pages to render. A small site is rendered in this thread instead: starting
 * the workers costs more than it saves.
 */
import { availableParallelism } from 'node:os';
import type { Site } from '../../../src/generated/schema-types';
import { outputFileOfRoute } from '../../content/route-of-file';
import { buildSettings } from '../../settings/build-settings';
import type { LoadedPage } from '../../content/load-site';
import type { Manifest } from '../bundles/page-assets';
import { finishSite } from './finish-site';
import { type PrerenderResult, pageRenderer, type ServerEntry } from './page-renderer';
import { siteWithEndpoints } from './site-with-endpoints';
import { collectGarbage } from './collect-garbage';
import { type Job, type Prerenderer, startPrerenderer } from './prerenderer';
import type { BodyFacts, RuleBook } from './kept-body';

/** Below this many pages a site is rendered in one thread. */
const PAGES_PER_WORKER = 250;
/** Pages a thread takes from the queue at once: it holds no more of the site than this, and takes the next batch when done. */
const BATCH = 100;

/** How many threads a site of `pages` pages is rendered on: one per core, fewer for a small site, or `PRERENDER_WORKERS`. */
export function workerCount(pages: number, env: NodeJS.ProcessEnv = process.env): number {
  const set = buildSettings(env).prerenderWorkers;
  if (set !== undefined) return set;
  return Math.max(1, Math.min(availableParallelism(), Math.floor(pages / PAGES_PER_WORKER)));
}

/** The day a build renders its pages on: every page counts a job's age to it. */
export const buildDay = (): string => new Date().toISOString().slice(0, 10);

/**
 * What an incremental build renders: only these pages, and the 404 page only when `notFound`
 * says (it depends on nothing they hold; it is rendered again when it differs from the record).
 */
export interface PartialRender {
  only: LoadedPage[];
  notFound?: boolean;
}

/**
 * Writes every page, the 404 page and the site's other files (finish-site.ts) into `outDir`,
 * on `workers` threads, or with `partial` only some of the pages (the site's other files are
 * still made from all of them). `entry` renders in this thread when one is enough; `entryFile`
 * is the same server entry as a file, which each worker loads.
 */
export async function prerenderOnCores(
  entry: ServerEntry | undefined,
  entryFile: string,
  siteFile: Site,
  pages: LoadedPage[],
  manifest: Manifest,
  outDir: string,
  workers = workerCount(pages.length),
  {
    today = buildDay(),
    partial,
    started = [],
    compressLevel,
    batch = BATCH,
    kept = () => undefined,
    book = {},
  }: {
    today?: string;
    partial?: PartialRender;
    started?: Prerenderer[];
    compressLevel?: number;
    batch?: number;
    /** What the last build kept of a route's body, when its page is the same (kept-body.ts). */
    kept?: (route: string) => BodyFacts | undefined;
    /** The rules of the bodies kept. */
    book?: RuleBook;
  } = {},
): Promise<PrerenderResult & { perThread: number[] }> {
  const site = siteWithEndpoints(siteFile);
  const jobs: Job[] = [
    ...(partial?.only ?? pages).map(({ route, page }) => ({ route, page, file: outputFileOfRoute(route), kept: kept(route) })),
    ...(partial && !partial.notFound ? [] : [{ route: '/404', page: undefined, file: '404.html' }]),
  ];
  const files = new Set<string>();
  /** How many pages each thread rendered (one thread: this one). */
  const perThread: number[] = [];
  const failures: PrerenderResult['failures'] = [];
  const dated: PrerenderResult['dated'] = [];
  const compressed: PrerenderResult['compressed'] = { files: [], before: 0, after: 0 };
  const firstLoad: PrerenderResult['firstLoad'] = [];
  const bodies: PrerenderResult['bodies'] = [];
  const rules = new Map<string, PrerenderResult['rules'][number]>();
  let keptBodies = 0;
  const add = (some: Pick<PrerenderResult, 'compressed' | 'firstLoad' | 'dated' | 'bodies' | 'rules' | 'keptBodies'>): void => {
    keptBodies += some.keptBodies;
    for (const file of some.compressed.files) compressed.files.push(file);
    compressed.before += some.compressed.before;
    compressed.after += some.compressed.after;
    for (const entry of some.firstLoad) firstLoad.push(entry);
    for (const route of some.dated) dated.push(route);
    for (const body of some.bodies) bodies.push(body);
    for (const rule of some.rules) if (!rules.has(rule[0])) rules.set(rule[0], rule);
  };
  if (workers <= 1 && started.length === 0) {
    if (!entry && jobs.length > 0) throw new Error('prerenderOnCores: pages to render in this thread, but no server entry loaded here.');
    const renderer = pageRenderer(entry as ServerEntry, site, manifest, outDir, today, compressLevel, book);
    for (const job of jobs) await renderer.render(job.route, job.page, job.file, job.kept);
    for (const file of renderer.files) files.add(file);
    perThread.push(renderer.firstLoad.length);
    add(renderer);
    failures.push(...renderer.failures);
  } else {
    // One queue for all: a thread that renders faster (or started sooner) takes more batches.
    const threads = [...started, ...Array.from({ length: Math.max(0, workers - started.length) }, () => startPrerenderer(entryFile))];
    let taken = 0;
    const take = (): Job[] => {
      const next = jobs.slice(taken, taken + batch);
      taken += next.length;
      return next;
    };
    const rendering = threads.map((thread) => thread.render({ site, manifest, outDir, today, compressLevel, book }, take));
    // The site's data is copied to the threads by now; what reading the site left behind goes before they grow.
    collectGarbage();
    const results = await Promise.all(rendering);
    for (const result of results) {
      for (const file of result.files) files.add(file);
      perThread.push(result.firstLoad.length);
      failures.push(...result.failures);
      add(result);
    }
  }
  for (const file of finishSite(site, pages, outDir)) files.add(file);
  return { files: [...files], compressed, firstLoad, failures, dated, bodies, rules: [...rules.values()], keptBodies, perThread };
}
