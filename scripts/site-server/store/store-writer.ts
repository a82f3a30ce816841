import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../threads/start-ts-worker';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { logMessages } from '../log-messages';
import type { NotifySettings } from '../notify/notify-settings';
import type { Retention } from './retention';
import { isBusy } from './open-sqlite';
import { StoreOpenError } from './store-open-error';
import type { Submission } from './submission';

/** What the writer thread is started with. */
export interface WriterData {
  path: string;
  busyTimeoutMs: number;
  notify: NotifySettings | undefined;
  retention: Retention | undefined;
}

/** Messages to the writer thread (store-worker.ts) and back. */
export type ToWriter = { type: 'add'; request: number; submission: Submission } | { type: 'close' };
export type FromWriter =
  | { type: 'ready'; formTokenKey: Uint8Array }
  | { type: 'failed'; code: string; detail: string }
  | { type: 'added'; request: number; id: number }
  | { type: 'refused'; request: number; code: string; detail: string };

/** A write the store refused; nothing of it was saved. `busy` when trying again shortly may succeed (SQLite's busy codes unless its engine says). */
export class StoreWriteError extends Error {
  constructor(
    readonly code: string,
    detail: string,
    readonly busy = isBusy(code),
  ) {
    super(`${code}: ${detail}`);
    this.name = 'StoreWriteError';
  }
}

/** What the endpoints write through: every call resolves once the submission is committed. */
export interface StoreWriter {
  readonly path: string;
  /** The key form tokens are signed with, kept in the store (the same for every process on it). */
  readonly formTokenKey: Buffer;
  add(submission: Submission): Promise<number>;
  /**
   * A rate limiter whose counts live in the store, shared by every server on it (PostgreSQL's);
   * absent when the limit is kept by this process (or this cluster's primary).
   */
  sharedLimiter?: (options: { points: number; duration: number; keyPrefix: string }) => RateLimiterAbstract;
  close(): Promise<void>;
}

export interface StoreWriterOptions {
  /** How long a write waits for another process's lock before it is refused as busy. */
  busyTimeoutMs?: number;
  /** Where each stored submission is delivered (the writer thread delivers what the outbox owes). */
  notify?: NotifySettings;
  /** How long submissions are kept: what is older is deleted at start and every day (retention.ts). */
  retention?: Retention;
}

// The worker is TypeScript like the rest of the scripts (threads/start-ts-worker.ts).
const WORKER_FILE = new URL('./store-worker.ts', import.meta.url);

function spawn(data: WriterData, onKey: (key: Buffer) => void = () => undefined): Promise<Worker> {
  const { path } = data;
  const worker = startTsWorker(WORKER_FILE, { workerData: data });
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromWriter): void => {
      if (message.type === 'ready') {
        onKey(Buffer.from(message.formTokenKey));
        resolve(worker);
      }
      if (message.type === 'failed') void worker.terminate().then(() => reject(new StoreOpenError(path, message.code, message.detail)));
      if (message.type === 'ready' || message.type === 'failed') worker.off('message', onMessage).off('error', reject);
    };
    worker.on('message', onMessage).once('error', reject);
  });
}

/**
 * Starts the store's writer thread on the database at `path` and resolves once the store is
 * open; a store that cannot be opened rejects with a StoreOpenError whose message is one
 * line. If the thread ever stops, the writes in flight are refused (never reported saved)
 * and the next write starts a new one.
 */
export async function startStoreWriter(
  path: string,
  { busyTimeoutMs = 1000, notify, retention }: StoreWriterOptions = {},
): Promise<StoreWriter> {
  const data: WriterData = { path, busyTimeoutMs, notify, retention };
  const pending = new Map<number, { resolve: (id: number) => void; reject: (error: Error) => void }>();
  let next = 0;
  let closing = false;

  const attach = (worker: Worker): Worker => {
    worker.on('message', (message: FromWriter) => {
      if (message.type !== 'added' && message.type !== 'refused') return;
      const waiting = pending.get(message.request);
      pending.delete(message.request);
      if (message.type === 'added') waiting?.resolve(message.id);
      else waiting?.reject(new StoreWriteError(message.code, message.detail));
    });
    worker.on('error', () => undefined);
    worker.once('exit', (code) => {
      current = undefined;
      if (closing) return;
      console.error(logMessages.storeWorkerExit(code));
      for (const [request, waiting] of pending) {
        pending.delete(request);
        waiting.reject(new StoreWriteError('WRITER_STOPPED', 'the writer thread stopped before confirming the write'));
      }
    });
    return worker;
  };

  let formTokenKey: Buffer = Buffer.alloc(0);
  let current: Promise<Worker> | undefined = spawn(data, (key) => (formTokenKey = key)).then(attach);
  await current;

  return {
    path,
    formTokenKey,
    add(submission) {
      if (closing) return Promise.reject(new StoreWriteError('CLOSED', 'the store is closing'));
      current ??= spawn(data).then(attach);
      const started = current;
      const request = next++;
      return new Promise<number>((resolve, reject) => {
        pending.set(request, { resolve, reject });
        started.then(
          (worker) => worker.postMessage({ type: 'add', request, submission } satisfies ToWriter),
          (error: Error) => {
            current = undefined;
            pending.delete(request);
            reject(new StoreWriteError((error as Partial<StoreOpenError>).code ?? 'OPEN', error.message));
          },
        );
      });
    },
    async close() {
      closing = true;
      const worker = await current?.catch(() => undefined);
      if (!worker) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' } satisfies ToWriter);
      await exited;
    },
  };
}
