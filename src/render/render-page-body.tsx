import createCache from '@emotion/cache';
import { Router } from 'wouter';
import type { Page, Site } from '../generated/schema-types';
import { PageHeader } from '../layout/PageHeader';
import { Providers } from '../runtime/Providers';
import { opensWithBanner } from '../ui/use-is-first-block';
import { SiteContext } from '../ui/site-context';
import { BlockList } from './BlockList';
import { type BodyRule, bodyRules } from './body-rules';
import { addIslandStyles, IslandPrerender, type IslandRender } from './IslandPrerender';
import type { IslandMemo } from './island-memo';
import { prerenderHtml } from './prerender-html';
import { leadingHints } from './leading-hints';
import { PageContexts } from './PageContexts';

/** The ids React gives inside a page's body start with this, apart from those of the frame around it. */
const BODY_ID_PREFIX = 'p-';

export interface RenderedBody {
  /** The markup that goes inside the page's <main>: its header (unless a banner opens it) and its blocks. */
  html: string;
  /** Its CSS, in the order body-rules.ts gives. */
  rules: BodyRule[];
  /** Resource hints for <head>: React's, ahead of the body's markup and of its islands'. */
  hints: string[];
  /** The fields of the site file it read ("footer", "labels.blockError"): only a change to one of them changes it. */
  reads: string[];
  /** Whether it read the day it was rendered for. */
  dated: boolean;
  errors: unknown[];
}

/** The fields of the site file whose own fields are told apart: a body reads a few of its labels, and a change to another keeps it. */
const SPLIT = new Set(['labels']);

/** The site file, telling `read` each field read from it ("footer"), or each field of a field in SPLIT ("labels.blockError"). */
function tracked(site: Site, read: Set<string>): Site {
  const fieldsOf = (value: object, path: string): object =>
    new Proxy(value, {
      get(target, field, receiver) {
        if (typeof field === 'string') read.add(`${path}.${field}`);
        return Reflect.get(target, field, receiver);
      },
    });
  return new Proxy(site, {
    get(target, field, receiver) {
      const value: unknown = Reflect.get(target, field, receiver);
      if (typeof field !== 'string') return value;
      if (SPLIT.has(field) && typeof value === 'object' && value !== null) return fieldsOf(value, field);
      read.add(field);
      return value;
    },
  });
}

/**
 * Renders a page's body as a React root of its own, with its own style cache, as islands are
 * (IslandPrerender.tsx): what it is depends only on the page, the day when it reads it, and the
 * fields of the site file it reads, which it names. A change to the menus or the footer leaves
 * it as it is, so the build can keep it from the last build (scripts/build/render/kept-body.ts)
 * and render only the frame around it (render-page-frame.tsx). `inline` is applied to its markup
 * (the build writes small pictures into it).
 */
export async function renderPageBody(
  site: Site,
  route: string,
  page: Page,
  options: { preview?: boolean; today: string; islandMemo?: IslandMemo; inline?: (html: string) => string },
): Promise<RenderedBody> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const islands: IslandRender = { cache, route, errors, rendered: new Map(), head: new Set(), memo: options.islandMemo };
  const reads = new Set<string>();
  let dated = false;
  const readDay = (): void => {
    dated = true;
  };
  const rendered = await prerenderHtml(
    <Providers cache={cache}>
      <IslandPrerender value={islands}>
        <PageContexts today={options.today} readDay={readDay} isCurrent={(href) => href === route}>
          <Router ssrPath={route}>
            <SiteContext.Provider value={tracked(site, reads)}>
              {opensWithBanner(page.blocks) ? null : (
                <PageHeader title={page.heading ?? page.title} technology={page.technology} icon={page.icon} />
              )}
              <BlockList blocks={page.blocks} marked={options.preview} />
            </SiteContext.Provider>
          </Router>
        </PageContexts>
      </IslandPrerender>
    </Providers>,
    {
      onError: (error) => void errors.push(error),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      identifierPrefix: BODY_ID_PREFIX,
    },
  );
  await addIslandStyles(islands);
  // React's preload links for its pictures go to <head>, as an island's do.
  const { hints, rest } = leadingHints(rendered);
  const html = (options.inline ?? ((markup: string) => markup))(rest);
  const { inserted, registered } = cache;
  const ruleOf = (id: string): [string, string | null] | undefined => {
    const css = inserted[id];
    return typeof css === 'string' ? [css, registered[`css-${id}`] ?? null] : undefined;
  };
  const unnamed = Object.keys(inserted).filter((id) => typeof inserted[id] === 'string' && registered[`css-${id}`] === undefined);
  return {
    html,
    rules: bodyRules(html, ruleOf, unnamed),
    hints: [...hints, ...islands.head],
    reads: [...reads].sort(),
    dated,
    errors,
  };
}
