/**
 * Links that a publish would leave leading nowhere, because it deletes or moves the page they
 * lead to, said as a marketing person reads the site: the page by its title, each place by the
 * labels a visitor sees ("the menu (Services › Testing)"), never a file or a field's inner name.
 *
 * Where every such link is an entry of a list of links (a menu's, the footer's: a label and an
 * address, nothing else) and its file has no change of its own waiting, the links can be taken
 * out for the person: `withoutLinks` gives the files as they would be, for the publish to write
 * and include. A link that is part of something larger (a card, a banner's button) is named,
 * and left for the person to change: taking it out would take the card with it.
 */
import { listWords } from '../../src/content/list-words';
import { rewriteJson } from '../content/fixing/migrate-tree';
import { routeOfFile } from '../content/route-of-file';
import type { Problem } from '../content/problems/problem-at';
import { SITE_FILE_NAME } from '../../src/content/site-file-name';

const SITE_FILE = 'pages/_site.json';

/** One link to a page this publish deletes or moves. */
export interface DeadLink {
  /** The file the link is in ("pages/_site.json"), and the link's address within it ("nav.items[4]…href"). */
  file: string;
  path: string;
  /** Where it is, in the visitor's words: "the menu (Services › Testing)". */
  place: string;
  /** Whether it is a list's entry of a label and an address only, in a file with no change of its own. */
  removable: boolean;
}

export interface LinksToRemoved {
  /** The refusal in words: which page, which links, and what the person can do. */
  message: string;
  links: DeadLink[];
  /** Whether every link can be taken out for the person (`withoutLinks`). */
  fixable: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

/** A problem's path ("nav.items[4].href") as segments; null when it is not one this can read. */
function segmentsOf(path: string): Segment[] | null {
  const segments: Segment[] = [];
  const pattern = /\[(\d+)\]|\.?([^.[\]]+)/gy;
  let match: RegExpExecArray | null = pattern.exec(path);
  while (match !== null) {
    segments.push(match[1] !== undefined ? Number(match[1]) : (match[2] ?? ''));
    if (pattern.lastIndex === path.length) return segments;
    match = pattern.exec(path);
  }
  return null;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a visitor reads as the name of an object along the way: its label, heading, title or name. */
function nameOf(value: Json | undefined): string | undefined {
  if (!isObject(value)) return undefined;
  for (const key of ['label', 'heading', 'title', 'name']) {
    const name = value[key];
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return undefined;
}

/** The values along `segments` from the file's root (the root first); null where the path leaves the value. */
function valuesAlong(root: Json, segments: Segment[]): Json[] | null {
  const along: Json[] = [root];
  let here: Json | undefined = root;
  for (const segment of segments) {
    here = Array.isArray(here) && typeof segment === 'number' ? here[segment] : isObject(here) ? here[String(segment)] : undefined;
    if (here === undefined) return null;
    along.push(here);
  }
  return along;
}

/** The file's part a visitor knows: the menu, the footer, or a page by its title. */
function partOf(file: string, root: Json, first: Segment | undefined): string {
  if (file === SITE_FILE) return first === 'nav' ? 'the menu' : first === 'footer' ? 'the footer' : SITE_FILE_NAME;
  const title = isObject(root) && typeof root.title === 'string' ? root.title : (file.split('/').pop() ?? file).replace(/\.json$/, '');
  return `the “${title}” page`;
}

/** A value in a file's text, with the file's value and the values along the way there. */
interface Located {
  root: Json;
  segments: Segment[];
  along: Json[];
}

/** The value at `path` in a file's text; null where the text or the path cannot be read. */
function located(path: string, text: string | undefined): Located | null {
  const segments = segmentsOf(path);
  if (text === undefined || segments === null) return null;
  try {
    const root = JSON.parse(text) as Json;
    const along = valuesAlong(root, segments);
    return along ? { root, segments, along } : null;
  } catch {
    // A file that is not JSON has its own problem, said elsewhere.
    return null;
  }
}

/** Where a value is, in the visitor's words: the part of the site, then the labels along the way. */
function placeIn(file: string, { root, segments, along }: Located): string {
  // The site file's part ("the menu") names itself: its own label ("Main") is the screen reader's, not the visitor's.
  const names = along.slice(file === SITE_FILE ? 2 : 1).flatMap((value) => nameOf(value) ?? []);
  const part = partOf(file, root, segments[0]);
  return names.length > 0 ? `${part} (${names.join(' › ')})` : part;
}

/**
 * Where the value at `path` (a problem's path, "nav.items[4].href") of a content file is, as a
 * visitor reads the site: "the menu (Services › Testing)", "the “Home” page (Our services › Testing)".
 */
export function placeOf(file: string, path: string, text: string): string {
  const found = located(path, text);
  return found ? placeIn(file, found) : partOf(file, null, undefined);
}

/** The address a link leads to, without its #section or ?query. */
const routeOfHref = (href: string): string => href.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');

/** The link's list entry (a label and an address only), as the path to it; null when the link is part of something larger. */
function entryPath(segments: Segment[], along: Json[]): Segment[] | null {
  const index = segments.at(-2);
  const entry = along.at(-2);
  if (segments.at(-1) !== 'href' || typeof index !== 'number' || !isObject(entry)) return null;
  const keys = Object.keys(entry).sort().join(' ');
  return keys === 'href label' || keys === 'href' ? segments.slice(0, -1) : null;
}

/**
 * The links among `problems` (the site's problems once published) that lead to a page this
 * publish deletes or moves, with the refusal's words; null when no problem is such a link.
 * `removed` maps each page's file this publish deletes or moves away to its title; `texts`
 * gives a file's text as it would be published, and `unchanged` whether its file has no change
 * of its own waiting (so that taking a link out publishes nothing else of it).
 */
export function linksToRemoved(
  problems: readonly Problem[],
  removed: ReadonlyMap<string, string>,
  texts: ReadonlyMap<string, string>,
  unchanged: (file: string) => boolean,
): LinksToRemoved | null {
  const titles = new Map<string, string>();
  for (const [file, title] of removed) {
    const route = routeOfFile(file.slice('pages/'.length));
    if (route) titles.set(route, title);
  }
  const links: DeadLink[] = [];
  const ledTo = new Set<string>();
  for (const problem of problems) {
    if (problem.code !== 'deadLink') continue;
    const found = located(problem.path, texts.get(problem.file));
    const href = found?.along.at(-1);
    if (!found || typeof href !== 'string') continue;
    const title = titles.get(routeOfHref(href));
    if (title === undefined) continue;
    ledTo.add(title);
    const removable = entryPath(found.segments, found.along) !== null && unchanged(problem.file);
    links.push({ file: problem.file, path: problem.path, place: placeIn(problem.file, found), removable });
  }
  if (links.length === 0) return null;
  const fixable = links.every((link) => link.removable);
  const pages = listWords([...ledTo].map((title) => `“${title}”`));
  const places = listWords([...new Set(links.map((link) => link.place))]);
  const them = links.length === 1 ? 'that link' : 'those links';
  const verb = links.length === 1 ? 'links' : 'link';
  const what = fixable
    ? `It can be published with ${them} taken out, or the page${ledTo.size === 1 ? '' : 's'} kept.`
    : `Change ${them} first, then publish again: the live site refuses links that lead nowhere, and nothing of this change would reach visitors.`;
  return {
    message: `${pages} cannot be taken off the site yet: ${places} still ${verb} to ${ledTo.size === 1 ? 'it' : 'them'}. ${what}`,
    links,
    fixable,
  };
}

/**
 * The files `links` are in, each with those links' list entries taken out (the last entry
 * first, so each index still names its entry), the rest of each file's text as it was.
 */
export function withoutLinks(links: readonly DeadLink[], texts: ReadonlyMap<string, string>): Map<string, string> {
  const fixed = new Map<string, string>();
  for (const file of new Set(links.map((link) => link.file))) {
    const text = texts.get(file) ?? 'null';
    const root = JSON.parse(text) as Json;
    const entries = links
      .filter((link) => link.file === file)
      .flatMap((link) => {
        const segments = segmentsOf(link.path);
        const along = segments && valuesAlong(root, segments);
        const entry = segments && along ? entryPath(segments, along) : null;
        return entry ? [entry] : [];
      })
      .sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
    for (const entry of entries) {
      const list = valuesAlong(root, entry.slice(0, -1))?.at(-1);
      if (Array.isArray(list)) list.splice(Number(entry.at(-1)), 1);
    }
    fixed.set(file, rewriteJson(text, root));
  }
  return fixed;
}
