/**
 * One prerendering thread (started by prerender-pool.ts): it loads the server entry the build
 * made, renders its share of the pages and writes each to disk as soon as it is rendered, then
 * says which files it wrote and which blocks failed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { pageRenderer, type ServerEntry } from './prerender';
import type { FromPrerenderer, PrerenderData } from './prerender-pool';

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread of prerender-pool.ts.');
const { entryFile, site, manifest, outDir, today, pages } = workerData as PrerenderData;

const post = (message: FromPrerenderer): void => port.postMessage(message);
try {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const renderer = pageRenderer(entry, site, manifest, outDir, today);
  for (const { route, page, file } of pages) await renderer.render(route, page, file);
  post({
    type: 'done',
    files: renderer.files,
    failures: renderer.failures.map(({ route, error }) => ({ route, error: (error as Error)?.stack ?? String(error) })),
  });
} catch (error) {
  post({ type: 'crashed', error: (error as Error)?.stack ?? String(error) });
}
