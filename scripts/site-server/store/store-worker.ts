/**
 * The store's writer thread (started by store-writer.ts): it owns the one SQLite
 * connection that writes, so a slow disk or a lock held by another process never stalls
 * the thread that answers requests. Submissions that arrive while it is busy are stored
 * together in one transaction: one commit, one fsync, for the whole batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startDeliverer } from '../notify/start-deliverer';
import { channelsOf } from '../notify/notify-settings';
import { openSqlite, type SqliteStore } from './open-sqlite';
import { errorCode, StoreOpenError } from './store-open-error';
import { dailyPurge } from './retention';
import type { FromWriter, ToWriter, WriterData } from './store-writer';

const port = parentPort;
if (!port) throw new Error('store-worker.ts runs as a worker thread of store-writer.ts.');
const post = (message: FromWriter): void => port.postMessage(message);
const { path, busyTimeoutMs, notify: given, retention } = workerData as WriterData;
// A Buffer crosses into a thread as a plain Uint8Array.
const notify = given?.webhook ? { ...given, webhook: { ...given.webhook, key: Buffer.from(given.webhook.key) } } : given;

let purging: ReturnType<typeof dailyPurge> | undefined;
let store: SqliteStore | undefined;
let deliverer: ReturnType<typeof startDeliverer> | undefined;
try {
  store = openSqlite(path, { busyTimeoutMs, channels: channelsOf(notify) });
  const opened = store;
  if (notify)
    deliverer = startDeliverer({
      outbox: opened.outbox,
      submission: (delivery) => opened.deliveredOf(delivery),
      settings: notify,
      log: (line) => console.error(line),
    });
  if (retention) purging = dailyPurge(opened, retention);
  post({ type: 'ready', formTokenKey: opened.formTokenKey() });
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
    deliverer?.kick();
  } catch (error) {
    const code = errorCode(error);
    for (const request of batch) post({ type: 'refused', request: request.request, code, detail: (error as Error).message });
  }
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'close') {
    flush();
    purging?.stop();
    // A try under way ends within its timeout; what is left waits in the outbox for the next start.
    void (deliverer?.stop() ?? Promise.resolve()).finally(() => {
      store?.close();
      port.close();
      // Ends this thread now, with a try left to its lease still open.
      if (deliverer) process.exit(0);
    });
    return;
  }
  queue.push(message);
  // Everything that arrives before the next turn of the loop joins this batch.
  if (queue.length === 1) setImmediate(flush);
});
