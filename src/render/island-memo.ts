/**
 * The build's memory of islands it has rendered: the navigation bar is the same markup on
 * nearly every page, and a block's island the same wherever its props are, so one render of
 * each serves every page of a prerendering thread where it would come out the same (half of a
 * page's render time was its islands).
 *
 * An island's markup depends on its definition, its id on the page, its props, the notice it
 * shows if it fails, and the page's address. The first four make the key. The address is
 * tracked: an island asks whether a link leads to the page (src/ui/use-is-current-page.ts), and each
 * answer is recorded with the markup; the markup serves another page whose answers are the same.
 * An island that reads the address itself (wouter's hooks) serves its own page only.
 */
import type { EmotionCache } from '@emotion/cache';

export interface RenderedIsland {
  html: string;
  /** Emotion's rules for it, by id, and its class names' registered styles (both as its cache held them). */
  inserted: EmotionCache['inserted'];
  registered: EmotionCache['registered'];
  /** Resource hints React put ahead of its markup. */
  hints: string[];
  /** Each link it asked about, with the answer for the page it was rendered for. */
  asked: [href: string, current: boolean][];
  /** The page it was rendered for, when it read the address itself: then it holds for that page alone. */
  readRoute: string | undefined;
}

/** Whether `island`, rendered for another page, is exactly what it would be on `route`. */
export const holdsFor = (island: RenderedIsland, route: string): boolean =>
  island.readRoute === undefined ? island.asked.every(([href, current]) => (href === route) === current) : island.readRoute === route;

export interface IslandMemo {
  find(key: string, route: string): RenderedIsland | undefined;
  keep(key: string, island: RenderedIsland): void;
}

/**
 * A memo of at most `keys` islands (the least recently used forgotten first), each with at most
 * `variants` renders for different answers (the navigation bar on each page it links to).
 */
export function createIslandMemo(keys = 256, variants = 64): IslandMemo {
  const kept = new Map<string, RenderedIsland[]>();
  return {
    find(key, route) {
      const list = kept.get(key);
      if (!list) return undefined;
      kept.delete(key);
      kept.set(key, list);
      return list.find((island) => holdsFor(island, route));
    },
    keep(key, island) {
      const list = kept.get(key) ?? [];
      if (list.length >= variants) list.shift();
      list.push(island);
      kept.delete(key);
      kept.set(key, list);
      if (kept.size > keys) kept.delete(kept.keys().next().value as string);
    },
  };
}
