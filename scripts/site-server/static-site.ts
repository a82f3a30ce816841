import Negotiator from 'negotiator';
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import send from 'send';
import { COMPRESSIBLE } from '../build/output/precompress';

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

/** The precompressed copies the build writes beside each text file, best first. */
const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof ENCODINGS;

/** Files of the build that are never served: its bookkeeping, and the headers it wrote for other hosts. */
const PRIVATE = /(^|\/)\.|^\/(_headers|nginx-headers\.conf)$/;

export interface StaticFile {
  /** The file's path inside dist/, with a leading slash: /about/index.html. */
  file: string;
  /** The one address of the page a folder's index.html is (/about), if it is one. */
  page?: string;
  type: string;
  cacheControl: string;
  encodings: Encoding[];
}

/** Long caching for files whose names carry a content hash; revalidation for pages and everything else. */
function cacheControl(file: string): string {
  if (file.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The files of a folder as listFiles gives them: "/about/index.html". */
const asFiles = (root: string, entries: Dirent[]): string[] =>
  entries
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${join(entry.parentPath, entry.name)
          .slice(root.length + 1)
          .split('\\')
          .join('/')}`,
    );

/**
 * Every file of a build, by its path there with a leading slash, read without blocking: a
 * server switching to a new build lists its files while it answers requests, then gives the
 * list to staticSite. For 10,061 pages (30,517 files), under load here: indexing them from the
 * list held the server for 0.1-0.2 s, reading the folder at once as well for 0.7-0.8 s.
 */
export async function listFiles(root: string): Promise<string[]> {
  return asFiles(root, await readdir(root, { recursive: true, withFileTypes: true }));
}

/** Every servable file of the build by the decoded URL paths that name it, made once per build (from `all`, its files, when given). */
function indexFiles(
  root: string,
  all = asFiles(root, readdirSync(root, { recursive: true, withFileTypes: true })),
): Map<string, StaticFile> {
  const index = new Map<string, StaticFile>();
  const present = new Set(all);
  for (const file of all) {
    if (PRIVATE.test(file)) continue;
    // A .br or .gz copy is an encoding of its original, not a file of its own.
    if (Object.values(ENCODINGS).some((suffix) => file.endsWith(suffix) && present.has(file.slice(0, -suffix.length)))) continue;
    const extension = extname(file);
    const entry: StaticFile = {
      file,
      type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      cacheControl: cacheControl(file),
      encodings: COMPRESSIBLE.has(extension)
        ? (Object.keys(ENCODINGS) as Encoding[]).filter((encoding) => present.has(file + ENCODINGS[encoding]))
        : [],
    };
    index.set(file, entry);
    if (file.endsWith('/index.html')) {
      entry.page = file.slice(0, -'/index.html'.length) || '/';
      index.set(entry.page, entry);
    }
  }
  return index;
}

/** The encoding to send: the client's preference by q-value among the copies there are (br first on a tie), else none. */
function negotiate(req: IncomingMessage, available: Encoding[]): Encoding | 'identity' {
  if (available.length === 0) return 'identity';
  const offered = [...available, 'identity'];
  // negotiator 1.x breaks ties by the server's order given as `preferred`; its types predate it.
  const negotiator = new Negotiator(req) as unknown as { encodings: (available: string[], options: { preferred: string[] }) => string[] };
  return (negotiator.encodings(offered, { preferred: offered })[0] as Encoding | undefined) ?? 'identity';
}

const CONTENT_HEADERS = [
  'Content-Type',
  'Content-Encoding',
  'Content-Length',
  'Content-Range',
  'Cache-Control',
  'ETag',
  'Last-Modified',
  'Accept-Ranges',
  'Vary',
];

/**
 * Serves the prerendered site with `send` (pillarjs): ETag and Last-Modified with 304s,
 * byte ranges with 206 and 416, HEAD, and file errors as events rather than crashes. On top
 * of it: the Brotli or gzip copy the client prefers by q-value, an index of the build made
 * once (so only files of dist/ can ever be named), and the not-found page with HTTP 404.
 */
export function staticSite(distDir: string, files?: string[], policy?: { cacheControl: (file: string, status: number) => string }) {
  const index = indexFiles(distDir, files);
  const notFoundPage = index.get('/404.html');

  function serve(req: IncomingMessage, res: ServerResponse, entry: StaticFile, status = 200): void {
    const encoding = negotiate(req, entry.encodings);
    res.statusCode = status;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', policy ? policy.cacheControl(entry.file, status) : status === 200 ? entry.cacheControl : 'no-cache');
    if (COMPRESSIBLE.has(extname(entry.file))) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    const path = encoding === 'identity' ? entry.file : entry.file + ENCODINGS[encoding];
    send(req, path.split('/').map(encodeURIComponent).join('/'), {
      root: distDir,
      etag: true,
      lastModified: true,
      cacheControl: false,
      dotfiles: 'allow',
      index: false,
      acceptRanges: status === 200,
    })
      .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
        if (res.headersSent) return void res.destroy();
        for (const name of CONTENT_HEADERS) res.removeHeader(name);
        // The file was there at start-up but is gone now (a rebuild under a running server).
        if (error.status === 404 && entry !== notFoundPage) return notFound(req, res);
        const status = error.status ?? 500;
        // send's own headers for the answer, such as Content-Range on a 416.
        res.writeHead(status, { ...error.headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(STATUS_CODES[status]);
      })
      .pipe(res);
  }

  function notFound(req: IncomingMessage, res: ServerResponse): void {
    if (notFoundPage && existsSync(join(distDir, notFoundPage.file))) {
      serve(req, res, notFoundPage, 404);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
  }

  return {
    /** The file a decoded URL path names: /about, /about/index.html, /assets/x.js. */
    find: (path: string): StaticFile | undefined => index.get(path),
    serve,
    notFound,
  };
}
