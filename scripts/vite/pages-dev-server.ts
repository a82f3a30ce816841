import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type * as ContentFileModule from '../content/content-file';
import type * as LoadSiteModule from '../content/load-site';
import type * as RoutesModule from '../content/route-of-file';
import { escapeHtml } from '../../src/render/escape-html.ts';
import { BOOT_ENTRY, SERVER_ENTRY } from './entries.ts';
import { fromOtherSite } from './from-other-site.ts';
import { buildSettings } from '../settings/build-settings.ts';
import type * as ValidatorModule from '../content/checks/create-validator';
import type { ServerEntry } from '../build/render/page-renderer';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The page `npm run dev` shows for a file with problems: the same lines `npm run validate` prints. */
function problemsPage(heading: string, lines: string[], elsewhere: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title>
<style>body{font:15px/1.6 system-ui,sans-serif;margin:2rem;color:#141a33}pre{background:#fff4f4;border:1px solid #f1b5b5;padding:1rem;border-radius:8px;white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(heading)}</h1>
<p>Fix ${lines.length === 1 ? 'it' : 'them'} in your editor; this page reloads by itself when you save.</p>
<pre>${escapeHtml(lines.join('\n'))}</pre>${elsewhere ? `<p>${escapeHtml(elsewhere)}</p>` : ''}</body></html>`;
}

/** A small bar over a page that renders, while other files still have problems (development only, outside the React tree). */
function problemsBanner(text: string): string {
  return `<div role="status" data-dev-problems style="position:fixed;z-index:2147483647;left:12px;bottom:12px;max-width:min(40rem,calc(100vw - 24px));padding:8px 12px;border-radius:8px;background:#7a1020;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)">${escapeHtml(text)}</div>`;
}

async function renderRequest(server: ViteDevServer, root: string, pagesDir: string, url: string, res: ServerResponse): Promise<void> {
  const route = decodeURIComponent(new URL(`http://localhost${url}`).pathname).replace(/(.)\/$/, '$1');
  // Loaded through Vite rather than imported, so that edits to the validator apply at once
  // and the Vite config itself stays free of the project's modules.
  const { loadSite } = (await server.ssrLoadModule('/scripts/content/load-site.ts')) as typeof LoadSiteModule;
  const { SITE_FILE } = (await server.ssrLoadModule('/scripts/content/content-file.ts')) as typeof ContentFileModule;
  const { formatProblem } = (await server.ssrLoadModule('/scripts/content/checks/create-validator.ts')) as typeof ValidatorModule;
  const { routeOfFile } = (await server.ssrLoadModule('/scripts/content/route-of-file.ts')) as typeof RoutesModule;
  const { site, pages, problems } = loadSite(root, pagesDir);
  // Each problem belongs to the page of its file; a problem of the site file or the schemas belongs to every page.
  const routeOf = (file: string): string | null => {
    const path = relative(pagesDir, join(root, file)).split(sep).join('/');
    return path.startsWith('..') || path === SITE_FILE ? null : routeOfFile(path);
  };
  const mine = problems.filter((problem) => routeOf(problem.file) === route || routeOf(problem.file) === null);
  const others = problems.filter((problem) => !mine.includes(problem));
  const otherFiles = [...new Set(others.map((problem) => problem.file))];
  const elsewhere =
    others.length > 0
      ? `${plural(others.length, 'problem')} in other files: ${otherFiles.join(', ')}. npm run validate lists them all.`
      : '';
  let status = 200;
  let html: string;
  if (mine.length > 0 || !site) {
    status = 500;
    const whose = mine.some((problem) => routeOf(problem.file) === null) ? 'The site' : 'This page';
    html = problemsPage(`${whose} has ${plural(mine.length, 'problem')}`, mine.map(formatProblem), elsewhere);
  } else {
    const entry = (await server.ssrLoadModule(`/${SERVER_ENTRY}`)) as ServerEntry;
    const page = pages.find((candidate) => candidate.route === route)?.page;
    if (!page) status = 404;
    const rendered = await entry.renderRoute(site, route, page);
    // A block that threw shows its notice on the page; the error itself goes to Vite's overlay.
    for (const error of rendered.errors)
      server.ws.send({
        type: 'error',
        err: { message: String((error as Error).message ?? error), stack: String((error as Error).stack ?? '') },
      });
    html = entry.renderDocument({
      site,
      route,
      page,
      body: rendered.body,
      head: rendered.styles,
      // The client entry by its own tag: imported by the boot script through a computed URL,
      // Vite would serve it under a second URL (?import) and run it twice.
      scripts: `<script type="module" src="/${BOOT_ENTRY}" data-modules=""></script>${elsewhere ? problemsBanner(elsewhere) : ''}`,
    });
  }
  html = await server.transformIndexHtml(url, html);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(html);
}

/** The fallback screen's title when the site file cannot give its own words. */
const FALLBACK_TITLE = 'Unexpected Application Error!';

/** The fallback screen for an error that stopped the page from rendering, with the stack (development only). */
async function renderFailure(server: ViteDevServer, root: string, pagesDir: string, error: Error): Promise<string> {
  const entry = (await server.ssrLoadModule(`/${SERVER_ENTRY}`)) as ServerEntry;
  const { loadSite } = (await server.ssrLoadModule('/scripts/content/load-site.ts')) as typeof LoadSiteModule;
  const { site } = loadSite(root, pagesDir);
  return entry.renderErrorPage(
    {
      title: site?.labels.appErrorTitle ?? FALLBACK_TITLE,
      status: 500,
      statusText: 'Internal Server Error',
      message: error.message,
      stack: error.stack,
    },
    site?.language,
  );
}

/**
 * Serves pages in `npm run dev` by rendering them from the page files on each request, and
 * reloads the browser whenever a page, the site file or a schema changes. An invalid site
 * shows its problems instead of the page, and the page comes back once they are fixed.
 */
export function pagesDevServer(): Plugin {
  return {
    name: 'pages-dev-server',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      // PAGES_DIR lets the tests serve a scratch copy of the pages.
      const pagesDir = buildSettings().pagesDir ?? join(root, 'pages');
      const watched = [pagesDir, join(root, 'schemas')];
      server.watcher.add(watched);
      const reload = (file: string): void => {
        if (file.endsWith('.json') && watched.some((dir) => file.startsWith(dir))) server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', reload).on('add', reload).on('unlink', reload);
      // First, before Vite's own middlewares, which serve any file of the project (?raw included)
      // to any page that asks: a page on another port of this machine is another site, and
      // /__open-in-editor starts a process for anyone who can make the browser load an <img>.
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        if (fromOtherSite(req)) {
          res.statusCode = 403;
          res.end('Requests from other sites are refused.');
        } else if ((req.url ?? '').toLowerCase().includes('/__open-in-editor')) {
          // Anywhere in the address: Vite's route matches in any case, after a host, before "/" or ".".
          res.statusCode = 404;
          res.end();
        } else next();
      });
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        const url = req.url ?? '/';
        const wantsHtml =
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !url.startsWith('/@') &&
          !/\.[a-z0-9]+(\?|$)/i.test(url);
        if (!wantsHtml) return next();
        renderRequest(server, root, pagesDir, url, res).catch(async (error: unknown) => {
          server.ssrFixStacktrace(error as Error);
          try {
            res.statusCode = 500;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(await renderFailure(server, root, pagesDir, error as Error));
          } catch (fallbackError) {
            next(fallbackError);
          }
        });
      });
    },
  };
}
