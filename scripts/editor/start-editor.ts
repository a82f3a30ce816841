/**
 * The visual editor's server (`npm run edit`): the editor app, built from the project's
 * sources (editor-build.ts), its preview (editor-preview.ts) and a small JSON API over the
 * content files (editor-api.ts, through workspace.ts). This file puts them together behind the guard
 * (guard.ts, serves-through-vite.ts), listens and closes. It binds to 127.0.0.1 and answers only requests whose Host
 * and Origin are its own, which stops DNS rebinding and cross-site requests from other tabs;
 * bound to any other address it needs EDIT_TOKEN, and then the token with every request.
 */
import { type FSWatcher, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import send from 'send';
import type { ViteDevServer } from 'vite';
import { API, PREVIEW, routeAddress } from '../../src/content/api-routes';
import type { Migration } from '../content/fixing/migrate-tree';
import type { PreviewLinks } from '../publish/review/read-preview';
import { realFileIn } from '../content/real-path-inside';
import { ClientGone } from '../site-server/read-body';
import { Refusal } from '../site-server/refusal';
import { reply } from '../site-server/reply';
import { VITE_ALIASES } from '../vite/entries';
import { fromLoopback, guard, isLoopbackHost, overHttps, Sessions, tokenInAddress } from './guard';
import { reachableAddresses } from './reachable-addresses';
import { servesThroughVite } from './serves-through-vite';
import { editorApi } from './editor-api';
import { APP_BASE, editorBuild } from './editor-build';
import { editorPreview } from './editor-preview';
import { firstScreenCache } from './first-screen';
import { editorModel } from './editor-model';
import { Workspace } from './workspace';
import { publishesSettled } from '../publish/with-publish-lock';

/** Said of any failure the editor did not foresee: its own words (git's, the disk's) go to the log, for whoever runs it. */
const EDITOR_FAILED =
  'Something went wrong in the editor, and nothing more was done: try again; if it happens again, tell whoever runs the editor (the details are in its log).';

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
  /**
   * A sign-in proxy in front of the editor (oauth2-proxy and its peers) is trusted: the author of
   * what is published is the one its X-Forwarded-User and X-Forwarded-Email name. Never set it
   * unless every request reaches the editor through that proxy, which sets those headers itself.
   */
  trustProxy?: boolean;
  /** The live site's origin (LIVE_SITE_URL): Changes and History say when each published change is live there. */
  liveSite?: string;
  /** Where preview links are opened and their secret (PREVIEW_SITE_URL, PREVIEW_LINK_SECRET): reviews can share them. */
  preview?: PreviewLinks;
  /** Told when the editor builds its code (the first start after a change to it takes a few seconds longer). */
  say?: (line: string) => void;
  /** The hash of the server's sources (server-bundle.mjs), when the start has it already: part of the first screen's key. */
  codeVersion?: string;
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
  let code: Awaited<ReturnType<typeof editorBuild>>;
  try {
    code = await editorBuild(options.codeRoot, options.say);
  } catch (error) {
    throw new EditorStartError(`The editor's code does not build: ${(error as Error).message}`);
  }
  // The app loads its build. Vite's development server still answers for the app's source modules
  // (servesThroughVite), which nothing of the editor loads any more: it starts on the first such
  // request, so that a start never pays for it (importing Vite alone takes half a second).
  let vite: Promise<ViteDevServer> | undefined;
  const viteServer = (): Promise<ViteDevServer> => {
    vite ??= Promise.all([import('vite'), import('@vitejs/plugin-react')]).then(([{ createServer: createVite }, { default: react }]) =>
      createVite({
        root: options.codeRoot,
        configFile: false,
        appType: 'custom',
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: VITE_ALIASES },
        publicDir: false,
        // Vite's client (which its CSS modules import) connects a WebSocket: it goes through this server.
        // Vite reads only the app's sources and its packages, whatever a request names (a second fence
        // behind servesThroughVite).
        server: {
          middlewareMode: true,
          hmr: { server },
          watch: { ignored: (path: string) => !path.startsWith(join(options.codeRoot, 'src')) && path !== options.codeRoot },
          fs: { strict: true, allow: [join(options.codeRoot, 'src'), join(options.codeRoot, 'node_modules')] },
        },
        optimizeDeps: { noDiscovery: true, include: [] },
      }),
    );
    return vite;
  };

  const preview = editorPreview(code, workspace);
  /**
   * What the first screens need is made ready once the server is idle: the site read and
   * checked (a third of a second the first time), then the preview's first render (the renderer
   * loaded, its code warmed on the home page). Idle after the first requests, so that a browser
   * opening the editor at once gets the app's page and scripts first, and runs them while this
   * is done; and, when the first screen's answers are kept from the last start (first-screen.ts),
   * only once they are given, so that nothing holds them up. Without a browser, after a second.
   */
  const IDLE_MS = 40;
  const UNASKED_MS = 1000;
  const firstScreen = firstScreenCache(options.codeRoot, options.contentRoot, options.codeVersion);
  /** The first screen's answers from the last start, while nothing they were made from has changed. */
  let kept = firstScreen.read();
  let keptGiven = false;
  let warmed = false;
  let idle: NodeJS.Timeout | undefined;
  let unasked: NodeJS.Timeout | undefined;
  let busy = 0;
  const warmUp = (): void => {
    if (warmed) return;
    warmed = true;
    clearTimeout(idle);
    clearTimeout(unasked);
    try {
      const before = firstScreen.key();
      workspace.site();
      firstScreen.write(before, { files: workspace.files(), model: editorModel(workspace) });
    } catch {
      // Kept for no next start: it reads the site, as without it.
    }
    try {
      const home = workspace.site().pages.find((page) => page.route === '/');
      if (home) preview.render(home.file, workspace.open(home.file).value).catch(() => undefined);
    } catch {
      // A site that cannot be read says so when a page is opened.
    }
  };
  const requestStarted = (): void => {
    busy += 1;
    clearTimeout(idle);
  };
  const requestEnded = (): void => {
    busy -= 1;
    if (busy === 0 && (!kept || keptGiven)) idle = setTimeout(warmUp, IDLE_MS);
  };

  /**
   * What the app's first screen will ask the API for at this address, once the site is read
   * (until then each answer would hold up the app's own scripts): the model, and the page to
   * edit or the list of pages.
   */
  const firstFetches = (url: URL): string[] => {
    if (!workspace.isRead()) return [];
    const path = url.searchParams.get('path');
    if (url.pathname === '/edit')
      return path && /^pages\/[a-z0-9/-]+\.json$/.test(path) ? [routeAddress('model'), routeAddress('file', { path })] : [];
    return url.pathname === '/' ? [routeAddress('model'), routeAddress('files')] : [];
  };
  const api = editorApi(workspace, preview, {
    trustProxy: options.trustProxy === true,
    migrations: options.migrations,
    liveSite: options.liveSite,
    preview: options.preview,
  });
  // What was read is read again once a file changes on disk (a hand edit, a git pull).
  const watchers: FSWatcher[] = ['pages', 'schemas'].map((folder) =>
    watch(join(options.contentRoot, folder), { recursive: true }, () => {
      kept = undefined;
      workspace.invalidate();
      preview.forget();
    }),
  );

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
    if (!warmed) {
      requestStarted();
      res.once('close', requestEnded);
    }
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
      // Until the site is read, the first screen's answers come from the last start, when nothing has changed since.
      if (
        kept &&
        req.method === 'GET' &&
        !workspace.isRead() &&
        (url.pathname === routeAddress('files') || url.pathname === routeAddress('model'))
      ) {
        keptGiven = true;
        return reply(res, 200, url.pathname === routeAddress('files') ? kept.files : kept.model);
      }
      if (url.pathname.startsWith(`${API}/`)) return api(req, res, url);
      if (req.method === 'GET' && url.pathname === PREVIEW) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(await preview.document());
      }
      if (req.method === 'GET' && url.pathname.startsWith(APP_BASE)) return code.serve(req, res, url.pathname);
      const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(url.pathname);
      if (wantsPage && !url.pathname.startsWith('/@') && !url.pathname.startsWith('/src/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(code.page(firstFetches(url)));
      }
      const rawPath = target.split('?')[0] ?? '/';
      if (isPublicFile(rawPath, req.method))
        return void send(req, rawPath, { root: publicDir, dotfiles: 'deny', index: false })
          .on('error', () => reply(res, 404, { ok: false, error: 'Not found.' }))
          .pipe(res);
      if (servesThroughVite(rawPath, url.searchParams))
        return (await viteServer()).middlewares(req, res, () => reply(res, 404, { ok: false, error: 'Not found.' }));
      reply(res, 404, { ok: false, error: 'Not found.' });
    };
    answer().catch((error: unknown) => {
      if (error instanceof ClientGone) return;
      if (error instanceof Refusal) return reply(res, error.status, error.body);
      console.error(error);
      // What failed is for developers (logged above: git's or the disk's own words, a stack); the person reads what to do.
      reply(res, 500, { ok: false, error: EDITOR_FAILED });
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
  unasked = setTimeout(warmUp, UNASKED_MS);
  const address = server.address();
  access.port = typeof address === 'object' && address ? address.port : options.port;
  const addresses = reachableAddresses(options.host, access.port);
  return {
    url: reachableAddresses(options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host, access.port)[0] ?? '',
    addresses,
    notices: isLoopbackHost(options.host) ? [] : [PLAIN_HTTP_WARNING],
    server,
    close: async () => {
      warmed = true;
      clearTimeout(idle);
      clearTimeout(unasked);
      for (const watcher of watchers) watcher.close();
      code.close();
      // Stops listening and ends every connection: the server's close waits for all of them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await (await vite)?.close();
      // A publish, discard or bring-in under way ends first, and its answer goes out (with-publish-lock.ts).
      await publishesSettled();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
