/**
 * The preview server: a second listener of the site server (PREVIEW_PORT), on an origin of its
 * own, where a review's preview link is opened by people without the editor. Its own origin
 * keeps a preview apart from the live site: the live site's addresses, cookies and forms are
 * not reachable from it, and a page of it is built exactly as the live one (same paths, same
 * assets), only with the review's content.
 *
 * - `GET /__preview/<token>[/<page address>]`: the link. A token signed with the preview secret
 *   (scripts/publish/review/read-preview.ts), not expired (else 410), of a link still shared from
 *   a review still open (else 404), is kept in a cookie of this origin, and the person is sent on
 *   to the page (303). The cookie then chooses what every other address of the origin shows: the
 *   newest version of that review, on top of the commit the live site serves. One preview at a
 *   time per browser: opening another link shows that one.
 * - Every other address, with the cookie checked again on every request (a link revoked in the
 *   editor stops working here within seconds of the step being pushed): the preview's files,
 *   pages with a banner; while the preview is being made, a page that says so and reloads itself.
 * - `/api/form-token`, `/api/enquiry`, `/api/apply`: the forms' endpoints, which read nothing of
 *   what is sent, store nothing and send nothing, and say it went well, so the form can be tried.
 *
 * Whatever a request holds, it is answered inside its handler; nothing here ends the process.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Repository } from '../../publish/git/repository';
import { MEASURING_LINK, type PreviewClaim, readPreview } from '../../publish/review/read-preview';
import type { ReviewWeights } from '../../../src/content/review-types';
import { pageWeights } from './page-weights';
import type { Review } from '../../../src/content/review-types';
import { FORM_TOKEN_PATH } from '../../../src/forms/fetch-form-token';
import { isHttps, type ProxyTrust } from '../client-address';
import { HSTS_HEADER, parseHeadersFile } from '../security-headers';
import type { PreviewBuild, PreviewBuilds, ServedSite } from './preview-builds';
import { previewPage, PREVIEW_HEADERS, previewBanner, previewWords, RELOAD_SCRIPT, RELOAD_SCRIPT_PATH, withBanner } from './preview-page';
import type { PreviewReviews } from './preview-reviews';
import { type PreviewTree, previewTree } from './preview-tree';

/** Where preview links point, followed by the token. */
const PREVIEW_LINK_PATH = '/__preview/';
/** The cookie that holds the token of the preview a browser is shown. */
const COOKIE = 'site_preview';
/** The forms' endpoints a preview's pages post to. */
const FORM_PATHS = new Set(['/api/enquiry', '/api/apply']);
/** A page address the link may name to land on: a plain path of the site. */
const PAGE_ADDRESS = /^\/[A-Za-z0-9/._~-]*$/;
/** Trees worked out at once, by served commit and review version. */
const TREES_KEPT = 50;

export interface PreviewServerOptions {
  secret: string;
  repo: Repository;
  reviews: PreviewReviews;
  builds: PreviewBuilds;
  /** The live site's build now (none while the follower has not served one). */
  served: () => ServedSite | undefined;
  trustProxy?: ProxyTrust;
  log?: (line: string) => void;
}

/** The token a request's cookie holds, if any. */
function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** What a token lets its holder see now: the review and the link's claim, or the page that says why not. */
type Checked = { claim: PreviewClaim; review: Review } | { status: number; title: string; words: string };

/** The preview server; see the file's comment. */
export function previewServer(options: PreviewServerOptions): Server {
  const { secret, repo, reviews, builds, trustProxy } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const trees = new Map<string, Promise<PreviewTree>>();
  const securityOf = new Map<string, Record<string, string>>();

  async function check(token: string, measuring = false): Promise<Checked> {
    const read = readPreview(secret, token);
    if ('refused' in read)
      return read.refused === 'expired' ? { status: 410, ...previewWords.expired } : { status: 404, ...previewWords.unknown };
    const { claim } = read;
    const found = await reviews.read(claim.review);
    if ('unreachable' in found) {
      log(`A preview link's review could not be fetched: ${found.unreachable}`);
      return { status: 503, ...previewWords.unreachable };
    }
    if ('gone' in found) return { status: 404, ...previewWords.unknown };
    const link = found.review.links.find((each) => each.id === claim.link);
    // The editor's own token weighs pages only, for a minute: no link was shared for it.
    const weighing = measuring && claim.link === MEASURING_LINK;
    if (!weighing && (!link || link.revoked)) return { status: 404, ...previewWords.unknown };
    if (!weighing && (found.review.state === 'published' || found.review.state === 'withdrawn'))
      return { status: 404, ...previewWords.closed(found.review) };
    return { claim, review: found.review };
  }

  /** The tree of `review`'s newest version on `served`, worked out once. */
  function treeOf(served: ServedSite, review: Review): Promise<PreviewTree> {
    const key = `${served.commit} ${review.base} ${review.tip}`;
    let tree = trees.get(key);
    if (!tree) {
      tree = previewTree(repo, served.commit, review.base, review.tip);
      trees.set(key, tree);
      tree.catch(() => trees.delete(key));
      if (trees.size > TREES_KEPT) trees.delete(trees.keys().next().value as string);
    }
    return tree;
  }

  /** The build of `review`'s newest version on the build served (started when there is none), or why there is none. */
  async function prepare(review: Review): Promise<PreviewBuild | { refused: string[] } | 'waiting'> {
    const served = options.served();
    if (!served) return 'waiting';
    const tree = await treeOf(served, review);
    return 'refused' in tree ? tree : builds.of(tree.tree, served);
  }

  /** Answers `__weights`: the review's pages weighed on the build served and on the preview's (ReviewWeights). */
  async function weights(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const json = (status: number, body: ReviewWeights | { error: string }) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    const checked = await check(token, true);
    if ('status' in checked) return json(checked.status, { error: checked.title });
    const { review } = checked;
    const served = options.served();
    const prepared = served ? await prepare(review) : 'waiting';
    if (!served || prepared === 'waiting' || ('state' in prepared && prepared.state === 'building'))
      return json(200, { state: 'building' });
    if ('refused' in prepared) return json(200, { state: 'unavailable', reason: previewWords.codeChange(prepared.refused).words });
    const paths = review.pages.map((page) => page.path);
    const deleted = new Set(review.pages.filter((page) => page.change === 'deleted').map((page) => page.path));
    json(200, {
      state: 'ready',
      verdict: prepared.state === 'failed' ? prepared.reason : 'passed',
      pages: pageWeights(paths, deleted, served.dir, prepared.state === 'ready' ? prepared.dir : null),
    });
  }

  /** The security headers the build wrote, read once per build (HSTS only over HTTPS). */
  function securityHeaders(dir: string, req: IncomingMessage): Record<string, string> {
    let headers = securityOf.get(dir);
    if (!headers) {
      try {
        headers = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
      } catch {
        headers = {};
      }
      securityOf.set(dir, headers);
    }
    const { [HSTS_HEADER]: hsts, ...rest } = headers;
    return hsts && isHttps(req, trustProxy) ? { ...rest, [HSTS_HEADER]: hsts } : rest;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const head = req.method === 'HEAD';
    const say = (page: { status: number; title: string; words: string }, headers?: Record<string, string>) =>
      previewPage(res, page.status, page.title, page.words, { head, headers });
    const target = req.url ?? '';
    if (!target.startsWith('/') || req.headersDistinct.host?.length !== 1) return say({ status: 400, ...previewWords.noLink });
    const queryAt = target.indexOf('?');
    const path = queryAt < 0 ? target : target.slice(0, queryAt);
    for (const [name, value] of Object.entries(PREVIEW_HEADERS)) res.setHeader(name, value);
    if (path === FORM_TOKEN_PATH || FORM_PATHS.has(path)) return formSink(req, res, path);
    if (req.method !== 'GET' && !head) return say({ status: 405, ...previewWords.noLink }, { Allow: 'GET, HEAD' });
    if (path === RELOAD_SCRIPT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'private, no-store' });
      return void res.end(head ? undefined : RELOAD_SCRIPT);
    }
    if (path.startsWith(PREVIEW_LINK_PATH)) {
      const [token = '', ...rest] = path.slice(PREVIEW_LINK_PATH.length).split('/');
      // No page address starts with "_": this one is the editor's question, what the review's pages weigh.
      if (rest.length === 1 && rest[0] === '__weights') return weights(req, res, token);
      const checked = await check(token);
      if ('status' in checked) return say(checked);
      // The preview starts to be made now: by the time the browser asks for the page, it may be ready.
      void prepare(checked.review).catch(() => undefined);
      const page = `/${rest.join('/')}`;
      const seconds = Math.max(0, Math.floor((checked.claim.expires - Date.now()) / 1000));
      const secure = isHttps(req, trustProxy) ? '; Secure' : '';
      res.writeHead(303, {
        Location: PAGE_ADDRESS.test(page) && !page.includes('..') ? page : '/',
        'Set-Cookie': `${COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
        'Cache-Control': 'private, no-store',
      });
      return void res.end();
    }
    const token = cookieToken(req);
    if (!token) return say({ status: 404, ...previewWords.noLink });
    const checked = await check(token);
    if ('status' in checked) return say(checked);
    const prepared = await prepare(checked.review);
    if (prepared === 'waiting') return say({ status: 503, ...previewWords.building }, { 'Retry-After': '2' });
    if ('refused' in prepared) return say({ status: 403, ...previewWords.codeChange(prepared.refused) });
    const build = prepared;
    if (build.state === 'building')
      return previewPage(res, 503, previewWords.building.title, previewWords.building.words, {
        head,
        reload: true,
        headers: { 'Retry-After': '2' },
      });
    if (build.state === 'failed') return say({ status: 500, ...previewWords.failed(build.reason) });
    for (const [name, value] of Object.entries(securityHeaders(build.dir, req))) res.setHeader(name, value);
    // Set again: the build's own headers say strict-origin-when-cross-origin.
    res.setHeader('Referrer-Policy', PREVIEW_HEADERS['Referrer-Policy']);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return build.site.notFound(req, res);
    }
    const file = build.site.find(decoded);
    if (!file) {
      const page = decoded.length > 1 && decoded.endsWith('/') ? build.site.find(decoded.replace(/\/+$/, ''))?.page : undefined;
      if (page) return void res.writeHead(301, { Location: page, 'Cache-Control': 'private, no-store' }).end();
      return build.site.notFound(req, res);
    }
    if (!file.type.startsWith('text/html')) return build.site.serve(req, res, file);
    const html = withBanner(
      await readFile(join(build.dir, file.file), 'utf8'),
      previewBanner(checked.review, new Date(checked.claim.expires).toISOString()),
    );
    res.writeHead(200, {
      'Content-Type': file.type,
      'Cache-Control': 'private, no-store',
      'Content-Length': String(Buffer.byteLength(html)),
    });
    res.end(head ? undefined : html);
  }

  const server = createServer({ requestTimeout: 60_000, headersTimeout: 20_000, connectionsCheckingInterval: 5000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`Preview ${req.method} ${JSON.stringify(req.url)}: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) return void res.destroy();
      previewPage(res, 500, 'Something went wrong', 'The preview could not be shown. Try again in a minute.');
    });
  });
  server.timeout = 20_000;
  server.on('timeout', (socket) => socket.destroy());
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

/**
 * The forms' endpoints of a preview: a token that nothing checks, and a submission that is not
 * read, kept or sent, answered as sent (the connection closes rather than take the body in).
 */
function formSink(req: IncomingMessage, res: ServerResponse, path: string): undefined {
  const json = (status: number, body: object, headers: Record<string, string> = {}): undefined => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store', ...headers });
    res.end(JSON.stringify(body));
    return undefined;
  };
  if (path === FORM_TOKEN_PATH) return req.method === 'GET' ? json(200, { token: 'preview' }) : json(405, { ok: false }, { Allow: 'GET' });
  if (req.method !== 'POST') return json(405, { ok: false }, { Allow: 'POST' });
  return json(200, { ok: true, preview: true }, { Connection: 'close' });
}
