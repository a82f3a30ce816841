/**
 * A prerendering thread (prerender-worker.ts) and the messages it exchanges with the build. It
 * starts loading the server entry at once, before it is given any page: an incremental build
 * starts one first thing, so that this happens while the build reads the site. This module
 * imports nothing heavy, for that reason.
 */
import type { Page, Site } from '../../../src/generated/schema-types';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTsWorker } from '../../threads/start-ts-worker';
import type { Manifest } from '../bundles/page-assets';
import type { BodyFacts, RuleBook } from './kept-body';

/** One page to render, the file it goes to, and what the last build kept of its body when it may still hold (kept-body.ts). */
export interface Job {
  route: string;
  page: Page | undefined;
  file: string;
  kept?: BodyFacts;
}

/** What a worker is given to render with once it has loaded the server entry (its pages it then asks for a batch at a time). */
interface PrerenderData {
  site: Site;
  manifest: Manifest;
  outDir: string;
  today: string;
  /** The Brotli level to compress each page at as it is written, if the thread compresses them (page-renderer.ts). */
  compressLevel?: number;
  /** The rules of the bodies kept (kept-body.ts). */
  book: RuleBook;
}

/** What the build sends a thread: the data to render with, then each batch of pages it asks for (an empty one at the end). */
export type ToPrerenderer = { type: 'start'; data: PrerenderData } | { type: 'pages'; pages: Job[] };

export type FromPrerenderer =
  | { type: 'more' }
  | {
      type: 'done';
      files: string[];
      firstLoad: [string, string[]][];
      compressed: { files: string[]; before: number; after: number };
      failures: { route: string; error: string }[];
      dated: string[];
      bodies: [string, BodyFacts][];
      rules: [string, string, string | null][];
      keptBodies: number;
    }
  | { type: 'crashed'; error: string };

/**
 * The thread's module: compiled into the build's bundle beside the build itself when the build
 * runs from one (scripts/build.mjs names its folder), or else its TypeScript source.
 */
function workerFile(): URL {
  const bundle = (globalThis as { buildScriptBundle?: unknown }).buildScriptBundle;
  const bundled = typeof bundle === 'string' ? join(bundle, 'scripts/build/render/prerender-worker.mjs') : undefined;
  return bundled && existsSync(bundled) ? pathToFileURL(bundled) : new URL('./prerender-worker.ts', import.meta.url);
}

/** A prerendering thread that loads the server entry from the moment it starts, and renders the share it is then given. */
export interface Prerenderer {
  /**
   * Renders with `data` the pages `take` hands out, a batch each time the thread asks, until it
   * hands out none: threads that share one `take` share the work as they go, the faster
   * taking more.
   */
  render(data: PrerenderData, take: () => Job[]): Promise<Extract<FromPrerenderer, { type: 'done' }>>;
  /** Ends the thread, whatever it is doing (a build that turns out to need none). */
  stop(): Promise<void>;
}

/** `warmUp`: the file of a sample page the thread renders while it waits (warm-up.ts), when it is started before the build knows what to render. */
export function startPrerenderer(entryFile: string, warmUp?: string): Prerenderer {
  const worker = startTsWorker(
    workerFile(),
    { workerData: { warmUp } },
    { url: pathToFileURL(entryFile).href, prepare: 'loadEveryComponent' },
  );
  let answered = false;
  let take = (): Job[] => [];
  const send = (message: ToPrerenderer): void => worker.postMessage(message);
  const answer = new Promise<Extract<FromPrerenderer, { type: 'done' }>>((resolve, reject) => {
    worker.on('message', (message: FromPrerenderer) => {
      if (message.type === 'more') {
        send({ type: 'pages', pages: take() });
        return;
      }
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
  // Told when rendering is asked for; a thread stopped unasked is no failure.
  answer.catch(() => undefined);
  return {
    render(data, handOut) {
      take = handOut;
      send({ type: 'start', data });
      return answer;
    },
    async stop() {
      answered = true;
      await worker.terminate();
    },
  };
}
