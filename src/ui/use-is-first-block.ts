import { createContext, useContext } from 'react';

/**
 * A page opens with one header. When its first block is a banner, that banner is the header
 * (whatever its level) and holds the page's one top-level heading; the standard header with
 * the page's title is left out, so two dark bands are never stacked.
 */
export function opensWithBanner(blocks: readonly { type: unknown }[]): boolean {
  return blocks[0]?.type === 'banner';
}

/**
 * True inside the page's first block: a banner there is the page's header, and a picture
 * there is seen at once, so it is fetched at once rather than lazily.
 */
export const FirstBlockContext = createContext(false);

export function useIsFirstBlock(): boolean {
  return useContext(FirstBlockContext);
}
