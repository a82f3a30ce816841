import createCache from '@emotion/cache';
import { Router } from 'wouter';
import type { Site } from '../generated/schema-types';
import { SiteLayout } from '../layout/SiteLayout';
import { Providers } from '../runtime/Providers';
import { SiteContext } from '../ui/site-context';
import { addIslandStyles, IslandPrerender, type IslandRender } from './IslandPrerender';
import type { IslandMemo, RenderedIsland } from './island-memo';
import { prerenderHtml } from './prerender-html';
import { leadingHints } from './leading-hints';
import { PageContexts } from './PageContexts';
import { trackAddress } from './track-address';

/** Where the page's body goes in the frame's markup: once, inside <main>. */
const BODY_SLOT = '<!--page-body-->';

export interface RenderedFrame {
  /** The frame's markup before the body, and after it. */
  around: [before: string, after: string];
  /** Its Emotion rules (the global styles first), by id, and its class names' registered styles. */
  inserted: RenderedIsland['inserted'];
  registered: RenderedIsland['registered'];
  /** Resource hints for <head>: React's, ahead of the frame's markup and of its islands'. */
  hints: string[];
  /** Whether it read the day it was rendered for. */
  dated: boolean;
  errors: unknown[];
}

/** The frame's markup before the body's place, and after it. */
function around(html: string): [string, string] {
  const [before, after, ...more] = html.split(BODY_SLOT);
  if (after === undefined || more.length > 0) throw new Error('The page frame must hold the body’s place exactly once.');
  return [before ?? '', after];
}

/** A number for each site file a memo has seen: a frame kept for one site file never serves another. */
const siteNumbers = new WeakMap<Site, number>();
let sitesSeen = 0;
const memoKey = (site: Site): string => {
  let number = siteNumbers.get(site);
  if (number === undefined) {
    sitesSeen += 1;
    number = sitesSeen;
    siteNumbers.set(site, number);
  }
  return `page-frame ${number}`;
};

/**
 * Renders the frame of a page (skip link, navigation bar, footer, the dialogs' mount point)
 * around BODY_SLOT, as a root of its own with its own style cache. It is made of the site file
 * alone, and of which of its links lead to the page: `islandMemo` keeps it to serve every other
 * page for which those answers are the same (island-memo.ts), so a build renders it once for
 * the pages no menu links to and once for each page a menu does link to. `inline` is applied to
 * its markup.
 */
export async function renderPageFrame(
  site: Site,
  route: string,
  options: { today: string; islandMemo?: IslandMemo; inline?: (html: string) => string },
): Promise<RenderedFrame> {
  const key = memoKey(site);
  const kept = options.islandMemo?.find(key, route);
  if (kept)
    return { around: around(kept.html), inserted: kept.inserted, registered: kept.registered, hints: kept.hints, dated: false, errors: [] };
  const cache = createCache({ key: 'css' });
  // `compat` stops Emotion from writing <style> tags into the markup: the page's <head> takes them.
  cache.compat = true;
  const errors: unknown[] = [];
  const islands: IslandRender = { cache, route, errors, rendered: new Map(), head: new Set(), memo: options.islandMemo };
  const address = trackAddress(route);
  let dated = false;
  const readDay = (): void => {
    dated = true;
  };
  const rendered = await prerenderHtml(
    <Providers cache={cache} globals>
      <IslandPrerender value={islands}>
        <PageContexts today={options.today} readDay={readDay} isCurrent={address.isCurrent}>
          <Router hook={address.location} searchHook={address.search}>
            <SiteContext.Provider value={site}>
              <SiteLayout bodyHtml={BODY_SLOT} />
            </SiteContext.Provider>
          </Router>
        </PageContexts>
      </IslandPrerender>
    </Providers>,
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await addIslandStyles(islands);
  // What its islands asked of the address is what the frame asked.
  const { asked } = address;
  let readRoute = address.readRoute();
  for (const island of islands.rendered.values()) {
    const { asked: theirs, readRoute: theirRoute } = await island;
    asked.push(...theirs);
    readRoute ??= theirRoute;
  }
  const { hints, rest } = leadingHints(rendered);
  const html = (options.inline ?? ((markup: string) => markup))(rest);
  const frame: RenderedFrame = {
    around: around(html),
    inserted: cache.inserted,
    registered: cache.registered,
    hints: [...hints, ...islands.head],
    dated,
    errors,
  };
  // One that failed is rendered again for each page, and fails there too; one that read the day says so for each page.
  if (errors.length === 0 && !dated)
    options.islandMemo?.keep(key, { html, inserted: frame.inserted, registered: frame.registered, hints: frame.hints, asked, readRoute });
  return frame;
}
