import type { ReactNode } from 'react';
import { type PrerenderOptions, prerender } from 'react-dom/static';

/** Prerenders a tree to its whole HTML, waiting for everything in it that suspends. */
export async function prerenderHtml(tree: ReactNode, options: PrerenderOptions): Promise<string> {
  const { prelude } = await prerender(tree, options);
  return new Response(prelude).text();
}
