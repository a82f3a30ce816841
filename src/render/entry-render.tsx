import createCache from '@emotion/cache';
import { pruneTokenCss } from './prune-token-css';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderHtml } from './prerender-html';
import type { Page, Site } from '../generated/schema-types';
import { ErrorScreen, type ErrorScreenProps } from '../layout/ErrorScreen';
import { App } from './App';
import { escapeHtml } from './escape-html';
import type { EmotionCache } from '@emotion/react';
import { addIslandStyles, IslandPrerender, loadEveryIsland, type IslandRender } from './IslandPrerender';
import { type RenderedBody, renderPageBody } from './render-page-body';
import { type RenderedFrame, renderPageFrame } from './render-page-frame';
import type { IslandMemo } from './island-memo';
import { PageContexts } from './PageContexts';
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
  /** The page's body as rendered now, apart from its frame, for the build to keep (undefined when it was kept, or the page has no frame). */
  pageBody?: Omit<RenderedBody, 'errors'>;
}

/** A page's body kept from the last build, to be put in a new frame rather than rendered again (scripts/build/render/kept-body.ts). */
export type KeptBody = Pick<RenderedBody, 'html' | 'rules' | 'hints' | 'dated'>;

/** The page's own cache, holding the frame's rules and then the body's (its rules the frame has not): the order that makes the page's CSS. */
function pageCache(frame: RenderedFrame, rules: KeptBody['rules']): EmotionCache {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  Object.assign(cache.inserted, frame.inserted);
  Object.assign(cache.registered, frame.registered);
  for (const [id, css, registered] of rules) {
    if (id in cache.inserted) continue;
    cache.inserted[id] = css;
    if (registered !== null) cache.registered[`css-${id}`] = registered;
  }
  return cache;
}

/**
 * A page in the site's layout, as two roots: its body (its header and blocks) and the frame
 * around it, each with its own styles, put together with the frame's styles first. The body
 * is `kept` when the build has it from the last build; the frame comes from `islandMemo`
 * when another page's serves this one.
 */
async function renderFramedPage(
  site: Site,
  route: string,
  page: Page,
  options: { preview?: boolean; today: string; islandMemo?: IslandMemo; inline?: (html: string) => string; kept?: KeptBody },
): Promise<Pick<RenderedRoute, 'body' | 'errors' | 'dated' | 'pageBody'> & { cache: EmotionCache; hints: string[] }> {
  const rendered = options.kept ? undefined : await renderPageBody(site, route, page, options);
  const body = options.kept ?? (rendered as RenderedBody);
  const frame = await renderPageFrame(site, route, options);
  const [before, after] = frame.around;
  return {
    body: `${before}${body.html}${after}`,
    errors: [...frame.errors, ...(rendered?.errors ?? [])],
    dated: frame.dated || body.dated,
    pageBody: rendered && {
      html: rendered.html,
      rules: rendered.rules,
      hints: rendered.hints,
      reads: rendered.reads,
      dated: rendered.dated,
    },
    cache: pageCache(frame, body.rules),
    hints: [...new Set([...frame.hints, ...body.hints])],
  };
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
 * islands and page frames rendered for one page to serve the next where they come out the same
 * (the build gives each thread one; src/render/island-memo.ts). `inline` is applied to the
 * markup (the build writes small pictures into it); `kept` is the page's body from the last
 * build, whose markup had it applied already.
 */
export async function renderRoute(
  site: Site,
  route: string,
  page: Page | undefined,
  options: {
    preview?: boolean;
    only?: number;
    tokenStylesheet?: (css: string) => string;
    today?: string;
    islandMemo?: IslandMemo;
    inline?: (html: string) => string;
    kept?: KeptBody;
  } = {},
): Promise<RenderedRoute> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const framed: Pick<RenderedRoute, 'body' | 'errors' | 'dated' | 'pageBody'> & { cache: EmotionCache; hints: string[] } =
    page && page.layout !== 'navigationOnly' && options.only === undefined
      ? await renderFramedPage(site, route, page, { ...options, today })
      : await renderWhole(site, route, page, { ...options, today });
  const { body, cache } = framed;
  const emotion = createEmotionServer(cache);
  const allStyles = [...framed.hints, emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body))].join('\n');
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
  return { body, styles, islands: islandNames, errors: framed.errors, dated: framed.dated, pageBody: framed.pageBody };
}

/**
 * A route rendered as one root: the not-found page, a page of the "navigationOnly" layout, or
 * (`only`) one block of a page alone.
 */
async function renderWhole(
  site: Site,
  route: string,
  page: Page | undefined,
  options: { preview?: boolean; only?: number; today: string; islandMemo?: IslandMemo; inline?: (html: string) => string },
): Promise<Pick<RenderedRoute, 'body' | 'errors' | 'dated'> & { cache: EmotionCache; hints: string[] }> {
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
        <PageContexts today={options.today} readDay={readDay} isCurrent={isCurrent}>
          <App site={site} route={route} page={page} preview={options.preview} only={options.only} />
        </PageContexts>
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
  return { body: (options.inline ?? ((markup: string) => markup))(body), errors, dated, cache, hints: [...islands.head] };
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
