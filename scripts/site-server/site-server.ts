import { existsSync, readFileSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { reply } from './reply';
import { isHttps, type ProxyTrust } from './client-address';
import { apiMessages } from './api-messages';
import { HSTS_HEADER, parseHeadersFile } from './security-headers';
import { staticSite } from './static-site';

/** A handler for one API path (every method); the forms' endpoints plug in here. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  distDir: string;
  /** Handlers by path, checked before static files: `{ '/api/enquiry': handler }`. */
  routes?: Record<string, RouteHandler>;
  /** Proxies trusted to say the request came over HTTPS (X-Forwarded-Proto), for HSTS. */
  trustProxy?: ProxyTrust;
  /**
   * A connection on which nothing moves for this long while the server waits on its client
   * (an answer the client does not read, a body no handler reads) is closed. Longer than
   * the forms' body idle timeout, which answers a stalled form with 408 first.
   */
  stallTimeoutMs?: number;
}

/** The site server, with the way to stop it that keeps its promises. */
export interface SiteServer extends Server {
  /**
   * Serves another finished build from now on, in one step: a request is answered wholly
   * from the build that was served when it arrived, so every page is of one build. Files of
   * /assets/ the new build lacks are still served from the build before, until
   * `forgetPrevious` (a page loaded just before the switch asks for its scripts after it).
   * Throws, and keeps serving what it served, when the folder cannot be read. `files` lists
   * the build's files (static-site.ts, listFiles), so that it need not read the folder itself.
   */
  serveBuild(distDir: string, files?: string[]): void;
  /** Stops serving assets from the build before the last switch (its folder is about to go). */
  forgetPrevious(): void;
  /**
   * Resolves once the build in `dir` is done with: neither served nor kept for its assets, and
   * every request that arrived while it was is answered. Then its folder may be removed.
   */
  released(dir: string): Promise<void>;
  /**
   * Answers every request that arrives from now on with 503, Retry-After and Connection:
   * close, while the requests in flight finish (a body still arriving is read to its end and
   * answered). For a last second it still listens and keeps idle kept-alive connections open,
   * so that a client about to reuse one is told to come back rather than finding it reset;
   * then it stops listening and closes them. Resolves once every request is answered and
   * every connection closed, or after `graceMs`, when what is left is cut off (then at most a
   * further second for handlers to settle). Only then may the store be closed.
   */
  shutdown(graceMs: number): Promise<void>;
}

/**
 * A backstop for a whole request: a 5 MB CV at 3 KB/s (a slow phone) fits. Bodies that stop
 * moving are dropped far sooner (the forms' body idle timeout, and stallTimeoutMs).
 */
const REQUEST_TIMEOUT_MS = 30 * 60_000;
const HEADERS_TIMEOUT_MS = 20_000;
const STALL_TIMEOUT_MS = 20_000;
/** What a request that arrives while the server stops is told to wait. */
const RESTART_RETRY_SECONDS = 5;
/** How long a stopping server keeps its idle kept-alive connections, answering 503 on them. */
const LAST_CALL_MS = 1000;

/** Responses whose request sent `Expect: 100-continue` and has not been told to go on yet. */
const awaitingContinue = new WeakSet<ServerResponse>();

/**
 * Asks the client for its request's body, if it waits for the server's word before sending
 * it (`Expect: 100-continue`): a route calls this once the headers pass its checks, so a
 * request it refuses (too large, wrong type, too many) is answered before any body is sent.
 */
export function inviteBody(res: ServerResponse): void {
  if (awaitingContinue.delete(res)) res.writeContinue();
}

/** A query string that can be carried into a redirect as it is: visible ASCII only. */
const SAFE_QUERY = /^\?[\x21-\x7e]*$/;

/**
 * Serves the prerendered site: `/about` is dist/about/index.html, hashed assets are cached
 * for a year, unknown paths get the not-found page with HTTP 404. API routes come first.
 * Every answer carries the security headers the build wrote, errors and redirects
 * included. Whatever a request holds, it is answered inside its own handler: a fault in one
 * request is that request's 4xx or 500, never the end of the process.
 */
export function createSiteServer({ distDir, routes = {}, trustProxy, stallTimeoutMs = STALL_TIMEOUT_MS }: SiteServerOptions): SiteServer {
  // The build served now, swapped whole by serveBuild; each request reads it once, when it arrives.
  let served = servedBuild(distDir);
  let previous: ServedBuild | undefined;
  // The builds that requests in flight arrived on, with how many; and who waits for a build to be done with.
  const busy = new Map<ServedBuild, number>();
  const waiting = new Set<{ dir: string; resolve: () => void }>();
  const inUse = (dir: string): boolean =>
    served.dir === dir || previous?.dir === dir || [...busy.keys()].some((build) => build.dir === dir);
  const settle = (): void => {
    for (const waiter of waiting)
      if (!inUse(waiter.dir)) {
        waiting.delete(waiter);
        waiter.resolve();
      }
  };
  /** Keeps the builds a request may read from until its answer is over. */
  const hold = (res: ServerResponse, builds: ServedBuild[]): void => {
    for (const build of builds) busy.set(build, (busy.get(build) ?? 0) + 1);
    res.once('close', () => {
      for (const build of builds) {
        const left = (busy.get(build) ?? 1) - 1;
        if (left > 0) busy.set(build, left);
        else busy.delete(build);
      }
      settle();
    });
  };

  const plain = (res: ServerResponse, status: number, headers: Record<string, string> = {}): void => {
    res
      .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
      .end(STATUS_CODES[status]);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const build = served;
    const { site, security, hsts } = build;
    const before = previous;
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (hsts && isHttps(req, trustProxy)) res.setHeader(HSTS_HEADER, hsts);
    // Origin-form only ("/path?query"): the path is read from the raw target, never resolved
    // against a base, so "//host" or "/\host" stays a path of this site.
    const target = req.url ?? '';
    // RFC 9112: exactly one Host header (Node keeps the first of several and says nothing).
    if (!target.startsWith('/') || req.headersDistinct.host?.length !== 1) return plain(res, 400);
    const queryAt = target.indexOf('?');
    const rawPath = pathOf(target);
    const route = routes[rawPath];
    if (route) return route(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, { Allow: 'GET, HEAD' });
    // Its files are read while the answer goes out: the folder stays until then.
    hold(res, before ? [build, before] : [build]);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return site.notFound(req, res);
    }
    const file = site.find(path);
    if (file) return site.serve(req, res, file);
    const earlier = path.startsWith('/assets/') ? before?.site.find(path) : undefined;
    if (earlier && before) return before.site.serve(req, res, earlier);
    // One address per page: /about/ redirects to /about, an address taken from the build's own index.
    const page = path.length > 1 && path.endsWith('/') ? site.find(path.replace(/\/+$/, ''))?.page : undefined;
    if (page) {
      const query = queryAt < 0 ? '' : target.slice(queryAt);
      return plain(res, 301, { Location: page + (SAFE_QUERY.test(query) ? query : '') });
    }
    site.notFound(req, res);
  }

  let stopping = false;
  let closing = false;
  // What is in flight: the handlers (a store write outlives its request's bytes) and the answers.
  const handlers = new Set<Promise<void>>();
  const answers = new Set<ServerResponse>();
  const answersOn = new WeakMap<Duplex, Set<ServerResponse>>();

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    // Node clears a kept-alive connection's timeout when its next request starts: set it for every request.
    req.socket.setTimeout(stallTimeoutMs);
    if (stopping) {
      const headers = { 'Retry-After': String(RESTART_RETRY_SECONDS), Connection: 'close' };
      if (routes[pathOf(req.url ?? '')]) reply(res, 503, { ok: false, error: apiMessages.shuttingDown(RESTART_RETRY_SECONDS) }, headers);
      else plain(res, 503, headers);
      return;
    }
    const onSocket = answersOn.get(req.socket) ?? new Set();
    answersOn.set(req.socket, onSocket.add(res));
    answers.add(res);
    res.once('close', () => {
      onSocket.delete(res);
      answers.delete(res);
      // Once the last call is over, a connection whose answer was already on its way when the
      // server began to stop is not kept alive after it.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    const fail = (error: unknown): void => {
      console.error(`${req.method} ${JSON.stringify(req.url)}: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) return void res.destroy();
      reply(res, 500, { ok: false, error: apiMessages.internal });
    };
    // handle() is async: whatever it throws arrives here as a rejection.
    const work = handle(req, res).catch(fail);
    handlers.add(work);
    void work.finally(() => handlers.delete(work));
  };

  const server = createServer(
    // Node checks the two timeouts on this interval (30 s unless told): a request trickling its headers is cut off within 5 s of its 20.
    { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 5000 },
    onRequest,
  );
  // Every connection starts with this timeout (see the 'timeout' listener below); a request sets it again.
  server.timeout = stallTimeoutMs;
  // With this listener Node leaves `Expect: 100-continue` to the server: a route invites the body (inviteBody) only once its checks pass.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(res);
    onRequest(req, res);
  });
  // Nothing moved on a connection for stallTimeoutMs. A client that reads nothing of its
  // answer (or sends a body nobody reads, or keeps an idle connection) is let go; a request
  // whose answer the server is still working on is left alone.
  server.on('timeout', (socket: Duplex) => {
    const open = [...(answersOn.get(socket) ?? [])];
    if (open.length === 0 || open.some((res) => res.headersSent)) socket.destroy();
  });
  // Requests Node's parser refuses (bad syntax, headers too large, too slow) get a short answer with the same headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${served.securityLines}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  });

  const settled = (): Promise<unknown> => Promise.allSettled([...handlers]);
  const within = (ms: number, work: Promise<unknown>): Promise<unknown> => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
  };
  return Object.assign(server, {
    serveBuild(dir: string, files?: string[]): void {
      const next = servedBuild(dir, files);
      previous = served;
      served = next;
      settle();
    },
    forgetPrevious(): void {
      previous = undefined;
      settle();
    },
    released(dir: string): Promise<void> {
      return new Promise((resolve) => {
        waiting.add({ dir, resolve });
        settle();
      });
    },
    async shutdown(graceMs: number): Promise<void> {
      stopping = true;
      // Each answer in flight closes its connection behind it: the next request would only be refused.
      for (const res of answers) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Stops listening at once: a new connection is refused (a balancer tries another server)
      // rather than accepted now and cut off at the end of the last call with its request unanswered.
      // net's close, not http's, which would also close the idle kept-alive connections now.
      const allClosed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const finished = (async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.min(LAST_CALL_MS, graceMs)));
        // The last call is over: the connections that wait for no answer close (each kept-alive
        // client has been told to come back by now, if it sent anything in that second).
        closing = true;
        server.close();
        await allClosed;
        while (handlers.size > 0) await settled();
      })();
      let done = false;
      await within(
        graceMs,
        finished.then(() => (done = true)),
      );
      if (done) return;
      server.closeAllConnections();
      await within(1000, settled());
    },
  });
}

/** One build as it is served: its folder, its files, and the security headers it wrote. */
interface ServedBuild {
  dir: string;
  site: ReturnType<typeof staticSite>;
  security: Record<string, string>;
  hsts: string | undefined;
  /** The security headers as raw header lines, for answers written straight to the socket. */
  securityLines: string;
}

/** Reads a finished build once: its index of files and its security headers (HSTS only over HTTPS, where it means something). */
function servedBuild(distDir: string, files?: string[]): ServedBuild {
  const site = staticSite(distDir, files);
  const headersPath = join(distDir, '_headers');
  const { [HSTS_HEADER]: hsts, ...security } = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : {};
  const securityLines = Object.entries(security)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return { dir: distDir, site, security, hsts, securityLines };
}

/** The path of a request target, without its query. */
function pathOf(target: string): string {
  const queryAt = target.indexOf('?');
  return queryAt < 0 ? target : target.slice(0, queryAt);
}
