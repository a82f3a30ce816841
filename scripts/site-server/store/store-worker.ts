/**
 * The store's writer thread (started by store-writer.ts): it owns the one SQLite
 * connection that writes, so a slow disk or a lock held by another process never stalls
 * the thread that answers requests. Submissions that arrive while it is busy are stored
 * together in one transaction: one commit, one fsync, for the whole batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { errorCode, openStore, StoreOpenError, type Store } from './store';
import type { FromWriter, ToWriter } from './store-writer';

const port = parentPort;
if (!port) throw new Error('store-worker.ts runs as a worker thread of store-writer.ts.');
const post = (message: FromWriter): void => port.postMessage(message);
const { path, busyTimeoutMs } = workerData as { path: string; busyTimeoutMs: number };

let store: Store | undefined;
try {
  store = openStore(path, { busyTimeoutMs });
  post({ type: 'ready' });
} catch (error) {
  post(
    error instanceof StoreOpenError
      ? { type: 'failed', code: error.code, detail: error.detail }
      : { type: 'failed', code: errorCode(error), detail: String(error) },
  );
}

const queue: Extract<ToWriter, { type: 'add' }>[] = [];
function flush(): void {
  const batch = queue.splice(0);
  if (!store || batch.length === 0) return;
  try {
    const ids = store.addAll(batch.map((request) => request.submission));
    for (const [index, request] of batch.entries()) post({ type: 'added', request: request.request, id: ids[index] ?? 0 });
  } catch (error) {
    const code = errorCode(error);
    for (const request of batch) post({ type: 'refused', request: request.request, code, detail: (error as Error).message });
  }
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'close') {
    flush();
    store?.close();
    port.close();
    return;
  }
  queue.push(message);
  // Everything that arrives before the next turn of the loop joins this batch.
  if (queue.length === 1) setImmediate(flush);
});
