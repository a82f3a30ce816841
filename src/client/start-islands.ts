/**
 * Brings the page's islands to life, each as it nears the viewport (those whose definition says
 * `preload`, at the top of every page they are on, at once). An island with a script of its own
 * runs it: no framework loads for it. Only an island that React hydrates loads the client entry
 * (React, the style system), and only when the first such island nears the viewport: a page
 * whose islands all have scripts never loads React.
 */
import { islands, type IslandName } from '../generated/islands';
import { logger } from '../ui/logger';

type ReactClient = typeof import('./hydrate-island');
let reactClient: Promise<ReactClient> | undefined;
let loadedReactClient: ReactClient | undefined;

/** Every island already watched or started: the editor's preview may ask twice for the same page. */
const seen = new WeakSet<HTMLElement>();
/** What each running script island left to undo (listeners outside its markup). */
const undo = new Map<HTMLElement, () => void>();

async function start(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  if (!Object.hasOwn(islands, name))
    return logger.error(`No island named "${name}": islands are declared by definition.ts files (npm run gen lists them).`);
  const island = islands[name as IslandName];
  if (island.kind === 'react') {
    reactClient ??= import('./hydrate-island').then((module) => {
      loadedReactClient = module;
      return module;
    });
    return (await reactClient).hydrateIsland(element);
  }
  const { default: script } = await island.load();
  if (!element.isConnected) return;
  try {
    const stop = script(element);
    if (stop) undo.set(element, stop);
    element.setAttribute('data-hydrated', '');
  } catch (error) {
    logger.error(`The script of island "${name}" failed; its markup stays as the server wrote it`, error);
  }
}

/**
 * An island's wrapper has `display: contents` and so no box of its own: its first drawn element
 * is what gets observed. Each island starts in a task of its own, so the main thread is never
 * blocked for long, and islands far down the page cost nothing until the visitor scrolls.
 */
const islandOf = new WeakMap<Element, HTMLElement>();
const NOT_DRAWN = new Set(['STYLE', 'LINK', 'SCRIPT', 'TEMPLATE']);
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const island = islandOf.get(entry.target);
      if (!entry.isIntersecting || !island) continue;
      observer.unobserve(entry.target);
      setTimeout(() => void start(island), 0);
    }
  },
  { rootMargin: '200px' },
);

const preloaded = (element: HTMLElement): boolean => {
  const name = element.dataset.island ?? '';
  return Object.hasOwn(islands, name) && islands[name as IslandName].preload;
};

/** Watches every island under `root` and starts each as it nears the viewport (a preloaded one at once). */
export function startIslands(root: ParentNode = document): void {
  for (const island of root.querySelectorAll<HTMLElement>('[data-island]')) {
    if (seen.has(island)) continue;
    seen.add(island);
    if (preloaded(island)) {
      void start(island);
      continue;
    }
    // The first element that is drawn: a style tag the server put first (the development
    // server's Emotion writes its rules inline) has no box, and would never come into view.
    const target = [...island.children].find((child) => !NOT_DRAWN.has(child.tagName)) ?? island;
    islandOf.set(target, island);
    observer.observe(target);
  }
}

/**
 * Stops the islands inside `within` (every island, and stops watching, without it): the
 * editor's preview does this before it puts a new render of a block or a page in place.
 */
export function stopIslands(within?: Node): void {
  if (!within) observer.disconnect();
  for (const [element, stop] of undo) {
    if (within && !within.contains(element)) continue;
    stop();
    undo.delete(element);
  }
  loadedReactClient?.unmountIslands(within);
}
