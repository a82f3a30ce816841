/**
 * One prerendering thread (started by prerender-on-cores.ts): it loads the server entry the build
 * made as soon as it starts (an incremental build starts it before it knows which pages to
 * render, so that this happens while the site is read), then waits for what to render with,
 * asks for its pages a batch at a time, renders them and writes each to disk as soon as it is
 * rendered, and says which files it wrote and which blocks failed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { pageRenderer, type ServerEntry } from './page-renderer';
import type { FromPrerenderer, Job, ToPrerenderer } from './prerenderer';

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread of prerender-on-cores.ts.');
const { entryFile } = workerData as { entryFile: string };
const next = (): Promise<ToPrerenderer> => new Promise((resolve) => port.once('message', resolve));
// Listened for at once: it may come while the entry is still loading.
const start = next();

const post = (message: FromPrerenderer): void => port.postMessage(message);
/** The next batch of this thread's pages; none once all are done. */
async function batch(): Promise<Job[]> {
  const answer = next();
  post({ type: 'more' });
  const message = await answer;
  return message.type === 'pages' ? message.pages : [];
}
try {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  await entry.loadEveryComponent();
  const started = await start;
  if (started.type !== 'start') throw new Error(`prerender-worker.ts was sent ${started.type} before start.`);
  const { site, manifest, outDir, today, compressLevel } = started.data;
  const renderer = pageRenderer(entry, site, manifest, outDir, today, compressLevel);
  for (let pages = await batch(); pages.length > 0; pages = await batch()) {
    for (const { route, page, file } of pages) await renderer.render(route, page, file);
  }
  post({
    type: 'done',
    files: renderer.files,
    compressed: renderer.compressed,
    firstLoad: renderer.firstLoad,
    dated: renderer.dated,
    failures: renderer.failures.map(({ route, error }) => ({ route, error: (error as Error)?.stack ?? String(error) })),
  });
} catch (error) {
  post({ type: 'crashed', error: (error as Error)?.stack ?? String(error) });
}
