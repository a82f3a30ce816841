/**
 * loadSite's stage that reads the pages: each page file and each page a template makes for an
 * entry, checked and given its route.
 */
import { fillTemplate } from '../resolve-page';
import { contentFileAt } from '../content-file';
import { didYouMean } from '../problems/did-you-mean';
import { fileProblem, problemAt } from '../problems/problem-at';
import { problem, type ProblemCode } from '../problems/catalog';
import { isWellFormedRoute, routeOfEntry } from '../route-of-file';
import { checkFile, display, type SiteContext } from './site-context';

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
    // Its value as checked, the schema's defaults in it (a kept check's parse would have none).
    const filled = fillTemplate(doc.value, entry);
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
