/** loadSite's stage that finds ids a reference could not tell apart, in collections it may name together. */
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import type { SiteContext } from './site-context';

/** The collections that one reference may name between them ("x-ref": ["products", "outcomes"]). */
function collectionsNamedTogether(schemas: Map<string, unknown>): string[][] {
  const groups = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const ref = (node as Record<string, unknown>)['x-ref'];
      if (Array.isArray(ref) && ref.length > 1) groups.set([...ref].sort().join(' '), ref as string[]);
      Object.values(node).forEach(walk);
    }
  };
  schemas.forEach(walk);
  return [...groups.values()];
}

/** An id in two collections one reference may name (a product and an outcome) is ambiguous: the second is reported. */
export function checkIdsAcrossCollections(site: SiteContext): void {
  for (const group of collectionsNamedTogether(site.schemas)) {
    const seenIds = new Map<string, string>();
    for (const entry of group.flatMap((collection) => [...(site.entries.get(collection)?.values() ?? [])])) {
      const other = seenIds.get(entry.id);
      if (other) site.problems.push(fileProblem(entry.file, problem('duplicateId', entry.id, other)));
      else seenIds.set(entry.id, entry.file);
    }
  }
}
