import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proxyTrust } from '../../scripts/site-server/client-address';
import { formsApi, type FormsApiOptions } from '../../scripts/site-server/forms-api/forms-api';
import { createSiteServer, type SiteServer, type SiteServerOptions } from '../../scripts/site-server/site-server';
import { openSqlite as openStore, type SqliteStore as Store } from '../../scripts/site-server/store/open-sqlite';
import { startStoreWriter, type StoreWriter } from '../../scripts/site-server/store/store-writer';

export const root = join(import.meta.dirname, '../..');

export interface SiteOptions
  extends Partial<Omit<FormsApiOptions, 'root' | 'store' | 'trustProxy'>>,
    Pick<SiteServerOptions, 'stallTimeoutMs'> {
  /** TRUST_PROXY's value. */
  trustProxy?: string;
  /** The address to listen on: 127.0.0.1 unless said ("::" for both IPv4 and IPv6). */
  host?: string;
  storePath?: string;
  busyTimeoutMs?: number;
  /** Writes through this instead of a real store writer. */
  writer?: StoreWriter;
}

export interface RunningSite {
  base: string;
  port: number;
  storePath: string;
  server: SiteServer;
  /** The store the endpoints write through. */
  store: StoreWriter;
  /** A second, synchronous connection to the same store, for reading what was stored. */
  reader: () => Store;
  stop: () => Promise<void>;
}

/** The built site (dist/) with the real endpoints, on a free port, over a store of its own. */
export async function startSite({
  trustProxy,
  host = '127.0.0.1',
  storePath,
  busyTimeoutMs,
  writer,
  stallTimeoutMs,
  ...options
}: SiteOptions = {}): Promise<RunningSite> {
  const dir = storePath ? undefined : mkdtempSync(join(tmpdir(), 'site-'));
  const path = storePath ?? join(dir ?? '', 'submissions.db');
  const store = writer ?? (await startStoreWriter(path, busyTimeoutMs === undefined ? {} : { busyTimeoutMs }));
  const trust = proxyTrust(trustProxy);
  const server = createSiteServer({
    distDir: join(root, 'dist'),
    routes: formsApi({ root, store, perMinute: 1000, ...options, trustProxy: trust }),
    trustProxy: trust,
    ...(stallTimeoutMs === undefined ? {} : { stallTimeoutMs }),
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  let reader: Store | undefined;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    storePath: path,
    server,
    store,
    reader: () => (reader ??= openStore(path)),
    stop: async () => {
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      reader?.close();
      await store.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Sends raw bytes on a new connection and returns everything the server sent back before it
 * closed the connection (or `waitMs` passed): for requests no HTTP client would send.
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  { waitMs = 2000, end = false } = {},
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
    if (end) socket.end();
  });
}

export interface Answer {
  /** 0 when the connection closed without a whole answer. */
  status: number;
  head: string;
  body: string;
  /** The interim answers before it, such as "HTTP/1.1 100 Continue". */
  interim: string[];
  /** When it arrived, in ms since the request was opened. */
  afterMs: number;
}

/**
 * Opens a connection that sends `bytes` and stays open: `answer` resolves with the first
 * final answer (its body read by Content-Length) or with status 0 when the connection closes
 * first; `socket` sends more, or more requests on the same connection.
 */
export function openRequest(
  port: number,
  bytes: string | Buffer,
): { socket: Socket; answer: Promise<Answer>; next: () => Promise<Answer> } {
  const socket = connect(port, '127.0.0.1');
  const opened = performance.now();
  let buffer = Buffer.alloc(0);
  let interim: string[] = [];
  const waiting: ((answer: Answer) => void)[] = [];
  const ready: Answer[] = [];
  let closed = false;
  const settle = (answer: Answer): void => {
    const wake = waiting.shift();
    if (wake) wake(answer);
    else ready.push(answer);
  };
  const parse = (): void => {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      if (status >= 100 && status < 200) {
        interim.push(head);
        buffer = buffer.subarray(end + 4);
        continue;
      }
      let body: string;
      if (/^Transfer-Encoding: chunked$/im.test(head)) {
        // Chunks up to the last (zero-sized) one.
        const chunks: Buffer[] = [];
        let at = end + 4;
        for (;;) {
          const lineEnd = buffer.indexOf('\r\n', at);
          if (lineEnd < 0) return;
          const size = Number.parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
          if (buffer.length < lineEnd + 2 + size + 2) return;
          chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
          if (size === 0) break;
        }
        body = Buffer.concat(chunks).toString('utf8');
        buffer = buffer.subarray(at);
      } else {
        const length = Number(/^Content-Length: (\d+)$/im.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
        buffer = buffer.subarray(end + 4 + length);
      }
      settle({ status, head, body, interim, afterMs: performance.now() - opened });
      interim = [];
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    parse();
  });
  const onClose = (): void => {
    closed = true;
    while (waiting.length > 0) settle({ status: 0, head: '', body: '', interim, afterMs: performance.now() - opened });
  };
  socket.on('close', onClose).on('error', () => undefined);
  socket.write(bytes);
  const next = (): Promise<Answer> =>
    new Promise((resolve) => {
      const answer = ready.shift();
      if (answer) return resolve(answer);
      if (closed) return resolve({ status: 0, head: '', body: '', interim, afterMs: performance.now() - opened });
      waiting.push(resolve);
    });
  return { socket, answer: next(), next };
}

/** A multipart body by hand, as browsers frame it, with the boundary "B". */
export function multipart(
  parts: { name: string; filename?: string; filenameStar?: string; type?: string; content: string | Buffer }[],
  close = true,
): Buffer<ArrayBuffer> {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = [
      `form-data; name="${part.name}"`,
      ...(part.filename === undefined ? [] : [`filename="${part.filename}"`]),
      ...(part.filenameStar ? [`filename*=${part.filenameStar}`] : []),
    ].join('; ');
    pieces.push(
      Buffer.from(`--B\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`, 'utf8'),
    );
    pieces.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'));
    pieces.push(Buffer.from('\r\n'));
  }
  if (close) pieces.push(Buffer.from('--B--\r\n'));
  // concat copies into a new ArrayBuffer of its own, which fetch() takes as a body.
  return Buffer.concat(pieces) as Buffer<ArrayBuffer>;
}

export const MULTIPART = 'multipart/form-data; boundary=B';

/** The four text fields of a valid application. */
export const APPLICATION_FIELDS = [
  { name: 'fullName', content: 'Priya Raman' },
  { name: 'phone', content: '9876543210' },
  { name: 'email', content: 'priya@example.com' },
  { name: 'coverLetter', content: 'I design dashboards.' },
];

export const ENQUIRY = { name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message: 'A pilot, please.' };
