import { createContext, useContext } from 'react';

/**
 * Whether a link leads to the page being rendered (`aria-current="page"`). Components ask this
 * of each link instead of reading the path: the server's render of an island records each
 * question and its answer, and so knows for which other pages the same markup holds (the
 * navigation bar is one render for every page that none of its links lead to; see
 * src/render/island-memo.ts).
 */
export type IsCurrentPage = (href: string | undefined) => boolean;

/** Given by the server's renders (the page's, each island's). */
export const CurrentPageContext = createContext<IsCurrentPage | null>(null);

/** Outside a server render (an island hydrating in the browser): the browser's own address. */
const inBrowser: IsCurrentPage = (href) => typeof location !== 'undefined' && href === location.pathname;

export function useIsCurrentPage(): IsCurrentPage {
  return useContext(CurrentPageContext) ?? inBrowser;
}
