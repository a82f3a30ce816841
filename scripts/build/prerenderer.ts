/**
 * A prerendering thread (prerender-worker.ts) and the messages it exchanges with the build. It
 * starts loading the server entry at once, before it is given any page: an incremental build
 * starts one first thing, so that this happens while the build reads the site. This module
 * imports nothing heavy, for that reason.
 */
import type { Page, Site } from '../../src/generated/schema-types';
import { startTsWorker } from '../threads/ts-worker';
import type { Manifest } from './assets';

/** One page to render, and the file it goes to. */
export interface Job {
  route: string;
  page: Page | undefined;
  file: string;
}

/** What a worker is given to render once it has loaded the server entry (its pages it is then handed a batch at a time). */
interface PrerenderData {
  site: Site;
  manifest: Manifest;
  outDir: string;
  today: string;
  pages: Job[];
  /** The Brotli level to compress each page at as it is written, if the thread compresses them (prerender.ts, pageRenderer). */
  compressLevel?: number;
}

/** What the build sends a thread: the data to render with, then each batch of pages it asks for (an empty one at the end). */
export type ToPrerenderer = { type: 'start'; data: Omit<PrerenderData, 'pages'> } | { type: 'pages'; pages: Job[] };

/** Pages handed to a thread at once: it holds no more of the site than this, and asks for the next batch when done. */
const BATCH = 100;

export type FromPrerenderer =
  | { type: 'more' }
  | {
      type: 'done';
      files: string[];
      firstLoad: [string, string[]][];
      compressed: { files: string[]; before: number; after: number };
      failures: { route: string; error: string }[];
    }
  | { type: 'crashed'; error: string };

const WORKER_FILE = new URL('./prerender-worker.ts', import.meta.url);

/** A prerendering thread that loads the server entry from the moment it starts, and renders the share it is then given. */
export interface Prerenderer {
  render(data: PrerenderData): Promise<Extract<FromPrerenderer, { type: 'done' }>>;
  /** Ends the thread, whatever it is doing (a build that turns out to need none). */
  stop(): Promise<void>;
}

export function startPrerenderer(entryFile: string): Prerenderer {
  const worker = startTsWorker(WORKER_FILE, { workerData: { entryFile } });
  let answered = false;
  let pages: Job[] = [];
  let handed = 0;
  const send = (message: ToPrerenderer): void => worker.postMessage(message);
  const answer = new Promise<Extract<FromPrerenderer, { type: 'done' }>>((resolve, reject) => {
    worker.on('message', (message: FromPrerenderer) => {
      if (message.type === 'more') {
        send({ type: 'pages', pages: pages.slice(handed, handed + BATCH) });
        handed += BATCH;
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
    render({ pages: share, ...data }) {
      pages = share;
      send({ type: 'start', data });
      return answer;
    },
    async stop() {
      answered = true;
      await worker.terminate();
    },
  };
}
