import { chakra } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/react';
import { createContext, lazy, use, useContext, useId, type ComponentType, type ReactNode } from 'react';
import { Router } from 'wouter';
import { IslandFrame, idPrefixOf, type IslandFrameProps } from '../runtime/IslandFrame';
import { islandDefinitions } from '../generated/island-definitions';
import { Providers } from '../runtime/Providers';
import { prerenderHtml } from './prerender-html';
import type { IslandDefinition } from '../ui/define-island';
import { IslandRendererContext, type IslandRenderer } from '../ui/island';
import { useSite } from '../ui/site-context';

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

const IslandRenderContext = createContext<IslandRender | null>(null);

/**
 * Renders an island as a React root of its own, as the browser will hydrate it: `useId`
 * values depend on a component's place in the tree, so an island rendered inside the page
 * would get other ids than the same island hydrated alone. Styles go to the page's cache.
 */
async function renderIsland<P extends object>(render: IslandRender, island: IslandFrameProps<P>): Promise<string> {
  const html = await prerenderHtml(
    <Providers cache={render.cache}>
      <Router ssrPath={render.route}>
        <IslandFrame {...island} />
      </Router>
    </Providers>,
    {
      identifierPrefix: idPrefixOf(island.id),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void render.errors.push(error),
    },
  );
  // React starts a root's markup with preload links for its images. Inside the island they
  // would be markup the browser's hydration does not expect; in <head> they still help.
  const hints = html.match(/^(?:<link rel="preload"[^>]*\/>)+/)?.[0] ?? '';
  for (const hint of hints.match(/<link[^>]*\/>/g) ?? []) render.head.add(hint);
  return html.slice(hints.length);
}

/** Each island's component, loaded once: the prerenderer waits for it like for any lazy block. */
const components = new Map<string, ComponentType<never>>();

/** Loads every island's component before rendering, so that none suspends (see loadEveryBlock in BlockList.tsx). */
export async function loadEveryIsland(): Promise<void> {
  await Promise.all(
    islandDefinitions.map(async (island) => {
      components.set(island.name, (await (island as IslandDefinition<object>).load()).default as ComponentType<never>);
    }),
  );
}
function componentOf<P extends object>(island: IslandDefinition<P>): ComponentType<P> {
  let component = components.get(island.name);
  if (!component) {
    component = lazy(island.load) as ComponentType<never>;
    components.set(island.name, component);
  }
  return component as ComponentType<P>;
}

/**
 * An island in the page's markup: its own render inside a wrapper that carries its name and
 * id in data attributes (no inline script, so a strict Content-Security-Policy holds), and, for
 * one that React hydrates, its props. The browser brings it to life on its own once it is near
 * the viewport (src/client/island-runtime.ts); a script island reads what it needs from its markup.
 */
function PrerenderedIsland<P extends object>({ island, props }: { island: IslandDefinition<P>; props: P }) {
  // The page render is server-only, so its useId is a stable, unique name for the island.
  const id = `i${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const notice = useSite().labels.blockError;
  const render = useContext(IslandRenderContext);
  if (!render) throw new Error('Islands render only inside <IslandPrerender>.');
  let html = render.html.get(id);
  if (!html) {
    html = renderIsland(render, { name: island.name, id, component: componentOf(island), props, notice });
    render.html.set(id, html);
  }
  return (
    <chakra.div
      display="contents"
      data-island={island.name}
      data-island-id={id}
      data-props={island.script ? undefined : JSON.stringify(props)}
      data-notice={island.script ? undefined : notice}
      // The island's own render, made above; the browser hydrates exactly this markup.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup for the island, rendered a moment ago by prerender().
      dangerouslySetInnerHTML={{ __html: use(html) }}
    />
  );
}

const renderer: IslandRenderer = (island, props) => <PrerenderedIsland island={island} props={props} />;

/** Lets the components of one page render render their islands, each as a root of its own. */
export function IslandPrerender({ value, children }: { value: IslandRender; children: ReactNode }) {
  return (
    <IslandRenderContext.Provider value={value}>
      <IslandRendererContext.Provider value={renderer}>{children}</IslandRendererContext.Provider>
    </IslandRenderContext.Provider>
  );
}
