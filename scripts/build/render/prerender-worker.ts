/**
 * One prerendering thread (started by prerender-on-cores.ts): it loads the server entry the build
 * made as soon as it starts (an incremental build starts it before it knows which pages to
 * render, so that this happens while the site is read), then waits for what to render with,
 * asks for its pages a batch at a time, renders them and writes each to disk as soon as it is
 * rendered, and says which files it wrote and which blocks failed. The entry is plain JavaScript,
 * loaded before tsx is on (start-ts-worker.ts): the thread's bootstrap loads it, with its lazy
 * components, then this file, and calls its default export with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pageRenderer, type ServerEntry } from './page-renderer';
import type { FromPrerenderer, Job, ToPrerenderer } from './prerenderer';
import { warmUp } from './warm-up';

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread of prerender-on-cores.ts.');
const next = (): Promise<ToPrerenderer> => new Promise((resolve) => port.once('message', resolve));

const post = (message: FromPrerenderer): void => port.postMessage(message);
/** The next batch of this thread's pages; none once all are done. */
async function batch(): Promise<Job[]> {
  const answer = next();
  post({ type: 'more' });
  const message = await answer;
  return message.type === 'pages' ? message.pages : [];
}
/** Renders with the server entry what the build sends; see the file's comment. */
export default async function prerenderWorker(entry: ServerEntry): Promise<void> {
  try {
    // Sent while the entry may still have been loading, or while the thread warms up: the port keeps it until then.
    const starting = next();
    await warmUp(entry, (workerData as { warmUp?: string } | undefined)?.warmUp);
    const started = await starting;
    if (started.type !== 'start') throw new Error(`prerender-worker.ts was sent ${started.type} before start.`);
    const { site, manifest, outDir, today, compressLevel, book } = started.data;
    const renderer = pageRenderer(entry, site, manifest, outDir, today, compressLevel, book);
    for (let pages = await batch(); pages.length > 0; pages = await batch()) {
      for (const { route, page, file, kept } of pages) await renderer.render(route, page, file, kept);
    }
    post({
      type: 'done',
      files: renderer.files,
      compressed: renderer.compressed,
      firstLoad: renderer.firstLoad,
      dated: renderer.dated,
      bodies: renderer.bodies,
      rules: renderer.rules,
      keptBodies: renderer.keptBodies,
      failures: renderer.failures.map(({ route, error }) => ({ route, error: (error as Error)?.stack ?? String(error) })),
    });
  } catch (error) {
    post({ type: 'crashed', error: (error as Error)?.stack ?? String(error) });
  }
}
