/** loadSite's last stage: what two pages share that search results would confuse. */
import { problemAt } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import type { LoadedPage } from '../load-site';
import type { SiteContext } from './site-context';

/**
 * Two pages with the same title or description compete in search results: worth a look, at
 * the second. A page kept out of search results competes with none.
 */
export function warnSameTexts(site: SiteContext): void {
  for (const field of ['title', 'description'] as const) {
    const seen = new Map<string, LoadedPage>();
    for (const { loaded, doc } of site.pages) {
      const summary = loaded.summary ?? loaded.page;
      if (summary.hiddenFromSearch) continue;
      const first = seen.get(summary[field]);
      if (!first) seen.set(summary[field], loaded);
      else site.warnings.push(problemAt(doc, [field], problem('samePageText', field, first.route)));
    }
  }
}
