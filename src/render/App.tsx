import { Router } from 'wouter';
import type { Page, Site } from '../generated/schema-types';
import { NotFound } from '../layout/NotFound';
import { NavigationOnly } from '../layout/SiteLayout';
import { BlockList } from './BlockList';
import { SiteContext } from '../ui/site-context';

/**
 * A route rendered as one root: with `only`, that one block of the page alone (the editor's
 * update of the block a person is typing in, marked when `preview`); a page of the
 * "navigationOnly" layout; or the not-found page when there is no page. A page in the site's
 * layout is rendered as its body and its frame instead (render-page-body.tsx, render-page-frame.tsx).
 */
export function App({
  site,
  route,
  page,
  preview = false,
  only,
}: {
  site: Site;
  route: string;
  page: Page | undefined;
  preview?: boolean;
  only?: number;
}) {
  return (
    <Router ssrPath={route}>
      <SiteContext.Provider value={site}>
        {page && only !== undefined ? (
          <BlockList blocks={page.blocks} marked={preview} only={only} />
        ) : page?.layout === 'navigationOnly' ? (
          <NavigationOnly title={page.heading ?? page.title} />
        ) : (
          <NotFound />
        )}
      </SiteContext.Provider>
    </Router>
  );
}
