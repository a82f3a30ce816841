import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import type { Page, Site } from './generated/schema-types';
import { App } from './runtime/app';
import { Providers } from './runtime/providers';

export { renderDocument, documentTitle } from './runtime/document';

export interface RenderedRoute {
  /** The markup inside #root. */
  body: string;
  /** Style tags holding exactly the CSS this markup uses. */
  styles: string;
  /** The islands on the page, whose chunks the page should preload. */
  islands: string[];
  /** Errors thrown by blocks while rendering; each block showed its notice instead. */
  errors: unknown[];
}

/**
 * Renders one route to static HTML with its critical CSS. `prerender` waits for every lazy
 * block, and turns a block that throws into its frame's fallback while reporting the error.
 */
export async function renderRoute(site: Site, route: string, page: Page | undefined): Promise<RenderedRoute> {
  // A fresh cache per render collects the CSS of this page only. `compat` stops Emotion from
  // writing <style> tags into the body; the styles are extracted into <head> instead.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <Providers cache={cache}>
      <App site={site} route={route} page={page} />
    </Providers>,
    { onError: (error) => void errors.push(error) },
  );
  const body = await new Response(prelude).text();
  const emotion = createEmotionServer(cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
  const islands = [...new Set([...body.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1] ?? ''))];
  return { body, styles, islands, errors };
}
