/**
 * One prerendering thread (started by prerender-pool.ts): it loads the server entry the build
 * made as soon as it starts (an incremental build starts it before it knows which pages to
 * render, so that this happens while the site is read), then waits for its share of the
 * pages, renders them and writes each to disk as soon as it is rendered, and says which files
 * it wrote and which blocks failed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { pageRenderer, type ServerEntry } from './prerender';
import type { FromPrerenderer, PrerenderData } from './prerenderer';

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread of prerender-pool.ts.');
const { entryFile } = workerData as { entryFile: string };
// Listened for at once: the pages may come while the entry is still loading.
const share = new Promise<PrerenderData>((resolve) => port.once('message', resolve));

const post = (message: FromPrerenderer): void => port.postMessage(message);
try {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  await entry.loadEveryComponent();
  const { site, manifest, outDir, today, pages } = await share;
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
