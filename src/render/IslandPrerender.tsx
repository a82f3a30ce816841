import { chakra } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/react';
import { createContext, lazy, use, useContext, useId, type ComponentType, type ReactNode } from 'react';
import { Router } from 'wouter';
import { IslandFrame, idPrefixOf, type IslandFrameProps } from '../runtime/IslandFrame';
import { islandDefinitions } from '../generated/island-definitions';
import { Providers } from '../runtime/Providers';
import { prerenderHtml } from './prerender-html';
import { leadingHints } from './leading-hints';
import { trackAddress } from './track-address';
import type { IslandMemo, RenderedIsland } from './island-memo';
import { CurrentPageContext } from '../ui/use-is-current-page';
import type { IslandDefinition } from '../ui/define-island';
import { IslandRendererContext, type IslandRenderer } from '../ui/island';
import { useSite } from '../ui/site-context';

/** Per-render state shared by the islands of one page: the style cache, errors, rendered islands. */
export interface IslandRender {
  cache: EmotionCache;
  /** The page's path, for islands that read the location (the browser has its own). */
  route: string;
  errors: unknown[];
  /** Each island's render, by id, in the order the page first came to them. */
  rendered: Map<string, Promise<RenderedIsland>>;
  /** Resource hints React emits ahead of an island's markup, moved to the page's <head>. */
  head: Set<string>;
  /** Islands rendered for other pages, which serve this one where they would come out the same (the build's). */
  memo?: IslandMemo;
}

const IslandRenderContext = createContext<IslandRender | null>(null);

/**
 * Renders an island as a React root of its own, as the browser will hydrate it: `useId`
 * values depend on a component's place in the tree, so an island rendered inside the page
 * would get other ids than the same island hydrated alone. Its styles go to a cache of its
 * own, which the page takes them from (addIslandStyles); what it asks of the page's address
 * is recorded (island-memo.ts).
 */
async function renderIsland<P extends object>(render: IslandRender, island: IslandFrameProps<P>): Promise<RenderedIsland> {
  const { route } = render;
  const cache = createCache({ key: render.cache.key });
  cache.compat = true;
  // wouter's hooks read the address through these: an island that does holds for this page only.
  const address = trackAddress(route);
  const errors: unknown[] = [];
  const html = await prerenderHtml(
    <Providers cache={cache}>
      <Router hook={address.location} searchHook={address.search}>
        <CurrentPageContext.Provider value={address.isCurrent}>
          <IslandFrame {...island} />
        </CurrentPageContext.Provider>
      </Router>
    </Providers>,
    {
      identifierPrefix: idPrefixOf(island.id),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
    },
  );
  render.errors.push(...errors);
  const { hints, rest } = leadingHints(html);
  const rendered: RenderedIsland = {
    html: rest,
    inserted: cache.inserted,
    registered: cache.registered,
    hints,
    asked: address.asked,
    readRoute: address.readRoute(),
  };
  // One that failed is rendered again wherever it is, and fails there too.
  if (errors.length === 0) render.memo?.keep(memoKey(island), rendered);
  return rendered;
}

/** What an island's markup depends on besides the page's address. */
const memoKey = <P extends object>({ name, id, props, notice }: IslandFrameProps<P>): string => JSON.stringify([name, id, notice, props]);

/** The island's render for this page: one kept from another page where it holds, or a new one. */
function islandFor<P extends object>(render: IslandRender, island: IslandFrameProps<P>): Promise<RenderedIsland> {
  const kept = render.memo?.find(memoKey(island), render.route);
  return kept ? Promise.resolve(kept) : renderIsland(render, island);
}

/**
 * Puts the islands' styles and resource hints into the page's cache and head, once its render
 * is done: in the order the page came to the islands, so the page's CSS is the same whether an
 * island was rendered for it or kept from another page.
 */
export async function addIslandStyles(render: IslandRender): Promise<void> {
  for (const rendered of render.rendered.values()) {
    const { inserted, registered, hints } = await rendered;
    for (const [id, rule] of Object.entries(inserted)) if (!(id in render.cache.inserted)) render.cache.inserted[id] = rule;
    for (const [name, styles] of Object.entries(registered)) render.cache.registered[name] ??= styles;
    for (const hint of hints) render.head.add(hint);
  }
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
 * the viewport (src/client/start-islands.ts); a script island reads what it needs from its markup.
 */
function PrerenderedIsland<P extends object>({ island, props }: { island: IslandDefinition<P>; props: P }) {
  // The page render is server-only, so its useId is a stable, unique name for the island.
  const id = `i${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const notice = useSite().labels.blockError;
  const render = useContext(IslandRenderContext);
  if (!render) throw new Error('Islands render only inside <IslandPrerender>.');
  let rendered = render.rendered.get(id);
  if (!rendered) {
    rendered = islandFor(render, { name: island.name, id, component: componentOf(island), props, notice });
    render.rendered.set(id, rendered);
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
      dangerouslySetInnerHTML={{ __html: use(rendered).html }}
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
