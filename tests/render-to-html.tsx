import createCache from '@emotion/cache';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '../src/generated/schema-types';
import { type IslandRender, IslandPrerender } from '../src/render/IslandPrerender';
import { Providers } from '../src/runtime/Providers';
import { BuildDateContext } from '../src/ui/use-build-date';
import { SiteContext } from '../src/ui/site-context';

/** The real site file: components read their shared words from it. */
export const site = JSON.parse(readFileSync(join(import.meta.dirname, '../pages/_site.json'), 'utf8')) as Site;

/** The day tests render for, unless one is given: a job's age counts to it. */
const TODAY = '2025-11-24';

/** Renders a tree as the prerenderer does (style providers, site file, build date, islands) and returns its HTML and errors. */
export async function renderToHtml(tree: ReactNode, today = TODAY): Promise<{ html: string; errors: unknown[] }> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const islands: IslandRender = { cache, route: '/', errors, rendered: new Map(), head: new Set<string>() };
  const wrapped = (
    <Providers cache={cache}>
      <SiteContext.Provider value={site}>
        <BuildDateContext.Provider value={today}>
          <IslandPrerender value={islands}>{tree}</IslandPrerender>
        </BuildDateContext.Provider>
      </SiteContext.Provider>
    </Providers>
  );
  const { prelude } = await prerender(wrapped, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return { html: await new Response(prelude).text(), errors };
}

/** The visible text of some HTML, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}
