import { createContext, useContext } from 'react';

/**
 * A page opens with one header. When its first block is a banner, that banner is the header
 * (whatever its level) and holds the page's one top-level heading; the standard header with
 * the page's title is left out, so two dark bands are never stacked.
 */
export function opensWithBanner(blocks: readonly { type: unknown }[]): boolean {
  return blocks[0]?.type === 'banner';
}

/** True inside the block that is the page's header (its first block, when it is a banner). */
export const PageHeaderContext = createContext(false);

export function useIsPageHeader(): boolean {
  return useContext(PageHeaderContext);
}
