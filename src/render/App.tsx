import { Router } from 'wouter';
import type { Page, Site } from '../generated/schema-types';
import { NotFound } from '../layout/NotFound';
import { NavigationOnly, SiteLayout } from '../layout/SiteLayout';
import { BlockList } from './BlockList';
import { opensWithBanner } from '../ui/use-is-first-block';
import { SiteContext } from '../ui/site-context';

/**
 * One page in the site's layout, or the not-found page when there is none; `preview` marks its
 * blocks for the visual editor, and `only` renders one of them alone (the editor's update of
 * the block a person is typing in).
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
        {page && preview && only !== undefined ? (
          <BlockList blocks={page.blocks} marked only={only} />
        ) : page?.layout === 'navigationOnly' ? (
          <NavigationOnly title={page.heading ?? page.title} />
        ) : page ? (
          <SiteLayout title={page.heading ?? page.title} header={!opensWithBanner(page.blocks)} mark={page}>
            <BlockList blocks={page.blocks} marked={preview} />
          </SiteLayout>
        ) : (
          <NotFound />
        )}
      </SiteContext.Provider>
    </Router>
  );
}
