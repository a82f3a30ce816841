/**
 * A review's pages weighed as visitors load them, on two real builds: the one the live site
 * serves, and the review's preview. First-load JavaScript is counted as the build's own budget
 * check counts it (gzip 9 of the boot script and the modules it names: first-load-bytes.ts);
 * pictures are the files of this site the page's <img> and <source> elements name, each once,
 * at their size on disk. The budget is the editor's to add (scripts/editor/review-api.ts): it
 * reads the block registry, which the server of a production install has no need of.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { PageWeight, ReviewPageWeight } from '../../../src/content/review-types';
import { firstLoadBytes } from '../../build/bundles/first-load-bytes';
import { outputFileOfRoute, routeOfFile } from '../../content/route-of-file';

/** The addresses of this site's pictures a page names: src of <img>, every candidate of srcset. */
function pictureAddresses(html: string): Set<string> {
  const found = new Set<string>();
  for (const [, attribute = '', value = ''] of html.matchAll(/<(?:img|source)\b[^>]*?\s(src|srcset)="([^"]*)"/gi))
    for (const candidate of attribute.toLowerCase() === 'srcset' ? value.split(',') : [value]) {
      const address = candidate.trim().split(/\s+/)[0] ?? '';
      if (address.startsWith('/') && !address.startsWith('//')) found.add(address.split(/[?#]/)[0] ?? '');
    }
  return found;
}

/** The bytes of the files `addresses` name in `dir` (one outside it, or missing, counts nothing). */
function bytesOf(dir: string, addresses: Set<string>): number {
  let sum = 0;
  for (const address of addresses) {
    let path: string;
    try {
      path = normalize(join(dir, decodeURIComponent(address)));
    } catch {
      continue;
    }
    if (!path.startsWith(`${dir}/`)) continue;
    try {
      sum += statSync(path).size;
    } catch {}
  }
  return sum;
}

/** What the page at `route` of the build in `dir` weighs; null when the build has no such page. */
function weightOf(dir: string, route: string): PageWeight | null {
  let html: string;
  try {
    html = readFileSync(join(dir, outputFileOfRoute(route)), 'utf8');
  } catch {
    return null;
  }
  return { jsBytes: firstLoadBytes(dir, html), pictureBytes: bytesOf(dir, pictureAddresses(html)) };
}

/**
 * The weights of the pages of `paths` (content files; only pages are weighed) in the served build
 * `before` and the preview build `after` (null: not built); a page the review deletes, whose
 * path `deleted` names, weighs nothing after it.
 */
export function pageWeights(paths: string[], deleted: Set<string>, before: string, after: string | null): ReviewPageWeight[] {
  const weights: ReviewPageWeight[] = [];
  for (const path of paths) {
    const route = path.startsWith('pages/') ? routeOfFile(path.slice('pages/'.length)) : null;
    if (!route) continue;
    weights.push({
      path,
      route,
      before: weightOf(before, route),
      after: after && !deleted.has(path) ? weightOf(after, route) : null,
      budgetKb: null,
    });
  }
  return weights;
}
