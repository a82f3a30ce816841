import type { IncomingMessage } from 'node:http';
import { Refusal, refusal } from './refusal';
import { apiMessages } from './api-messages';

/** The request's client went away before sending its whole body: there is nobody to answer. */
export class ClientGone extends Error {
  constructor(readonly received: number) {
    super('client gone');
    this.name = 'ClientGone';
  }
}

/** Bytes a body must bring within each idle period to count as still arriving: a trickle below it is a stall. */
const PROGRESS_BYTES = 4096;

/**
 * Calls `onStall` when a body brings fewer than PROGRESS_BYTES in `idleMs` (nothing at all,
 * or a trickle): a body that stops short of its end holds its connection and what it sent
 * so far, so it is dropped in seconds rather than when the whole request times out. A slow
 * body that keeps moving is never dropped. `progress` counts bytes as they arrive and calls
 * `onMoved` each time the body moves on by PROGRESS_BYTES; `stop` ends the watch.
 */
export function watchPace(
  idleMs: number,
  onStall: () => void,
  onMoved: () => void = () => undefined,
): { progress: (bytes: number) => void; stop: () => void } {
  let sinceMove = 0;
  const timer = setTimeout(onStall, idleMs);
  return {
    progress(bytes) {
      sinceMove += bytes;
      if (sinceMove < PROGRESS_BYTES) return;
      sinceMove = 0;
      timer.refresh();
      onMoved();
    },
    stop: () => clearTimeout(timer),
  };
}

/** How long a body may go without moving by PROGRESS_BYTES unless a reader is told otherwise. */
export const BODY_IDLE_MS = 10_000;

/**
 * Calls `onGone` once if the client closes the connection before its request's body has
 * fully arrived; returns a function that stops watching.
 */
export function watchForAbort(req: IncomingMessage, onGone: (error: ClientGone) => void, received: () => number): () => void {
  const onClose = (): void => {
    if (!req.complete) onGone(new ClientGone(received()));
  };
  // An aborted request also emits 'error' (ECONNRESET); without a listener that would end the process.
  const onError = (): void => onClose();
  req.on('close', onClose).on('error', onError);
  return () => void req.off('close', onClose).off('error', onError);
}

/** The refusal of a body that stopped arriving (see watchPace): nothing more is coming, so the connection is closed. */
export const bodyStalled = (idleMs: number): Refusal =>
  new Refusal(408, { ok: false, error: apiMessages.bodyStalled(Math.round(idleMs / 1000)) }, { Connection: 'close' });

/**
 * Reads a request body of at most `limit` bytes. A larger one (by its Content-Length, or as
 * it streams in) is refused with 413 and not read further; the server drops the rest of it
 * after the answer. A body that stops arriving for `idleMs` is refused with 408. Rejects
 * with ClientGone when the client disconnects first.
 */
export function readBody(req: IncomingMessage, limit: number, tooLarge: string, { idleMs = BODY_IDLE_MS } = {}): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(refusal(413, tooLarge));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stopWatching = watchForAbort(
      req,
      (gone) => fail(gone),
      () => size,
    );
    const pace = watchPace(idleMs, () => fail(bodyStalled(idleMs)));
    const stop = (): void => {
      req.off('data', onData).off('end', onEnd);
      stopWatching();
      pace.stop();
    };
    const fail = (error: Error): void => {
      stop();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      pace.progress(chunk.length);
      if (size <= limit) return void chunks.push(chunk);
      fail(refusal(413, tooLarge));
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    req.on('data', onData).on('end', onEnd);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes a body as UTF-8 and parses it as a JSON object; 400 otherwise. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw refusal(400, apiMessages.notUnicode);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refusal(400, apiMessages.notJsonObject);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal(400, apiMessages.notJsonObject);
  return value as Record<string, unknown>;
}
