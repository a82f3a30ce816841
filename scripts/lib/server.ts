import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { COMPRESSIBLE } from './compress';
import { parseHeadersFile } from './security-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
];

/** A handler for one API path; the forms' endpoints plug in here. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  distDir: string;
  /** Handlers by "METHOD /path", checked before static files: `{ 'POST /api/enquiry': handler }`. */
  routes?: Record<string, RouteHandler>;
}

/** Long caching for files whose names carry a content hash; revalidation for everything else. */
function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (extname(urlPath) === '' || urlPath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the prerendered site: `/about` is dist/about/index.html, hashed assets are cached
 * for a year, unknown paths get 404.html with HTTP 404. API routes come first.
 */
export function createSiteServer({ distDir, routes = {} }: SiteServerOptions): Server {
  const root = normalize(distDir);
  // The security headers the build wrote for this site, sent with every response.
  const headersPath = join(root, '_headers');
  const security = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : {};
  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string, status: number, urlPath: string): void => {
    // The build wrote .br and .gz copies of every text file; send the best one accepted.
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = COMPRESSIBLE.has(extname(file)) ? ENCODINGS.find(({ token, suffix }) => accepted.includes(token) && existsSync(file + suffix)) : undefined;
    const sent = encoding ? file + encoding.suffix : file;
    res.writeHead(status, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(sent).size,
      'Cache-Control': cacheControl(urlPath),
      ...(encoding ? { 'Content-Encoding': encoding.token } : {}),
      ...(COMPRESSIBLE.has(extname(file)) ? { Vary: 'Accept-Encoding' } : {}),
      ...security,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  };
  const resolveFile = (urlPath: string): string | undefined => {
    const candidates = [urlPath, join(urlPath, 'index.html')];
    for (const candidate of candidates) {
      const file = normalize(join(root, candidate));
      // Never serve outside dist/, nor the build's own bookkeeping.
      if (!file.startsWith(root + sep)) continue;
      if (file.slice(root.length).includes(`${sep}.`) || /^[\\/](_headers|nginx-headers\.conf)$/.test(file.slice(root.length))) continue;
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
    return undefined;
  };

  return createServer((req, res) => {
    // Concatenated, not resolved: a path like //x is a path here, never another host.
    const url = new URL(`http://localhost${req.url ?? '/'}`);
    const handler = routes[`${req.method} ${url.pathname}`];
    if (handler) {
      Promise.resolve(handler(req, res)).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: 'Internal Server Error' }));
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = '/404';
    }
    // One address per page: /about/ redirects to /about.
    if (path.length > 1 && path.endsWith('/')) {
      res.writeHead(301, { Location: path.replace(/\/+$/, '') + url.search }).end();
      return;
    }
    const file = resolveFile(path);
    if (file) return sendFile(req, res, file, 200, path);
    const notFound = join(root, '404.html');
    if (existsSync(notFound)) return sendFile(req, res, notFound, 404, '/404.html');
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
  });
}
