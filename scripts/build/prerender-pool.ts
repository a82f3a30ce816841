/**
 * Prerendering on every core: the pages are dealt out in turn to one worker thread per core
 * (prerender-worker.ts), each of which loads the server entry and writes its pages to disk as
 * it renders them, so no thread holds more than its share. A small site is rendered in this
 * thread instead: starting the workers costs more than it saves.
 */
import { availableParallelism } from 'node:os';
import type { Page, Site } from '../../src/generated/schema-types';
import { outputFileOfRoute } from '../content/routes';
import type { LoadedPage } from '../content/load-site';
import { startTsWorker } from '../threads/ts-worker';
import type { Manifest } from './assets';
import { finishSite, type PrerenderResult, pageRenderer, siteWithEndpoints, type ServerEntry } from './prerender';

/** Below this many pages a site is rendered in one thread. */
const PAGES_PER_WORKER = 250;

/** One page to render, and the file it goes to. */
interface Job {
  route: string;
  page: Page | undefined;
  file: string;
}

/** What a worker is started with. */
export interface PrerenderData {
  entryFile: string;
  site: Site;
  manifest: Manifest;
  outDir: string;
  today: string;
  pages: Job[];
}

export type FromPrerenderer =
  | { type: 'done'; files: string[]; failures: { route: string; error: string }[] }
  | { type: 'crashed'; error: string };

const WORKER_FILE = new URL('./prerender-worker.ts', import.meta.url);

/** How many threads a site of `pages` pages is rendered on: one per core, fewer for a small site, or `PRERENDER_WORKERS`. */
export function workerCount(pages: number, env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.PRERENDER_WORKERS);
  if (Number.isInteger(set) && set >= 1) return set;
  return Math.max(1, Math.min(availableParallelism(), Math.floor(pages / PAGES_PER_WORKER)));
}

function runWorker(data: PrerenderData): Promise<Extract<FromPrerenderer, { type: 'done' }>> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER_FILE, { workerData: data });
    let answered = false;
    worker.once('message', (message: FromPrerenderer) => {
      answered = true;
      if (message.type === 'done') resolve(message);
      else reject(new Error(`A prerendering thread failed: ${message.error}`));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`A prerendering thread stopped (exit code ${code}) before it had rendered its pages.`));
    });
  });
}

/**
 * Writes every page, the 404 page and the site's other files (prerender.ts) into `outDir`,
 * on `workers` threads. `entry` renders in this thread when one is enough; `entryFile` is the
 * same server entry as a file, which each worker loads.
 */
export async function prerenderOnCores(
  entry: ServerEntry,
  entryFile: string,
  siteFile: Site,
  pages: LoadedPage[],
  manifest: Manifest,
  outDir: string,
  workers = workerCount(pages.length),
): Promise<PrerenderResult> {
  const site = siteWithEndpoints(siteFile);
  // One day for the whole build, so that every page counts a job's age to the same day.
  const today = new Date().toISOString().slice(0, 10);
  const jobs: Job[] = [
    ...pages.map(({ route, page }) => ({ route, page, file: outputFileOfRoute(route) })),
    { route: '/404', page: undefined, file: '404.html' },
  ];
  const files = new Set<string>();
  const failures: PrerenderResult['failures'] = [];
  if (workers <= 1) {
    const renderer = pageRenderer(entry, site, manifest, outDir, today);
    for (const { route, page, file } of jobs) await renderer.render(route, page, file);
    for (const file of renderer.files) files.add(file);
    failures.push(...renderer.failures);
  } else {
    // Dealt in turn, so that each thread gets as many long pages as short ones.
    const shares = Array.from({ length: workers }, (_, index) => jobs.filter((_, at) => at % workers === index));
    const results = await Promise.all(shares.map((share) => runWorker({ entryFile, site, manifest, outDir, today, pages: share })));
    for (const result of results) {
      for (const file of result.files) files.add(file);
      failures.push(...result.failures);
    }
  }
  for (const file of finishSite(site, pages, outDir)) files.add(file);
  return { files: [...files], failures };
}
