/**
 * One prerendering thread (started by prerender-pool.ts): it loads the server entry the build
 * made as soon as it starts (an incremental build starts it before it knows which pages to
 * render, so that this happens while the site is read), then waits for its share of the
 * pages, renders them and writes each to disk as soon as it is rendered, and says which files
 * it wrote and which blocks failed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from './collect-garbage';
import { pageRenderer, type ServerEntry } from './prerender';
import type { FromPrerenderer, PrerenderData } from './prerenderer';

/** A full collection every so many pages holds a thread's heap near what it keeps (collect-garbage.ts); one takes about 30 ms. */
const PAGES_BETWEEN_COLLECTIONS = 1000;

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread of prerender-pool.ts.');
const { entryFile } = workerData as { entryFile: string };
// Listened for at once: the pages may come while the entry is still loading.
const share = new Promise<PrerenderData>((resolve) => port.once('message', resolve));

const post = (message: FromPrerenderer): void => port.postMessage(message);
try {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  await entry.loadEveryComponent();
  const { site, manifest, outDir, today, pages, compressLevel } = await share;
  const renderer = pageRenderer(entry, site, manifest, outDir, today, compressLevel);
  for (const [index, { route, page, file }] of pages.entries()) {
    await renderer.render(route, page, file);
    if ((index + 1) % PAGES_BETWEEN_COLLECTIONS === 0) collectGarbage();
  }
  await renderer.finish();
  post({
    type: 'done',
    files: renderer.files,
    compressed: renderer.compressed,
    firstLoad: renderer.firstLoad,
    failures: renderer.failures.map(({ route, error }) => ({ route, error: (error as Error)?.stack ?? String(error) })),
  });
} catch (error) {
  post({ type: 'crashed', error: (error as Error)?.stack ?? String(error) });
}
