import { createContext, useContext, type ReactNode } from 'react';
import type { IslandDefinition } from './define-island';

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
