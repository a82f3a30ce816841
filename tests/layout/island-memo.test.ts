/**
 * The build keeps each island it renders to serve the next pages where it comes out the same
 * (src/render/island-memo.ts): every page of the site, rendered in turn with one memo, is the
 * page rendered alone, byte for byte, and the navigation bar marks the current page on each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site';
import { createIslandMemo, holdsFor, type IslandMemo, type RenderedIsland } from '../../src/render/island-memo';
import { loadEveryComponent, renderRoute } from '../../src/render/entry-render';
import { root } from '../helpers/project';

const { site, pages } = loadSite(root);
const TODAY = '2026-11-27';
const tokenStylesheet = (): string => '/assets/tokens.css';
// As the build does: no block suspends, so a page's styles come in the order of its markup.
beforeAll(loadEveryComponent);

const island = (asked: RenderedIsland['asked'], readRoute?: string): RenderedIsland => ({
  html: '<nav></nav>',
  inserted: {},
  registered: {},
  hints: [],
  asked,
  readRoute,
});

describe('an island kept from another page', () => {
  it('serves a page only where each link it asked about is current, or not, as it was', () => {
    const nav = island([
      ['/', false],
      ['/about', false],
    ]);
    expect(holdsFor(nav, '/careers')).toBe(true);
    expect(holdsFor(nav, '/about')).toBe(false);
    expect(holdsFor(nav, '/')).toBe(false);
    const onAbout = island([
      ['/', false],
      ['/about', true],
    ]);
    expect(holdsFor(onAbout, '/about')).toBe(true);
    expect(holdsFor(onAbout, '/careers')).toBe(false);
    // One that read the address itself serves its own page only.
    expect(holdsFor(island([], '/about'), '/about')).toBe(true);
    expect(holdsFor(island([], '/about'), '/careers')).toBe(false);
  });

  it('keeps a variant per set of answers, and forgets the least recently used key first', () => {
    const memo = createIslandMemo(2, 2);
    const plain = island([['/about', false]]);
    const onAbout = island([['/about', true]]);
    memo.keep('nav', plain);
    memo.keep('nav', onAbout);
    expect(memo.find('nav', '/careers')).toBe(plain);
    expect(memo.find('nav', '/about')).toBe(onAbout);
    memo.keep('ticker', island([]));
    memo.find('nav', '/careers');
    memo.keep('carousel', island([]));
    // "ticker" was used least recently of the three.
    expect(memo.find('ticker', '/')).toBeUndefined();
    expect(memo.find('nav', '/careers')).toBe(plain);
    expect(memo.find('carousel', '/')).toBeDefined();
  });

  it('leaves every page of the site exactly as it is rendered alone', async () => {
    if (!site) throw new Error('The site does not load.');
    const kept = createIslandMemo();
    let served = 0;
    const memo: IslandMemo = {
      find: (key, route) => {
        const found = kept.find(key, route);
        if (found) served++;
        return found;
      },
      keep: kept.keep,
    };
    // The site's pages in turn, then again in the other order: each is served by renders made for others.
    for (const { route, page } of [...pages, ...[...pages].reverse()]) {
      const alone = await renderRoute(site, route, page, { tokenStylesheet, today: TODAY });
      const withMemo = await renderRoute(site, route, page, { tokenStylesheet, today: TODAY, islandMemo: memo });
      expect(withMemo.errors).toEqual([]);
      expect(withMemo.body, route).toBe(alone.body);
      expect(withMemo.styles, route).toBe(alone.styles);
      expect(withMemo.islands, route).toEqual(alone.islands);
    }
    // The navigation bar alone is on every page: most were served renders made for others.
    expect(served).toBeGreaterThan(pages.length);
  });

  it('marks the link to the page being rendered as current in the navigation bar, and no other', async () => {
    if (!site) throw new Error('The site does not load.');
    const memo = createIslandMemo();
    const current = async (route: string): Promise<string[]> => {
      const page = pages.find((loaded) => loaded.route === route)?.page;
      const { body } = await renderRoute(site, route, page, { tokenStylesheet, today: TODAY, islandMemo: memo });
      const bar = body.slice(0, body.indexOf('id="content"'));
      return [...bar.matchAll(/<a [^>]*href="([^"]+)"[^>]*aria-current="page"/g)].map(([, href]) => href ?? '');
    };
    const linked = site.nav.items.flatMap((item) => [
      item.href,
      ...(item.groups ?? []).flatMap((group) => group.links.map((link) => link.href)),
    ]);
    const notLinked = pages.map(({ route }) => route).find((route) => !linked.includes(route) && route !== '/');
    const careers = linked.find((href) => href && pages.some(({ route }) => route === href)) ?? '';
    expect(notLinked).toBeDefined();
    expect(await current(notLinked ?? '')).toEqual([]);
    // The desktop menu and the phone menu each mark it.
    expect(await current(careers)).toEqual([careers, careers]);
    expect(await current(notLinked ?? '')).toEqual([]);
    expect(await current('/')).toEqual(['/']);
  });
});
