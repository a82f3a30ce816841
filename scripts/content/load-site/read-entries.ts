/**
 * loadSite's stage that reads the collections: each entry read and checked against its
 * collection's schema (pages/_collections/<collection>/<id>.json, the file name its id).
 */
import { ID } from '../resolve-page';
import { contentFileAt } from '../content-file';
import { didYouMean } from '../problems/did-you-mean';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { checkFile, display, type SiteContext } from './site-context';

/**
 * Reads every entry of a collection whose schema exists and whose file name is an id; those
 * that check cleanly become the site's entries, which pages and templates then use.
 */
export function readEntries(site: SiteContext): void {
  for (const path of site.jsonPaths) {
    const content = contentFileAt(site.pagesDir, path);
    if (content?.kind !== 'entry') continue;
    const { schema: rootKey, collection, id } = content;
    const file = display(site, path);
    if (!site.schemas.has(rootKey)) {
      const known = [...site.schemas.keys()]
        .filter((key) => key.startsWith('collections/'))
        .map((key) => key.slice('collections/'.length, -'.schema.json'.length));
      site.problems.push(fileProblem(file, problem('unknownCollection', collection, known, didYouMean(collection, known))));
      continue;
    }
    if (!ID.test(id)) {
      site.problems.push(fileProblem(file, problem('badFileName', file)));
      continue;
    }
    const doc = checkFile(site, path, rootKey);
    site.checked.push({ doc, rootKey });
    if (doc.problems.length > 0) continue;
    site.entryDocs.set(`${collection}/${id}`, doc);
    if (!site.entries.has(collection)) site.entries.set(collection, new Map());
    site.entries.get(collection)?.set(id, { collection, id, file, value: doc.value as Record<string, unknown> });
  }
}
