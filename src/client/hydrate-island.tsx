import { useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands, type IslandName } from '../generated/islands';
import { IslandFrame, idPrefixOf } from '../runtime/IslandFrame';
import { pageStyleCache } from '../runtime/page-style-cache';
import { Providers, prepareStyles } from '../runtime/Providers';
import { logger } from '../ui/logger';

const cache = pageStyleCache();

/** Marks an island once React has hydrated its block (and the block's effects have run): tests and tools wait for it. */
function MarkHydrated({ element }: { element: HTMLElement }) {
  useEffect(() => element.setAttribute('data-hydrated', ''), [element]);
  return null;
}

// Building the style system is the costliest step of starting: a task of its own, after
// this module's, so that neither holds the main thread for long.
const stylesReady = new Promise<void>((resolve) => setTimeout(() => resolve(void prepareStyles()), 0));

/** The React root of every island hydrated so far, so the editor's preview can replace the page under them. */
const roots = new Map<HTMLElement, Root>();
/** Islands unmounted by the editor's preview, whose hydration may still report being cut short. */
const discarded = new WeakSet<HTMLElement>();

/** Hydrates one island with React (src/client/start-islands.ts calls it as the island nears the viewport). */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  if (!Object.hasOwn(islands, name))
    return logger.error(`No island named "${name}": islands are declared by definition.ts files (npm run gen lists them).`);
  const island = islands[name as IslandName];
  if (island.kind !== 'react') return logger.error(`Island "${name}" runs a script of its own; React does not hydrate it.`);
  const [{ default: component }] = await Promise.all([island.load(), stylesReady]);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  if (!element.isConnected) return;
  const root = hydrateRoot(
    element,
    <Providers cache={cache}>
      <IslandFrame
        name={name}
        id={element.dataset.islandId ?? ''}
        component={component as never}
        props={props}
        notice={element.dataset.notice ?? ''}
        after={<MarkHydrated element={element} />}
      />
    </Providers>,
    {
      identifierPrefix: idPrefixOf(element.dataset.islandId ?? ''),
      // An island the editor's preview discarded mid-hydration reports that; nothing went wrong.
      onRecoverableError: (error) => discarded.has(element) || logger.error(`Hydration of island "${name}" recovered from an error`, error),
    },
  );
  roots.set(element, root);
}

/**
 * Unmounts the React islands inside `within` (every one, without it): the editor's preview does
 * this before it puts a new render of a block or a page in place.
 */
export function unmountIslands(within?: Node): void {
  for (const [element, root] of roots) {
    if (within && !within.contains(element)) continue;
    discarded.add(element);
    root.unmount();
    roots.delete(element);
  }
}
