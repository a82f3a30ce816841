/**
 * The visual editor's server (`npm run edit`): the editor app and its preview, served by Vite
 * from the project's sources, and a small JSON API over the content files (workspace.ts).
 * It binds to 127.0.0.1 and answers only requests whose Host and Origin are its own, which
 * stops DNS rebinding and cross-site requests from other tabs; bound to any other address it
 * needs EDIT_TOKEN, and then the token with every request.
 */
import { type FSWatcher, readFileSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createVite, type ViteDevServer } from 'vite';
import { API, PREVIEW, type Rendered } from '../../src/editor/api-types';
import { ClientGone, Refusal, refusal, reply } from '../site-server/api-reply';
import { entryOf, fillTemplate, resolvePage } from '../content/collections';
import { escapeHtml } from '../../src/render/escape-html';
import { parseJsonWithPositions } from '../content/json-position';
import { loadSite } from '../content/load-site';
import { loadSchemaSet } from '../content/schema-set';
import { createValidator } from '../content/validator';
import { BOOT_ENTRY, SERVER_ENTRY, VITE_ALIASES } from '../vite/entries';
import { parseJsonObject, readBody } from '../site-server/read-body';
import type { ServerEntry } from '../build/prerender';
import { editorModel } from './model';
import { canonicalContentPath, MAX_PICTURE_BYTES, Workspace } from './workspace';
import { fromLoopback, guard, isLoopbackHost, overHttps, reachableAddresses, servesThroughVite, Sessions, tokenInAddress } from './access';
import { realFileIn } from '../content/safe-path';
import type { Migration } from '../content/migrate';

export interface EditorOptions {
  /** The project whose code renders the pages (its src/). */
  codeRoot: string;
  /** The project whose content is edited: its pages/, schemas/ and public/ (the same folder, except in tests). */
  contentRoot: string;
  host: string;
  port: number;
  /** Required when `host` is not a loopback address. */
  token?: string;
  migrations?: Migration[];
}

export interface RunningEditor {
  url: string;
  /** The addresses a browser can open: the bound one, or each of this machine's for a wildcard (0.0.0.0). */
  addresses: string[];
  /** What the person starting it should know: said by `npm run edit` under the address. */
  notices: string[];
  server: Server;
  close: () => Promise<void>;
}

const JSON_LIMIT = 4 * 1024 * 1024;
/** How deep a draft may nest: the deepest content file nests about 8 levels; beyond this, recursive checks could overflow the stack. */
const MAX_NESTING = 64;

/** How deeply a value nests objects and arrays, counted without recursion (so any depth is safe to measure). */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (depth > MAX_NESTING) break;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const firstLine = (error: unknown): string =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]
    ?.replace(/\.$/, '') ?? '';

/** Why the editor refuses to start: said in one line by `npm run edit`. */
export class EditorStartError extends Error {}

/** Said when the editor listens beyond this machine, and again the first time a remote browser reaches it over plain HTTP. */
const PLAIN_HTTP_WARNING =
  'Warning: over plain HTTP the token and every page travel unencrypted. Reach the editor through an SSH tunnel (ssh -L 4174:127.0.0.1:4174 <this machine>) or put it behind a TLS proxy: see "Editing from another machine" in the README.';

export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
  if (!isLoopbackHost(options.host) && !options.token)
    throw new EditorStartError(
      `The editor binds to ${options.host} only with a token: set EDIT_TOKEN to a long random secret (it is then needed to open it), or leave EDIT_HOST unset for 127.0.0.1.`,
    );
  if (options.token !== undefined && options.token.length < 16) throw new EditorStartError('EDIT_TOKEN must be at least 16 characters.');
  const workspace = new Workspace(options.contentRoot, options.migrations);
  const sessions = new Sessions();
  const access = { port: options.port, token: options.token, sessions };
  const publicDir = join(options.contentRoot, 'public');
  const server = createServer();
  // A request whose Host or Origin is not ours gets no WebSocket either (Vite's client connects one).
  server.on('upgrade', (req, socket) => {
    if (guard(req, access)) socket.destroy();
  });
  const vite: ViteDevServer = await createVite({
    root: options.codeRoot,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: VITE_ALIASES },
    publicDir,
    // Vite's client (which its CSS modules import) connects a WebSocket: it goes through this server.
    // Vite reads only the app's sources, its packages and the public files, whatever a request names
    // (a second fence behind servesThroughVite).
    server: {
      middlewareMode: true,
      hmr: { server },
      // Live reload needs only the app's sources: what else lies in the project (tests' scratch folders, a store) is not watched.
      watch: { ignored: (path: string) => !path.startsWith(join(options.codeRoot, 'src')) && path !== options.codeRoot },
      fs: { strict: true, allow: [join(options.codeRoot, 'src'), join(options.codeRoot, 'node_modules'), publicDir] },
    },
    optimizeDeps: { entries: ['src/editor/main.tsx', 'src/editor/preview/preview-client.ts'] },
  });

  // What was read is read again once a file changes on disk (a hand edit, a git pull).
  const watchers: FSWatcher[] = ['pages', 'schemas'].map((folder) =>
    watch(join(options.contentRoot, folder), { recursive: true }, () => {
      workspace.invalidate();
      cachedValidator = undefined;
    }),
  );
  let cachedValidator: { validator: ReturnType<typeof createValidator>; set: ReturnType<typeof loadSchemaSet> } | undefined;
  const validator = () => {
    if (!cachedValidator) {
      const set = loadSchemaSet(join(options.contentRoot, 'schemas'));
      cachedValidator = { validator: createValidator(set), set };
    }
    return cachedValidator;
  };

  /**
   * The page a draft shows as, rendered by the site's own renderer with each block marked;
   * with `only`, that block alone (a page's draft only: the editor asks for it when no other
   * part of the page changed).
   */
  async function render(path: string, value: unknown, only?: unknown): Promise<Rendered> {
    const absolute = workspace.contentPath(path);
    const entry = (await vite.ssrLoadModule(`/${SERVER_ENTRY}`)) as ServerEntry;
    const loaded = workspace.site();
    const file = workspace.fileAt(absolute);
    if (file?.kind === 'page') {
      // The fast path, for a page: the draft is checked alone (for its defaults and references) against what is on disk.
      const site = loaded.site;
      if (!site) return { route: '/', body: '', head: '', message: 'The site file has problems: fix them to see a preview.' };
      const { validator: check, set } = validator();
      const draft = structuredClone(value);
      const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(draft)), draft);
      const page = resolvePage(doc.value, doc.refs, loaded.entries, set) as Parameters<ServerEntry['renderRoute']>[2];
      const route = loaded.pages.find((candidate) => candidate.file === path)?.route ?? file.route;
      const block =
        Number.isInteger(only) && (only as number) >= 0 && (only as number) < (page?.blocks?.length ?? 0) ? (only as number) : undefined;
      const rendered = await entry.renderRoute(site, route, page, { preview: true, only: block });
      return { route, body: rendered.body, head: rendered.styles, ...(block === undefined ? {} : { only: block }) };
    }
    // Templates, entries and the site file: the site as it would be with this draft.
    const text = workspace.textOf(absolute, value);
    const site = loadSite(options.contentRoot, workspace.pagesDir, { overlay: new Map([[absolute, text]]) });
    if (!site.site) return { route: '/', body: '', head: '', message: 'The site file has problems: fix them to see a preview.' };
    let shown = site.pages.find((candidate) => candidate.route === '/');
    if (file?.kind === 'template') {
      shown = site.pages.find((candidate) => candidate.file === path);
      if (!shown) {
        const { collection } = file;
        const first = [...(site.entries.get(collection)?.values() ?? [])][0];
        if (!first) return { route: '/', body: '', head: '', message: `There is no entry in ${collection} to show this template with.` };
        const filled = fillTemplate(value, first).value;
        const { validator: check, set } = validator();
        const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(filled)), filled);
        const page = resolvePage(doc.value, doc.refs, site.entries, set) as Parameters<ServerEntry['renderRoute']>[2];
        const rendered = await entry.renderRoute(site.site, first.href ?? '/', page, { preview: true });
        return { route: first.href ?? '/', body: rendered.body, head: rendered.styles };
      }
    } else if (file?.kind === 'entry') {
      const { collection, id } = file;
      const own = entryOf(site.entries, { collections: [collection], id })?.href;
      shown =
        site.pages.find((candidate) => candidate.route === own) ??
        site.pages.find((candidate) => JSON.stringify(candidate.page).includes(`"id":${JSON.stringify(id)}`)) ??
        shown;
      if (!shown) return { route: '/', body: '', head: '', message: 'No page shows this entry yet: name its id in a block to see it.' };
    }
    if (!shown) return { route: '/', body: '', head: '', message: 'Nothing to show yet.' };
    // A template's page shows its blocks marked for editing; an entry or the site file is shown on a page as the site has it.
    const rendered = await entry.renderRoute(site.site, shown.route, shown.page, { preview: file?.kind === 'template' });
    return { route: shown.route, body: rendered.body, head: rendered.styles };
  }

  /** The preview document: the site's document around a first render, with the preview's own script. */
  async function previewDocument(url: string, path: string | null): Promise<string> {
    const entry = (await vite.ssrLoadModule(`/${SERVER_ENTRY}`)) as ServerEntry;
    const site = workspace.site().site;
    let body = '';
    let head = '';
    let route = '/';
    if (path) {
      try {
        const opened = workspace.open(path);
        ({ body, head, route } = await render(path, opened.value));
      } catch {
        // A new file, or one that cannot be read yet: the editor sends its draft next.
      }
    }
    const html = site
      ? entry.renderDocument({
          site,
          route: '/',
          page: undefined,
          body,
          head,
          scripts: `<script type="module" src="/${BOOT_ENTRY}" data-modules=""></script><script type="module" src="/src/editor/preview/preview-client.ts" data-route="${escapeHtml(route)}"></script>`,
        })
      : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><p>The site file has problems: fix them to see a preview.</p></body></html>';
    return vite.transformIndexHtml(url, html);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = url.pathname.slice(API.length + 1);
    // Every path is made the one spelling the editor files problems under, here at the edge.
    const json = async (): Promise<Record<string, unknown> & { path: string }> => {
      const body = parseJsonObject(await readBody(req, JSON_LIMIT, 'That draft is larger than 4 MB.'));
      if (nestingOf(body) > MAX_NESTING)
        throw refusal(400, `That draft nests more than ${MAX_NESTING} levels deep; no content file needs that many.`);
      if ('value' in body && (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)))
        throw refusal(400, 'A draft is a JSON object, like the content file it becomes.');
      return { ...body, path: canonicalContentPath(String(body.path)) };
    };
    const path = canonicalContentPath(url.searchParams.get('path') ?? '');
    switch (`${req.method} ${name}`) {
      case 'GET model':
        return reply(res, 200, editorModel(workspace));
      case 'GET files':
        return reply(res, 200, workspace.files());
      case 'GET file':
        return reply(res, 200, workspace.open(path));
      case 'GET dependents':
        return reply(res, 200, { files: workspace.dependents(path) });
      case 'POST check': {
        const body = await json();
        return reply(res, 200, workspace.check(body.path, body.value));
      }
      case 'POST render': {
        const body = await json();
        let rendered: Rendered;
        try {
          rendered = await render(body.path, body.value, body.only);
        } catch (error) {
          if (error instanceof Refusal) throw error;
          // A draft too far from its schema to render (a page without blocks, say): its problems are shown by the check.
          throw refusal(422, `This draft cannot be shown yet: ${firstLine(error)}. Fix the problems listed, and the preview comes back.`);
        }
        return reply(res, 200, rendered);
      }
      case 'POST save': {
        const body = await json();
        const result = workspace.save(body.path, body.value, typeof body.base === 'string' ? body.base : null);
        return reply(res, result.status === 'saved' ? 200 : result.status === 'changed' ? 409 : 422, result);
      }
      case 'POST delete': {
        const body = await json();
        workspace.remove(body.path, String(body.base));
        return reply(res, 200, { ok: true });
      }
      case 'POST migrate':
        return reply(res, 200, { changed: workspace.migrate() });
      case 'POST upload': {
        const bytes = await readBody(req, MAX_PICTURE_BYTES, 'A picture must be at most 5 MB.');
        let name: string;
        try {
          name = decodeURIComponent(String(req.headers['x-file-name'] ?? 'picture'));
        } catch {
          throw refusal(400, 'The picture’s name (X-File-Name) must be percent-encoded UTF-8, as encodeURIComponent writes it.');
        }
        return reply(res, 201, workspace.upload(name, bytes));
      }
      default:
        throw refusal(404, `No ${req.method} ${url.pathname} here.`);
    }
  }

  const editorHtml = (url: string): Promise<string> =>
    vite.transformIndexHtml(url, readFileSync(join(options.codeRoot, 'src/editor/index.html'), 'utf8'));

  /** A GET of a real file in public/ (never through a link): the site's pictures, fonts and videos. */
  const isPublicFile = (rawPath: string, method = 'GET'): boolean => {
    if (method !== 'GET' && method !== 'HEAD') return false;
    let path: string;
    try {
      path = decodeURIComponent(rawPath).slice(1);
    } catch {
      return false;
    }
    if (
      path === '' ||
      /[\\\0]/.test(path) ||
      path.split('/').some((part) => part === '' || part === '.' || part === '..' || part.startsWith('.'))
    )
      return false;
    const found = realFileIn(publicDir, path);
    return found.ok && found.exists;
  };

  let warnedPlainHttp = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const refused = guard(req, access);
    if (refused) return reply(res, refused.status, refused.body);
    if (options.token && !warnedPlainHttp && !overHttps(req) && !fromLoopback(req)) {
      warnedPlainHttp = true;
      console.warn(PLAIN_HTTP_WARNING);
    }
    const target = req.url ?? '/';
    const url = new URL(target, 'http://editor');
    // Opening the address with ?token= starts a session kept in a cookie (never the token), and cleans the address bar.
    if (req.method === 'GET' && tokenInAddress(req, options.token)) {
      res.writeHead(303, { Location: '/', 'Set-Cookie': sessions.open(req), 'Cache-Control': 'no-store' });
      return res.end();
    }
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const answer = async (): Promise<void> => {
      if (url.pathname.startsWith(`${API}/`)) return api(req, res, url);
      if (req.method === 'GET' && url.pathname === PREVIEW) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(await previewDocument(req.url ?? '/', url.searchParams.get('path')));
      }
      const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(url.pathname);
      if (wantsPage && !url.pathname.startsWith('/@') && !url.pathname.startsWith('/src/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(await editorHtml(req.url ?? '/'));
      }
      const rawPath = target.split('?')[0] ?? '/';
      if (servesThroughVite(rawPath, url.searchParams) || isPublicFile(rawPath, req.method))
        return vite.middlewares(req, res, () => reply(res, 404, { ok: false, error: 'Not found.' }));
      reply(res, 404, { ok: false, error: 'Not found.' });
    };
    answer().catch((error: unknown) => {
      if (error instanceof ClientGone) return;
      if (error instanceof Refusal) return reply(res, error.status, error.body);
      vite.ssrFixStacktrace(error as Error);
      console.error(error);
      reply(res, 500, { ok: false, error: `The editor failed: ${(error as Error).message}` });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // Every socket, upgraded ones (the preview's live reload) included, so close can end them all.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  access.port = typeof address === 'object' && address ? address.port : options.port;
  const addresses = reachableAddresses(options.host, access.port);
  return {
    url: reachableAddresses(options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host, access.port)[0] ?? '',
    addresses,
    notices: isLoopbackHost(options.host) ? [] : [PLAIN_HTTP_WARNING],
    server,
    close: async () => {
      for (const watcher of watchers) watcher.close();
      // Stops listening and ends every connection: the server's close waits for all of them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
