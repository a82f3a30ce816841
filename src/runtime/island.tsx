import { chakra } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/react';
import { createContext, use, useContext, useId } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { IslandBody, idPrefixOf, type IslandProps } from './island-body';
import { Providers } from './providers';

/** Per-render state shared by the islands of one page: the style cache, errors, rendered HTML. */
export interface IslandRender {
  cache: EmotionCache;
  /** The page's path, for islands that read the location (the browser has its own). */
  route: string;
  errors: unknown[];
  html: Map<string, Promise<string>>;
  /** Resource hints React emits ahead of an island's markup, moved to the page's <head>. */
  head: Set<string>;
}

export const IslandRenderContext = createContext<IslandRender | null>(null);

/**
 * Renders an island as a React root of its own, as the browser will hydrate it: `useId`
 * values depend on a component's place in the tree, so an island rendered inside the page
 * would get other ids than the same island hydrated alone. Styles go to the page's cache.
 */
async function renderIsland<P extends object>(render: IslandRender, island: IslandProps<P>): Promise<string> {
  const { prelude } = await prerender(
    <Providers cache={render.cache}>
      <Router ssrPath={render.route}>
        <IslandBody {...island} />
      </Router>
    </Providers>,
    { identifierPrefix: idPrefixOf(island.id), progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void render.errors.push(error) },
  );
  const html = await new Response(prelude).text();
  // React starts a root's markup with preload links for its images. Inside the island they
  // would be markup the browser's hydration does not expect; in <head> they still help.
  const hints = html.match(/^(?:<link rel="preload"[^>]*\/>)+/)?.[0] ?? '';
  for (const hint of hints.match(/<link[^>]*\/>/g) ?? []) render.head.add(hint);
  return html.slice(hints.length);
}

/**
 * An interactive part of a prerendered page (server side). Everything else on the page is
 * static HTML that the browser never hydrates; an island carries its name, id and props in
 * data attributes (no inline script, so a strict Content-Security-Policy holds), and the
 * client entry hydrates it on its own once it is near the viewport.
 */
export function Island<P extends object>(props: Omit<IslandProps<P>, 'id'>) {
  // The page render is server-only, so its useId is a stable, unique name for the island.
  const island = { ...props, id: `i${useId().replace(/[^A-Za-z0-9]/g, '')}` };
  const render = useContext(IslandRenderContext);
  if (!render) throw new Error('<Island> renders only inside renderRoute(), which provides IslandRenderContext.');
  let html = render.html.get(island.id);
  if (!html) {
    html = renderIsland(render, island);
    render.html.set(island.id, html);
  }
  return (
    <chakra.div
      display="contents"
      data-island={island.name}
      data-island-id={island.id}
      data-props={JSON.stringify(island.props)}
      data-notice={island.notice}
      // The island's own render, made above; the browser hydrates exactly this markup.
      dangerouslySetInnerHTML={{ __html: use(html) }}
    />
  );
}
