/**
 * "Every line logged or printed carries no secret", made true for a whole process rather than
 * call by call: `redactOutput` puts `redact` in front of the process's stdout and stderr, so a
 * line written by any module (console.log, console.error, a library's own warning, a stack
 * printed in haste, what a worker thread writes, which reaches the parent's streams) is redacted
 * as it goes out, including lines written by code added later. The site server, the editor and
 * `npm run enquiries` call it first thing, after registering the secrets of their settings.
 *
 * Node writes its own report of an uncaught exception below the streams, so the report is made
 * here instead, through them, and the process ends with Node's exit code for it (1). What it
 * cannot reach: a child process given the terminal itself (stdio: 'inherit') writes to it directly.
 */
import { StringDecoder } from 'node:string_decoder';
import { inspect } from 'node:util';
import { redact } from './redact';

type Write = NodeJS.WriteStream['write'];

/** Each wrapped stream's own write, for what must reach a terminal whole (`showOnTerminal`). */
const unredacted = new WeakMap<NodeJS.WriteStream, Write>();

/** The chunk as text when it is whole UTF-8 text (what console writes); undefined for other bytes. */
function textOf(chunk: unknown, encoding: unknown): string | undefined {
  if (typeof chunk === 'string')
    return encoding === undefined || typeof encoding === 'function' || /^utf-?8$/i.test(String(encoding)) ? chunk : undefined;
  if (!(chunk instanceof Uint8Array)) return undefined;
  const decoder = new StringDecoder('utf8');
  const text = decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  // Bytes that are not whole UTF-8 (cut mid-character, or binary) pass as they are.
  return decoder.end() === '' && Buffer.byteLength(text) === chunk.byteLength ? text : undefined;
}

/** Makes every write to `streams` (stdout and stderr unless said) pass through `redact`. */
export function redactOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    if (unredacted.has(stream)) continue;
    const write = stream.write.bind(stream) as Write;
    unredacted.set(stream, write);
    stream.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      const text = textOf(chunk, encoding);
      const pass = write as (...args: unknown[]) => boolean;
      if (text === undefined) return pass(chunk, encoding, callback);
      return pass(redact(text), 'utf8', typeof encoding === 'function' ? encoding : callback);
    }) as Write;
  }
  if (streams.includes(process.stderr) && !reportsCrashes) {
    reportsCrashes = true;
    process.on('uncaughtException', (error, origin) => {
      // Another listener has taken the process's crashes in hand: it says and decides.
      if (process.listenerCount('uncaughtException') > 1) return;
      process.stderr.write(`${origin === 'unhandledRejection' ? 'Unhandled rejection' : 'Uncaught exception'}: ${inspect(error)}\n`);
      process.exit(1);
    });
  }
}

let reportsCrashes = false;

/**
 * Writes a line that must carry a secret to the person who set it (the editor's address with its
 * token), unredacted, when stdout is a terminal; where stdout is a file, a pipe or a log, the
 * line would stay there, so nothing is written and false says to print something else.
 */
export function showOnTerminal(line: string): boolean {
  if (!process.stdout.isTTY) return false;
  const write = unredacted.get(process.stdout) ?? process.stdout.write.bind(process.stdout);
  write(`${line}\n`);
  return true;
}
