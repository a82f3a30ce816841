import { existsSync, readFileSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { reply } from './api-reply';
import { isHttps, type ProxyTrust } from './client-address';
import { apiMessages } from './messages';
import { HSTS_HEADER, parseHeadersFile } from './security-headers';
import { staticSite } from './static-files';

/** A handler for one API path (every method); the forms' endpoints plug in here. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  distDir: string;
  /** Handlers by path, checked before static files: `{ '/api/enquiry': handler }`. */
  routes?: Record<string, RouteHandler>;
  /** Proxies trusted to say the request came over HTTPS (X-Forwarded-Proto), for HSTS. */
  trustProxy?: ProxyTrust;
}

/**
 * A backstop for a whole request: a 5 MB CV at 3 KB/s (a slow phone) fits. Bodies that stop
 * moving are dropped far sooner (the forms' body idle timeout).
 */
const REQUEST_TIMEOUT_MS = 30 * 60_000;
const HEADERS_TIMEOUT_MS = 20_000;

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
export function createSiteServer({ distDir, routes = {}, trustProxy }: SiteServerOptions): Server {
  const site = staticSite(distDir);
  // The security headers the build wrote for this site; HSTS only over HTTPS, where it means something.
  const headersPath = join(distDir, '_headers');
  const { [HSTS_HEADER]: hsts, ...security } = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : {};
  const securityLines = Object.entries(security)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

  const plain = (res: ServerResponse, status: number, headers: Record<string, string> = {}): void => {
    res
      .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
      .end(STATUS_CODES[status]);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (hsts && isHttps(req, trustProxy)) res.setHeader(HSTS_HEADER, hsts);
    // Origin-form only ("/path?query"): the path is read from the raw target, never resolved
    // against a base, so "//host" or "/\host" stays a path of this site.
    const target = req.url ?? '';
    // RFC 9112: exactly one Host header (Node keeps the first of several and says nothing).
    if (!target.startsWith('/') || req.headersDistinct.host?.length !== 1) return plain(res, 400);
    const queryAt = target.indexOf('?');
    const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
    const route = routes[rawPath];
    if (route) return route(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, { Allow: 'GET, HEAD' });
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return site.notFound(req, res);
    }
    const file = site.find(path);
    if (file) return site.serve(req, res, file);
    // One address per page: /about/ redirects to /about, an address taken from the build's own index.
    const page = path.length > 1 && path.endsWith('/') ? site.find(path.replace(/\/+$/, ''))?.page : undefined;
    if (page) {
      const query = queryAt < 0 ? '' : target.slice(queryAt);
      return plain(res, 301, { Location: page + (SAFE_QUERY.test(query) ? query : '') });
    }
    site.notFound(req, res);
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const fail = (error: unknown): void => {
      console.error(`${req.method} ${JSON.stringify(req.url)}: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) return void res.destroy();
      reply(res, 500, { ok: false, error: apiMessages.internal });
    };
    // handle() is async: whatever it throws arrives here as a rejection.
    handle(req, res).catch(fail);
  };
  const server = createServer(
    // Node checks the two timeouts on this interval (30 s unless told): a request trickling its headers is cut off within 5 s of its 20.
    { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 5000 },
    onRequest,
  );
  // With this listener Node leaves `Expect: 100-continue` to the server: a route invites the body (inviteBody) only once its checks pass.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(res);
    onRequest(req, res);
  });
  // Requests Node's parser refuses (bad syntax, headers too large, too slow) get a short answer with the same headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${securityLines}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  return server;
}
