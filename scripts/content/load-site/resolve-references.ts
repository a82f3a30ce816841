/** loadSite's stage that resolves each page's references to entries and runs the page's own checks. */
import { createHash } from 'node:crypto';
import type { Page } from '../../../src/generated/schema-types';
import { entryOf, namedEntries, resolvePage } from '../resolve-page';
import { didYouMean } from '../problems/did-you-mean';
import { type Problem, problemAt } from '../problems/problem-at';
import { anchorsOf, pageProblems, pageWarnings } from '../checks/page-problems';
import { problem } from '../problems/catalog';
import { type PageSummary, pageHashOf, type LoadedPage } from '../load-site';
import type { CheckedDocument } from '../checks/create-validator';
import { type SiteContext, titleAt } from './site-context';

/**
 * What resolving one page learned that the checks spanning files and the build need, kept by
 * the check cache under the page's document and everything else it was resolved from: a page
 * among 10,000 that did not change is neither parsed nor resolved again.
 */
interface PageFacts {
  anchors: string[];
  problems: Problem[];
  warnings: Problem[];
  /** The entries' files it names (namedEntries). */
  named: string[];
  summary: PageSummary;
  hash: string;
}

/**
 * The entries as resolving a page reads them: each entry's check (its key, which changes with
 * its text) and its address. A page is resolved again when any entry changes.
 */
function entriesKey(site: SiteContext): string {
  const hash = createHash('sha256');
  const cache = site.options.checkCache;
  for (const [collection, entries] of site.entries)
    for (const [id, entry] of entries) {
      const doc = site.entryDocs.get(`${collection}/${id}`);
      hash.update(`${collection}/${id}\0${(doc && cache?.keyOf(doc)) ?? JSON.stringify(entry.value)}\0${entry.href ?? ''}\0`);
    }
  return hash.digest('hex');
}

/** The facts of one page, resolved now (`page`). */
function factsOf(site: SiteContext, doc: CheckedDocument, route: string, page: Page): PageFacts {
  const { entries } = site;
  const entryDoc = (collection: string, id: string) => {
    const entry = site.entryDocs.get(`${collection}/${id}`);
    return entry && { doc: entry, title: (field: string) => titleAt(site, `collections/${collection}.schema.json`, entry.value, [field]) };
  };
  const { title, description, hiddenFromSearch } = page;
  return {
    anchors: anchorsOf(page),
    problems: pageProblems(doc, page, entryDoc),
    warnings: pageWarnings(doc, page),
    named: namedEntries(doc.value, doc.refs, entries, site.schemas).map((entry) => entry.file),
    summary: { title, description, hiddenFromSearch },
    hash: pageHashOf(route, page),
  };
}

/** A loaded page whose value is resolved when first read. */
export function lazyPage(
  route: string,
  file: string,
  sources: string[],
  facts: Pick<PageFacts, 'summary' | 'hash'>,
  resolve: () => Page,
): LoadedPage {
  let page: Page | undefined;
  // Known without the page: summary and hash are left out of what is compared or sent (they follow from it).
  return Object.defineProperties({ route, file } as LoadedPage, {
    page: {
      get: () => {
        page ??= resolve();
        return page;
      },
      enumerable: true,
    },
    sources: { value: sources, enumerable: true, writable: true, configurable: true },
    summary: { value: facts.summary },
    hash: { value: facts.hash },
  });
}

/**
 * Resolves each page's references to entries (one that names no entry is a problem where it
 * is written), then runs the checks that need the entries themselves (a job the filters cannot
 * find). A page with no problem left loads; the warnings of every resolved page are kept.
 */
export function resolveReferences(site: SiteContext): void {
  const { entries } = site;
  const cache = site.options.checkCache;
  const entriesNow = cache ? entriesKey(site) : '';
  for (const { doc, route, entry: madeFor } of site.pageDocs) {
    for (const ref of doc.refs) {
      if (entryOf(entries, ref)) continue;
      const ids = ref.collections.flatMap((collection) => [...(entries.get(collection)?.keys() ?? [])]);
      const title = titleAt(site, 'page.schema.json', doc.value, ref.path);
      doc.problems.push(problemAt(doc, ref.path, problem('unknownEntry', title, ref.id, ref.collections, didYouMean(ref.id, ids))));
    }
    if (doc.problems.length > 0) continue;
    const resolve = () => resolvePage(doc.value, doc.refs, entries, site.schemas) as Page;
    const key = cache?.keyOf(doc);
    const parts = key && ['page', key, route, madeFor ?? '', entriesNow];
    const recalled = parts ? (cache?.recall(parts) as PageFacts | undefined) : undefined;
    let facts =
      recalled && [recalled.anchors, recalled.problems, recalled.warnings, recalled.named].every(Array.isArray) ? recalled : undefined;
    let resolved: Page | undefined;
    if (!facts) {
      resolved = resolve();
      facts = factsOf(site, doc, route, resolved);
      if (parts) cache?.remember(parts, facts);
    }
    site.anchors.set(route, facts.anchors);
    // A problem in an entry's own file is the site's; the page still loads (the build refuses the site).
    site.problems.push(...facts.problems.filter((each) => each.file !== doc.file));
    doc.problems.push(...facts.problems.filter((each) => each.file === doc.file));
    if (doc.problems.length === 0) {
      const sources = [...new Set([doc.file, ...(madeFor ? [madeFor] : []), ...facts.named])];
      const page = resolved;
      site.pages.push({ loaded: lazyPage(route, doc.file, sources, facts, () => page ?? resolve()), doc });
    }
    site.warnings.push(...facts.warnings);
  }
}
