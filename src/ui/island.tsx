import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * One interactive part of the site: prerendered like everything else, then hydrated in the
 * browser by a React root of its own. Everything that is not an island is static HTML and
 * costs the visitor no JavaScript. Each island has one definition, in a `definition.ts`
 * beside its component; `npm run gen` collects them into src/generated/islands.ts.
 */
export interface IslandDefinition<P extends object = never> {
  /** The island's name in the page's `data-island` attribute, unique across the site. */
  name: string;
  /** Loads the component the browser hydrates (a chunk of its own in the client build). */
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Fetched with the page because it is at the top of every page it is on; otherwise fetched when it nears the viewport. */
  preload: boolean;
}

/** Declares an island; the object is its one definition, and what static components name it by. */
export function defineIsland<P extends object>(definition: IslandDefinition<P>): IslandDefinition<P> {
  return definition;
}

/** How the page's render turns an island into markup: the server renderer provides it. */
export type IslandRenderer = <P extends object>(island: IslandDefinition<P>, props: P) => ReactNode;

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/**
 * An island inside a static component (the banner's video, the layout's navigation bar),
 * named by its definition, never by a string. Only the page render on the server ever
 * renders it: the browser hydrates the island itself, not the component around it.
 */
export function Island<P extends object>({ of, props }: { of: IslandDefinition<P>; props: P }) {
  const render = useContext(IslandRendererContext);
  if (!render)
    throw new Error(`<Island of={${of.name}}> renders only inside the server's page render, which provides IslandRendererContext.`);
  return render(of, props);
}
