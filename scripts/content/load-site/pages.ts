/**
 * loadSite's stages about pages: each page file and each page a template makes for an entry,
 * checked and given its route; then each page's references resolved and its own checks run,
 * and what two pages share noted.
 */
import type { Page } from '../../../src/generated/schema-types';
import { entryOf, fillTemplate, namedEntries, resolvePage } from '../resolve-page';
import { contentFileAt } from '../content-file';
import { didYouMean } from '../problems/did-you-mean';
import { fileProblem, problemAt } from '../problems/problem-at';
import { anchorsOf, pageProblems, pageWarnings } from '../checks/page-problems';
import { problem, type ProblemCode } from '../problems/catalog';
import { isWellFormedRoute, routeOfEntry } from '../route-of-file';
import type { LoadedPage } from '../load-site';
import { checkFile, display, type SiteContext, titleAt } from './site-context';

/** Problems of a file as a file, not of its values against a schema. */
const FILE_PROBLEMS = new Set<ProblemCode>([
  'emptyFile',
  'byteOrderMark',
  'curlyQuotes',
  'missingOpeningQuote',
  'syntax',
  'tooDeep',
  'duplicateKey',
  'behindVersion',
  'aheadVersion',
]);

/** Gives `route` to `file`, unless another file has it already: then that is the problem, and the page is left out. */
function claimRoute(site: SiteContext, route: string, file: string): boolean {
  const owner = site.routeOwners.get(route);
  if (owner) {
    site.problems.push(fileProblem(file, problem('duplicateRoute', route, owner)));
    return false;
  }
  site.routeOwners.set(route, file);
  return true;
}

/** A page file: its route well formed and its own, then checked. */
function readPage(site: SiteContext, path: string, route: string): void {
  const file = display(site, path);
  if (!isWellFormedRoute(route)) {
    site.problems.push(fileProblem(file, problem('badFileName', file)));
    return;
  }
  if (!claimRoute(site, route, file)) return;
  const doc = checkFile(site, path, 'page.schema.json');
  site.checked.push({ doc, rootKey: 'page.schema.json' });
  site.pageDocs.push({ doc, route });
}

/**
 * A template: checked as a file, then filled in for each entry of its collection, which is
 * checked as a page at the template's route for it (and so learns its href).
 */
function readTemplate(site: SiteContext, path: string, pattern: string, collection: string): void {
  const file = display(site, path);
  const doc = checkFile(site, path, 'page.schema.json');
  // The template's own problems are those of the file (syntax, version, "$schema"); the schema's
  // rules apply once it is filled in for an entry ("{pageDescription}" is no description yet).
  doc.problems = doc.problems.filter((found) => FILE_PROBLEMS.has(found.code) || found.path === '$schema');
  if (doc.problems.length > 0) {
    site.checked.push({ doc, rootKey: 'page.schema.json' });
    return;
  }
  const entries = site.entries.get(collection);
  if (!entries) {
    const known = [...site.entries.keys()];
    site.problems.push(problemAt(doc, [], problem('unknownCollection', collection, known, didYouMean(collection, known))));
    return;
  }
  for (const entry of entries.values()) {
    const route = routeOfEntry(pattern, entry.id);
    entry.href = route;
    const filled = fillTemplate(doc.parsed.value, entry);
    const pageDoc = site.validator.checkValue('page.schema.json', file, doc.parsed, filled.value);
    const fields = Object.keys(entry.value);
    for (const { path: at, name } of filled.unknown)
      pageDoc.problems.push(problemAt(pageDoc, at, problem('unknownPlaceholder', name, fields, didYouMean(name, fields))));
    if (!claimRoute(site, route, `${file} (for ${entry.file})`)) continue;
    site.checked.push({ doc: pageDoc, rootKey: 'page.schema.json' });
    site.pageDocs.push({ doc: pageDoc, route, entry: entry.file });
  }
}

/** Reads the pages, and the pages each template makes for the entries of its collection, in the order of their files. */
export function readPages(site: SiteContext): void {
  for (const path of site.jsonPaths) {
    const content = contentFileAt(site.pagesDir, path);
    if (content?.kind === 'template') readTemplate(site, path, content.route, content.collection);
    else if (content?.kind === 'page') readPage(site, path, content.route);
  }
}

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

/**
 * Two pages with the same title or description compete in search results: worth a look, at
 * the second. A page kept out of search results competes with none.
 */
export function warnSameTexts(site: SiteContext): void {
  for (const field of ['title', 'description'] as const) {
    const seen = new Map<string, LoadedPage>();
    for (const { loaded, doc } of site.pages) {
      if (loaded.page.hiddenFromSearch) continue;
      const first = seen.get(loaded.page[field]);
      if (!first) seen.set(loaded.page[field], loaded);
      else site.warnings.push(problemAt(doc, [field], problem('samePageText', field, first.route)));
    }
  }
}
