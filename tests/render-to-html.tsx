import createCache from '@emotion/cache';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Providers } from '../src/runtime/providers';

/** Renders a tree as the prerenderer does (with the style providers) and returns its HTML and errors. */
export async function renderToHtml(tree: ReactNode): Promise<{ html: string; errors: unknown[] }> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerender(<Providers cache={cache}>{tree}</Providers>, { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY });
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
