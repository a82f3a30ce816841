/**
 * The visual editor's server (`npm run edit`): the editor app and its preview, served by Vite
 * from the project's sources, and a small JSON API over the content files (workspace.ts).
 * It binds to 127.0.0.1 and answers only requests whose Host and Origin are its own, which
 * stops DNS rebinding and cross-site requests from other tabs; bound to any other address it
 * needs EDIT_TOKEN, and then the token with every request.
 */
import { timingSafeEqual } from 'node:crypto';
import { type FSWatcher, readFileSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createVite, type ViteDevServer } from 'vite';
import { API, PREVIEW, type Rendered } from '../../../src/editor/api-types';
import { ClientGone, Refusal, refusal, reply } from '../api-reply';
import { entryOf, fillTemplate, resolvePage, TEMPLATE } from '../content/collections';
import { escapeHtml } from '../../../src/server/escape-html';
import { parseJsonWithPositions } from '../content/json-position';
import { loadSite } from '../content/load-site';
import { loadSchemaSet } from '../content/schema-set';
import { createValidator } from '../content/validator';
import { BOOT_ENTRY, SERVER_ENTRY, VITE_ALIASES } from '../entries';
import { parseJsonObject, readBody } from '../read-body';
import type { ServerEntry } from '../prerender';
import { editorModel } from './model';
import { MAX_PICTURE_BYTES, schemaKey, Workspace } from './workspace';
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
  server: Server;
  close: () => Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const TOKEN_COOKIE = 'editor_token';
const JSON_LIMIT = 4 * 1024 * 1024;

/** Why the editor refuses to start: said in one line by `npm run edit`. */
export class EditorStartError extends Error {}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Whether a request may be answered: its Host names this server (unless a token is required,
 * which a rebound name cannot present), its Origin, when it has one, is this server's, and a
 * request that changes anything has one.
 */
function guard(req: IncomingMessage, options: EditorOptions, port: number): Refusal | undefined {
  const host = req.headers.host ?? '';
  if (!options.token) {
    const name = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (!LOOPBACK.has(name) || host !== `${name.includes(':') ? `[${name}]` : name}:${port}`)
      return refusal(421, 'This editor answers only at its own address (http://127.0.0.1 with its port).');
  }
  const origin = req.headers.origin;
  const unsafe = !['GET', 'HEAD'].includes(req.method ?? 'GET');
  if ((origin !== undefined && origin !== `http://${host}`) || (unsafe && origin === undefined))
    return refusal(403, 'Requests from other sites are refused.');
  if (options.token) {
    const presented =
      req.headers.authorization?.replace(/^Bearer /, '') ??
      (req.headers.cookie ?? '')
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([name]) => name === TOKEN_COOKIE)?.[1] ??
      '';
    const fromUrl = new URL(req.url ?? '/', 'http://editor').searchParams.get('token');
    if (!sameText(presented, options.token) && !(fromUrl !== null && sameText(fromUrl, options.token)))
      return refusal(401, 'This editor needs its token: open the address npm run edit printed, with ?token=.');
  }
  return undefined;
}

export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
  if (!LOOPBACK.has(options.host) && !options.token)
    throw new EditorStartError(
      `The editor binds to ${options.host} only with a token: set EDIT_TOKEN to a long random secret (it is then needed to open it), or leave EDIT_HOST unset for 127.0.0.1.`,
    );
  if (options.token !== undefined && options.token.length < 16) throw new EditorStartError('EDIT_TOKEN must be at least 16 characters.');
  const workspace = new Workspace(options.contentRoot, options.migrations);
  let port = options.port;
  const server = createServer();
  // A request whose Host or Origin is not ours gets no WebSocket either (Vite's client connects one).
  server.on('upgrade', (req, socket) => {
    if (guard(req, options, port)) socket.destroy();
  });
  const vite: ViteDevServer = await createVite({
    root: options.codeRoot,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: VITE_ALIASES },
    publicDir: join(options.contentRoot, 'public'),
    // Vite's client (which its CSS modules import) connects a WebSocket: it goes through this server.
    server: { middlewareMode: true, hmr: { server } },
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
    const kind = schemaKey(
      path === 'pages/_site.json' ? 'site' : path.startsWith('pages/_collections/') ? 'entry' : 'page',
      path.split('/')[2],
    );
    if (kind === 'page' && !TEMPLATE.test(basename(path))) {
      // The fast path, for a page: the draft is checked alone (for its defaults and references) against what is on disk.
      const site = loaded.site;
      if (!site) return { route: '/', body: '', head: '', message: 'The site file has problems: fix them to see a preview.' };
      const { validator: check, set } = validator();
      const draft = structuredClone(value);
      const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(draft)), draft);
      const page = resolvePage(doc.value, doc.refs, loaded.entries, set) as Parameters<ServerEntry['renderRoute']>[2];
      const route = loaded.pages.find((candidate) => candidate.file === path)?.route ?? routeOf(path);
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
    if (TEMPLATE.test(basename(path))) {
      shown = site.pages.find((candidate) => candidate.file === path);
      if (!shown) {
        const collection = TEMPLATE.exec(basename(path))?.[1] ?? '';
        const first = [...(site.entries.get(collection)?.values() ?? [])][0];
        if (!first) return { route: '/', body: '', head: '', message: `There is no entry in ${collection} to show this template with.` };
        const filled = fillTemplate(value, first).value;
        const { validator: check, set } = validator();
        const doc = check.checkValue('page.schema.json', path, parseJsonWithPositions(JSON.stringify(filled)), filled);
        const page = resolvePage(doc.value, doc.refs, site.entries, set) as Parameters<ServerEntry['renderRoute']>[2];
        const rendered = await entry.renderRoute(site.site, first.href ?? '/', page, { preview: true });
        return { route: first.href ?? '/', body: rendered.body, head: rendered.styles };
      }
    } else if (kind.startsWith('collections/')) {
      const collection = kind.slice('collections/'.length);
      const id = basename(path, '.json');
      const own = entryOf(site.entries, { collections: [collection], id })?.href;
      shown =
        site.pages.find((candidate) => candidate.route === own) ??
        site.pages.find((candidate) => JSON.stringify(candidate.page).includes(`"id":${JSON.stringify(id)}`)) ??
        shown;
      if (!shown) return { route: '/', body: '', head: '', message: 'No page shows this entry yet: name its id in a block to see it.' };
    }
    if (!shown) return { route: '/', body: '', head: '', message: 'Nothing to show yet.' };
    const rendered = await entry.renderRoute(site.site, shown.route, shown.page, {
      preview: !kind.startsWith('collections/') && kind !== 'site',
    });
    return { route: shown.route, body: rendered.body, head: rendered.styles };
  }

  const routeOf = (path: string): string => {
    const inside = path.slice('pages/'.length, -'.json'.length);
    return inside === 'index' ? '/' : `/${inside.replace(/\/index$/, '')}`;
  };

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
    const json = async (): Promise<Record<string, unknown>> =>
      parseJsonObject(await readBody(req, JSON_LIMIT, 'That draft is larger than 4 MB.'));
    const path = url.searchParams.get('path') ?? '';
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
        return reply(res, 200, workspace.check(String(body.path), body.value));
      }
      case 'POST render': {
        const body = await json();
        return reply(res, 200, await render(String(body.path), body.value, body.only));
      }
      case 'POST save': {
        const body = await json();
        const result = workspace.save(String(body.path), body.value, typeof body.base === 'string' ? body.base : null);
        return reply(res, result.status === 'saved' ? 200 : result.status === 'changed' ? 409 : 422, result);
      }
      case 'POST delete': {
        const body = await json();
        workspace.remove(String(body.path), String(body.base));
        return reply(res, 200, { ok: true });
      }
      case 'POST migrate':
        return reply(res, 200, { changed: workspace.migrate() });
      case 'POST upload': {
        const bytes = await readBody(req, MAX_PICTURE_BYTES, 'A picture must be at most 5 MB.');
        return reply(res, 201, workspace.upload(decodeURIComponent(String(req.headers['x-file-name'] ?? 'picture')), bytes));
      }
      default:
        throw refusal(404, `No ${req.method} ${url.pathname} here.`);
    }
  }

  const editorHtml = (url: string): Promise<string> =>
    vite.transformIndexHtml(url, readFileSync(join(options.codeRoot, 'src/editor/index.html'), 'utf8'));

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const refused = guard(req, options, port);
    if (refused) return reply(res, refused.status, refused.body);
    const url = new URL(req.url ?? '/', 'http://editor');
    // Opening the address with ?token= keeps the token in a cookie, and the address bar clean.
    if (options.token && url.searchParams.has('token') && req.method === 'GET') {
      res.writeHead(303, {
        Location: '/',
        'Set-Cookie': `${TOKEN_COOKIE}=${options.token}; HttpOnly; SameSite=Strict; Path=/`,
      });
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
      vite.middlewares(req, res, () => reply(res, 404, { ok: false, error: 'Not found.' }));
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
  port = typeof address === 'object' && address ? address.port : options.port;
  const shown = isIP(options.host) === 6 ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}/`,
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
