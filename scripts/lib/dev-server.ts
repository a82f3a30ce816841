import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type * as LoadSiteModule from './content/load-site';
import { escapeHtml } from '../../src/server/escape-html';
import { BOOT_ENTRY, CLIENT_ENTRY, SERVER_ENTRY } from './entries';
import type * as ValidatorModule from './content/validator';
import type { ServerEntry } from './prerender';

/** The page `npm run dev` shows while the site has problems: the same lines `npm run validate` prints. */
function problemsPage(lines: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The site has problems</title>
<style>body{font:15px/1.6 system-ui,sans-serif;margin:2rem;color:#141a33}pre{background:#fff4f4;border:1px solid #f1b5b5;padding:1rem;border-radius:8px;white-space:pre-wrap}</style>
</head><body><h1>The site has ${lines.length} problem${lines.length === 1 ? '' : 's'}</h1>
<p>Fix ${lines.length === 1 ? 'it' : 'them'} in your editor; this page reloads by itself when you save.</p>
<pre>${escapeHtml(lines.join('\n'))}</pre></body></html>`;
}

async function renderRequest(server: ViteDevServer, root: string, pagesDir: string, url: string, res: ServerResponse): Promise<void> {
  const route = decodeURIComponent(new URL(`http://localhost${url}`).pathname).replace(/(.)\/$/, '$1');
  // Loaded through Vite rather than imported, so that edits to the validator apply at once
  // and the Vite config itself stays free of the project's modules.
  const { loadSite } = (await server.ssrLoadModule('/scripts/lib/content/load-site.ts')) as typeof LoadSiteModule;
  const { formatProblem } = (await server.ssrLoadModule('/scripts/lib/content/validator.ts')) as typeof ValidatorModule;
  const { site, pages, problems } = loadSite(root, pagesDir);
  let status = 200;
  let html: string;
  if (problems.length > 0 || !site) {
    status = 500;
    html = problemsPage(problems.map(formatProblem));
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
      scripts: `<script type="module" src="/${BOOT_ENTRY}" data-modules="/${CLIENT_ENTRY}"></script>`,
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
  const { loadSite } = (await server.ssrLoadModule('/scripts/lib/content/load-site.ts')) as typeof LoadSiteModule;
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
      const pagesDir = process.env.PAGES_DIR ? resolve(process.env.PAGES_DIR) : join(root, 'pages');
      const watched = [pagesDir, join(root, 'schemas')];
      server.watcher.add(watched);
      const reload = (file: string): void => {
        if (file.endsWith('.json') && watched.some((dir) => file.startsWith(dir))) server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', reload).on('add', reload).on('unlink', reload);
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
