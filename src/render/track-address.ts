import type { RenderedIsland } from './island-memo';

/**
 * What a root rendered for `route` asks of the page's address, recorded as island-memo.ts needs
 * it: `isCurrent` answers whether a link leads to the page (src/ui/use-is-current-page.ts) and
 * records each answer; `location` and `search` are wouter's hooks, and a root that calls them
 * holds for this page only (`readRoute`).
 */
export function trackAddress(route: string) {
  const asked: RenderedIsland['asked'] = [];
  let read: string | undefined;
  return {
    asked,
    readRoute: (): string | undefined => read,
    isCurrent: (href: string | undefined): boolean => {
      if (href === undefined) return false;
      asked.push([href, href === route]);
      return href === route;
    },
    location: (): [string, () => void] => {
      read = route;
      return [route, () => undefined];
    },
    search: (): string => {
      read = route;
      return '';
    },
  };
}
