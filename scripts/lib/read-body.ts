import type { IncomingMessage } from 'node:http';
import { ClientGone, refusal } from './api-reply';
import { apiMessages } from './messages';

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

/**
 * Reads a request body of at most `limit` bytes. A larger one (by its Content-Length, or as
 * it streams in) is refused with 413 and not read further; the server drops the rest of it
 * after the answer. Rejects with ClientGone when the client disconnects first.
 */
export function readBody(req: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(refusal(413, tooLarge));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = watchForAbort(req, reject, () => size);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      stop();
      reject(refusal(413, tooLarge));
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
