/** loadSite's stage that resolves each page's references to entries and runs the page's own checks. */
import type { Page } from '../../../src/generated/schema-types';
import { entryOf, namedEntries, resolvePage } from '../resolve-page';
import { didYouMean } from '../problems/did-you-mean';
import { problemAt } from '../problems/problem-at';
import { anchorsOf, pageProblems, pageWarnings } from '../checks/page-problems';
import { problem } from '../problems/catalog';
import { type SiteContext, titleAt } from './site-context';

/**
 * Resolves each page's references to entries (one that names no entry is a problem where it
 * is written), then runs the checks that need the entries themselves (a job the filters cannot
 * find). A page with no problem left loads; the warnings of every resolved page are kept.
 */
export function resolveReferences(site: SiteContext): void {
  const { entries } = site;
  for (const { doc, route, entry: madeFor } of site.pageDocs) {
    for (const ref of doc.refs) {
      if (entryOf(entries, ref)) continue;
      const ids = ref.collections.flatMap((collection) => [...(entries.get(collection)?.keys() ?? [])]);
      const title = titleAt(site, 'page.schema.json', doc.value, ref.path);
      doc.problems.push(problemAt(doc, ref.path, problem('unknownEntry', title, ref.id, ref.collections, didYouMean(ref.id, ids))));
    }
    if (doc.problems.length > 0) continue;
    const page = resolvePage(doc.value, doc.refs, entries, site.schemas) as Page;
    site.anchors.set(route, anchorsOf(page));
    const entryDoc = (collection: string, id: string) => {
      const entry = site.entryDocs.get(`${collection}/${id}`);
      return (
        entry && { doc: entry, title: (field: string) => titleAt(site, `collections/${collection}.schema.json`, entry.value, [field]) }
      );
    };
    const found = pageProblems(doc, page, entryDoc);
    // A problem in an entry's own file is the site's; the page still loads (the build refuses the site).
    site.problems.push(...found.filter((each) => each.file !== doc.file));
    doc.problems.push(...found.filter((each) => each.file === doc.file));
    if (doc.problems.length === 0) {
      const named = namedEntries(doc.value, doc.refs, entries, site.schemas).map((entry) => entry.file);
      const sources = [...new Set([doc.file, ...(madeFor ? [madeFor] : []), ...named])];
      site.pages.push({ loaded: { route, file: doc.file, page, sources }, doc });
    }
    site.warnings.push(...pageWarnings(doc, page));
  }
}
