import createCache from '@emotion/cache';
import { pruneTokenCss } from './prune-token-css';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderHtml } from './prerender-html';
import type { Page, Site } from '../generated/schema-types';
import { ErrorScreen, type ErrorScreenProps } from '../layout/ErrorScreen';
import { BuildDateContext, BuildDateReadContext } from '../ui/use-build-date';
import { App } from './App';
import { escapeHtml } from './escape-html';
import { addIslandStyles, IslandPrerender, loadEveryIsland, type IslandRender } from './IslandPrerender';
import type { IslandMemo } from './island-memo';
import { CurrentPageContext } from '../ui/use-is-current-page';
import { loadEveryBlock } from './BlockList';
import { PRERENDERED_STYLES_ATTRIBUTE } from '../runtime/page-style-cache';
import { Providers } from '../runtime/Providers';

export { renderDocument, documentTitle } from './render-document';
export { createIslandMemo } from './island-memo';

/**
 * Loads every block's and island's component, so that no page suspends while it renders: each
 * page then comes out the same, byte for byte, whatever this process rendered before it (the
 * build renders on several threads, each with its own share of the pages).
 */
export async function loadEveryComponent(): Promise<void> {
  await Promise.all([loadEveryBlock(), loadEveryIsland()]);
}

export interface RenderedRoute {
  /** The markup inside #root. */
  body: string;
  /** Resource hints, and style tags holding exactly the CSS this markup uses. */
  styles: string;
  /** The islands on the page, whose chunks the page should preload. */
  islands: string[];
  /** Errors thrown by blocks while rendering; each block showed its notice instead. */
  errors: unknown[];
  /** Whether the page read the day it was rendered for (a job's age): on another day it reads differently. */
  dated: boolean;
}

/**
 * Renders one route to static HTML with its critical CSS. `prerender` waits for every lazy
 * block, and turns a block that throws into its frame's fallback while reporting the error.
 * `preview` marks each block for the visual editor; `only` (with it) renders that one block
 * alone, for the editor to put in place of the old one, its ids kept apart from the page's.
 * `tokenStylesheet` renders the page as built: its design tokens pruned to those it uses
 * (src/render/prune-token-css.ts; it is given the stylesheet with all of them and returns the
 * address it will be served at), its style tags marked for the browser's cache. `today`
 * (YYYY-MM-DD) is the day the page is rendered for (a job's "3 weeks ago" counts to it): the
 * build gives every page its one day; otherwise it is the day of this render. `islandMemo` keeps
 * islands rendered for one page to serve the next where they come out the same (the build
 * gives each thread one; src/render/island-memo.ts).
 */
export async function renderRoute(
  site: Site,
  route: string,
  page: Page | undefined,
  options: { preview?: boolean; only?: number; tokenStylesheet?: (css: string) => string; today?: string; islandMemo?: IslandMemo } = {},
): Promise<RenderedRoute> {
  // A fresh cache per render collects the CSS of this page only. `compat` stops Emotion from
  // writing <style> tags into the body; the styles are extracted into <head> instead.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const islands: IslandRender = { cache, route, errors, rendered: new Map(), head: new Set(), memo: options.islandMemo };
  const isCurrent = (href: string | undefined): boolean => href === route;
  let dated = false;
  const readDay = (): void => {
    dated = true;
  };
  const body = await prerenderHtml(
    // A block rendered alone goes into a page that has the global styles already.
    <Providers cache={cache} globals={options.only === undefined}>
      <IslandPrerender value={islands}>
        <BuildDateContext.Provider value={options.today ?? new Date().toISOString().slice(0, 10)}>
          <BuildDateReadContext.Provider value={readDay}>
            <CurrentPageContext.Provider value={isCurrent}>
              <App site={site} route={route} page={page} preview={options.preview} only={options.only} />
            </CurrentPageContext.Provider>
          </BuildDateReadContext.Provider>
        </BuildDateContext.Provider>
      </IslandPrerender>
    </Providers>,
    // Infinity keeps every block inline: React would otherwise move large blocks to the end
    // of the document behind an inline script, which neither a strict CSP nor a visitor
    // without JavaScript would ever reveal.
    {
      onError: (error) => void errors.push(error),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      identifierPrefix: options.only === undefined ? undefined : `b${options.only}-`,
    },
  );
  await addIslandStyles(islands);
  const emotion = createEmotionServer(cache);
  const allStyles = [...islands.head, emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body))].join('\n');
  // A built page carries only the tokens it uses, and its style tags are out of Emotion's
  // sight in the browser (src/runtime/page-style-cache.ts); the editor's preview and the
  // development server keep every token and Emotion's own attribute.
  const styles =
    options.tokenStylesheet && options.only === undefined
      ? pruneTokenCss(allStyles, body, options.tokenStylesheet).replace(
          /(<style\b[^>]*?) data-emotion="/g,
          `$1 ${PRERENDERED_STYLES_ATTRIBUTE}="`,
        )
      : allStyles;
  const islandNames = [...new Set([...body.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1] ?? ''))];
  return { body, styles, islands: islandNames, errors, dated };
}

/**
 * The fallback screen ("Unexpected Application Error!", the status or message, the stack)
 * as a whole document, for an error that stopped a page from
 * rendering at all (the development server shows it; the build fails instead).
 */
export async function renderErrorPage(error: ErrorScreenProps, language = 'en'): Promise<string> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const body = await prerenderHtml(
    <Providers cache={cache} globals>
      <ErrorScreen {...error} />
    </Providers>,
    {},
  );
  const emotion = createEmotionServer(cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
  return `<!doctype html>\n<html lang="${escapeHtml(language)}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(error.title)}</title>\n${styles}\n</head>\n<body>${body}</body>\n</html>\n`;
}
