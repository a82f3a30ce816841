import { didYouMean } from '../problems/did-you-mean';
import { problem } from '../problems/catalog';
import { routeOfLink } from '../route-of-file';
import { type RealPath, realPathInside } from '../real-path-inside';
import { type Problem, problemAt } from '../problems/problem-at';
import type { CheckedDocument } from './create-validator';

/**
 * What no address holds: whitespace, control characters and the invisible formatting ones
 * (zero-width spaces, direction marks). Browsers drop some and keep others, so what the link
 * does is not what it shows. schemas/defs.schema.json refuses the same set in its link pattern.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f]/;

type Found = ReturnType<typeof problem>;

/**
 * What is wrong with the way an address is written, whatever it leads to: any link or file
 * path with an invisible character or a backslash (browsers read "\" as "/", so "/\evil.com"
 * is another site), and a path on this site that starts with "//" (another site again), that
 * is not well percent-encoded, or that steps out of its folder with "." or ".." segments
 * (written plainly, or hidden as %2e, %2f or %5c).
 */
export function writtenLinkProblem(title: () => string, href: string): Found | undefined {
  const invisible = INVISIBLE.exec(href)?.[0];
  if (invisible !== undefined) return problem('invisibleInLink', title(), href, invisible);
  if (href.includes('\\')) return problem('backslashInLink', title(), href);
  if (!href.startsWith('/')) return undefined;
  if (href.startsWith('//')) return problem('linkToOtherHost', title(), href);
  const path = href.split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return problem('badPercentInLink', title(), href);
  }
  if (/%2f|%5c/i.test(path) || decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    return problem('dotsInLink', title(), href);
  const encoded = INVISIBLE.exec(decoded)?.[0];
  if (encoded !== undefined) return problem('invisibleInLink', title(), href, encoded);
  return undefined;
}

/** What a document's links and files may lead to: the site's pages, their anchors and public/. */
export interface LinkTargets {
  /** Every page's route. */
  routes: ReadonlySet<string>;
  /** The anchors of each page that loaded. */
  anchors: ReadonlyMap<string, string[]>;
  publicDir: string;
  /** Every file of public/ as a path from the site's top ("/images/logo.svg"), for suggestions. */
  publicFiles: string[];
  /** A field's title, from the path of its value in the document. */
  title: (path: (string | number)[]) => string;
  /**
   * What each path from the site's top was found to be in public/, kept for the other documents
   * of one check of the site: 10,000 pages name the same few pictures, each a few system calls.
   */
  found?: Map<string, RealPath>;
}

/**
 * Every link and file a checked document names that does not lead where it should: each
 * internal link to a page, an anchor of that page or a file of public/ (never a folder, never
 * through a link out of public/), and each file path to a file of public/. Problems of the way
 * an address is written come first (writtenLinkProblem) and replace the schema's general
 * "must be a path…" at the same place, which they say more precisely.
 */
export function linkProblems(doc: CheckedDocument, targets: LinkTargets): Problem[] {
  const found: Problem[] = [];
  const at = (path: (string | number)[], result: Found): void => {
    found.push(problemAt(doc, path, result));
  };
  /** The file of public/ a path from the site's top names (its query and fragment left out). */
  const publicFile = (href: string): RealPath => {
    const known = targets.found?.get(href);
    if (known) return known;
    const result = findPublicFile(href);
    targets.found?.set(href, result);
    return result;
  };
  const findPublicFile = (href: string): RealPath => {
    const path = href.split(/[?#]/)[0] ?? '';
    if (!path.startsWith('/')) return { ok: false, reason: 'notPlain' };
    const found = realPathInside(
      targets.publicDir,
      decodeURIComponent(path.length > 1 && path.endsWith('/') ? path.slice(1, -1) : path.slice(1)),
    );
    // A trailing slash only ever names a folder: "/images/logo.svg/" is no file.
    return found.ok && path.endsWith('/') ? { ok: false, reason: 'missing' } : found;
  };
  // Listed only for a suggestion: copied for each of 10,000 documents, they were 10,000 each.
  const routes = (): string[] => [...targets.routes];

  for (const link of doc.links) {
    // Looked up only for a problem: 10,000 pages hold 100,000 good links.
    const title = (): string => targets.title(link.path);
    const written = writtenLinkProblem(title, link.href);
    if (written) at(link.path, written);
    if (written || !link.href.startsWith('/')) continue;
    const route = routeOfLink(link.href);
    if (targets.routes.has(route)) {
      const fragment = /#(.+)$/.exec(link.href)?.[1];
      const there = targets.anchors.get(route);
      if (fragment && there && !there.includes(fragment))
        at(link.path, problem('unknownAnchor', title(), link.href, route, there, didYouMean(fragment, there)));
      continue;
    }
    const file = publicFile(link.href);
    if (file.ok) continue;
    if (file.reason === 'folder') at(link.path, problem('linkToFolder', title(), link.href, didYouMean(route, routes())));
    else if (file.reason === 'linkOutside' || file.reason === 'linkMissing')
      at(link.path, problem('linkOutOfPublic', title(), file.link, file.target, file.reason === 'linkOutside'));
    else at(link.path, problem('deadLink', title(), link.href, didYouMean(route, routes())));
  }

  for (const named of doc.files) {
    const title = (): string => targets.title(named.path);
    const written = writtenLinkProblem(title, named.href);
    if (written) {
      at(named.path, written);
      continue;
    }
    const file = publicFile(named.href);
    if (file.ok) continue;
    if (file.reason === 'linkOutside' || file.reason === 'linkMissing')
      at(named.path, problem('linkOutOfPublic', title(), file.link, file.target, file.reason === 'linkOutside'));
    else at(named.path, problem('missingFile', title(), named.href, didYouMean(named.href, targets.publicFiles)));
  }
  return found;
}
