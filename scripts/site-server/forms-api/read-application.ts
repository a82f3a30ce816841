import Busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { Refusal, refusal } from '../refusal';
import { apiMessages } from '../api-messages';
import { bodyStalled, watchForAbort, watchPace } from '../read-body';
import type { UploadHold } from './upload-memory';

/** What a client is told to wait when the server holds too many CVs at once. */
const RETRY_SECONDS = 10;

export interface ApplicationBody {
  fields: Record<string, string>;
  /** The CV, when the `cv` part named a file. */
  cv?: { name: string; content: Buffer };
}

export interface ApplicationLimits {
  /** The largest CV accepted, in bytes (a CV of exactly this size is accepted). */
  cvBytes: number;
  /** The largest text field, in bytes: longer is refused by the schema's own maximum. */
  fieldBytes: number;
  /** How many text fields the form has. */
  fields: number;
  /** The whole body, in bytes: the CV, the fields and the multipart framing. */
  bodyBytes: number;
  /** The application's share of the memory that holds CVs (see upload-memory.ts). */
  memory: Pick<UploadHold, 'reserve' | 'moved'>;
  /** How long the body may go without moving before it is refused with 408 (see watchPace). */
  idleMs: number;
}

/** What an application is told when there is no memory left for its CV. */
export const uploadsBusy = (): Refusal => refusal(503, apiMessages.uploadsBusy(RETRY_SECONDS), RETRY_SECONDS);
/** ...and when its stalled upload gave its memory to one that is moving: nothing more is coming, so the connection is closed. */
const gaveWay = (): Refusal =>
  new Refusal(
    503,
    { ok: false, error: apiMessages.uploadsBusy(RETRY_SECONDS) },
    { 'Retry-After': String(RETRY_SECONDS), Connection: 'close' },
  );

/**
 * Reads a multipart job application: its text fields and at most one file, the CV, found by
 * its part's name wherever it stands. File names keep their characters (raw UTF-8, as
 * browsers send them, or RFC 5987's filename*). Anything the form could not have sent is
 * refused, never dropped: a second file or a file in another field (400), more parts than
 * the form has (400), a body that ends early or is malformed (400), a CV or body over its
 * limit (413), a body that stops arriving (408). Rejects with a Refusal, or with ClientGone
 * when the client disconnects. `giveWay` ends the reading from outside: the upload had to give
 * its memory to others (503).
 */
export function readApplication(req: IncomingMessage, limits: ApplicationLimits): { body: Promise<ApplicationBody>; giveWay: () => void } {
  let giveWay = (): void => undefined;
  const body = new Promise<ApplicationBody>((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // One byte over each limit: busboy flags a part as cut when it reaches its limit exactly.
        limits: {
          fileSize: limits.cvBytes + 1,
          fieldSize: limits.fieldBytes + 1,
          files: 2,
          fields: limits.fields,
          parts: limits.fields + 2,
          headerPairs: 16,
        },
      });
    } catch {
      return reject(refusal(400, apiMessages.badMultipart));
    }
    const fields = new Map<string, string>();
    let cv: ApplicationBody['cv'];
    let cvSeen = false;
    let received = 0;
    let settled = false;

    const stopWatching = watchForAbort(
      req,
      (gone) => finish(gone),
      () => received,
    );
    const pace = watchPace(limits.idleMs, () => finish(bodyStalled(limits.idleMs)), limits.memory.moved);
    giveWay = () => finish(gaveWay());
    function finish(outcome: Refusal | Error | ApplicationBody): void {
      if (settled) return;
      settled = true;
      stopWatching();
      pace.stop();
      req.off('data', count);
      req.unpipe(parser);
      if (outcome instanceof Error) {
        parser.removeAllListeners();
        // Later parser errors (the rest of a cut body) have nowhere to go but here.
        parser.on('error', () => undefined);
        reject(outcome);
      } else resolve(outcome);
    }
    function count(chunk: Buffer): void {
      received += chunk.length;
      pace.progress(chunk.length);
      if (received > limits.bodyBytes) finish(refusal(413, apiMessages.applicationTooLarge));
    }

    parser.on('field', (name, value, info) => {
      // A second value for a field would silently replace the first: the form never sends one.
      if (fields.has(name) || info.nameTruncated) return finish(refusal(400, apiMessages.tooManyParts));
      // A cut value is longer than the field's maximum, so the schema refuses it in its own words.
      fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => finish(refusal(400, apiMessages.badMultipart)));
      if (name !== 'cv' || cvSeen) {
        stream.resume();
        return finish(refusal(400, apiMessages.extraFile(name)));
      }
      cvSeen = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!limits.memory.reserve(chunk.length)) return finish(uploadsBusy());
        chunks.push(chunk);
      });
      stream.on('limit', () => finish(refusal(413, apiMessages.applicationTooLarge)));
      stream.on('end', () => {
        // A browser sends an empty, nameless part for a file input left empty: no CV.
        if (info.filename) cv = { name: info.filename, content: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => finish(refusal(400, apiMessages.tooManyParts)));
    parser.on('fieldsLimit', () => finish(refusal(400, apiMessages.tooManyParts)));
    parser.on('partsLimit', () => finish(refusal(400, apiMessages.tooManyParts)));
    parser.on('error', () => finish(refusal(400, apiMessages.badMultipart)));
    parser.on('close', () => finish({ fields: Object.fromEntries(fields), ...(cv ? { cv } : {}) }));
    req.on('data', count);
    req.pipe(parser);
  });
  return { body, giveWay: () => giveWay() };
}
