/**
 * Page bodies kept from one build to the next. A page is rendered as its body (its header and
 * blocks) inside a frame (the menus, the footer), each a React root of its own
 * (src/render/render-page-body.tsx, render-page-frame.tsx). A body depends only on its page,
 * the fields of the site file it read (its labels, its language) and, if it read it, the day.
 * When none of these changed, as when only a menu or the footer did, the build takes the body
 * from the page it wrote last time and renders only the new frame around it.
 *
 * What the build keeps of each body besides its markup (which is in the page it wrote): a key
 * made of what it depends on, the hash of its CSS rules in the order they go into the page, its
 * resource hints, and the ids of the rules no class names. The rules themselves are kept once
 * for all pages (a rule book, by Emotion's id). A kept body is used only when its key matches
 * and the markup found in the page gives back, with the rule book, exactly the rules it had:
 * otherwise the body is rendered again.
 */
import type { Site } from '../../../src/generated/schema-types';
import { type BodyRule, bodyRules } from '../../../src/render/body-rules';
import type { KeptBody, RenderedRoute } from '../../../src/render/entry-render';
import { sha256Hex } from '../../content/load-site/stat-index';

/** What the build keeps of a page's body between builds (see the file's comment). */
export interface BodyFacts {
  key: string;
  css: string;
  reads: string[];
  hints: string[];
  unnamed: string[];
  dated?: true;
}

/** Every rule of the bodies kept, by Emotion's id: its CSS, and what Emotion registered for its class name (null: nothing). As the record keeps it; a thread looks rules up in a Map of it. */
export type RuleBook = Record<string, [css: string, registered: string | null]>;

/** The page's <main> opens with this; the body is what it holds. */
const MAIN = '<main id="content"';

/** The body's markup in a page the build wrote: what its <main> holds (undefined when it has none). */
export function bodyOfPage(page: string): string | undefined {
  const main = page.indexOf(MAIN);
  const start = main < 0 ? -1 : page.indexOf('>', main) + 1;
  const end = page.lastIndexOf('</main>');
  return start > 0 && end >= start ? page.slice(start, end) : undefined;
}

/** What a body depends on besides its page: the site file's fields it read, and the day if it read it. */
function keyOf(site: Site, reads: string[], dated: boolean, today: string): string {
  // A read is a field ("footer") or a field of one ("labels.blockError").
  const valueAt = (path: string): unknown =>
    path.split('.').reduce<unknown>((value, field) => (value as Record<string, unknown> | undefined)?.[field], site) ?? null;
  return sha256Hex(JSON.stringify([reads.map((path) => [path, valueAt(path)]), dated ? today : null]));
}

const cssOf = (rules: BodyRule[]): string => sha256Hex(JSON.stringify(rules));

/**
 * What to keep of a body rendered now, or undefined when it cannot be kept: the page written
 * (`page`) must give back its markup exactly, as the next build will look for it there.
 */
export function bodyFacts(site: Site, today: string, body: NonNullable<RenderedRoute['pageBody']>, page: string): BodyFacts | undefined {
  if (bodyOfPage(page) !== body.html) return undefined;
  return {
    key: keyOf(site, body.reads, body.dated, today),
    css: cssOf(body.rules),
    reads: body.reads,
    hints: body.hints,
    unnamed: body.rules.filter(([, , registered]) => registered === null).map(([id]) => id),
    ...(body.dated ? { dated: true as const } : {}),
  };
}

/**
 * The body kept as `facts` describe it, from `page` (the page as the last build wrote it), for
 * this site file and day; undefined when it no longer holds or cannot be found as it was.
 */
export function keptBody(
  facts: BodyFacts,
  site: Site,
  today: string,
  page: string | undefined,
  book: ReadonlyMap<string, RuleBook[string]>,
): KeptBody | undefined {
  if (page === undefined || keyOf(site, facts.reads, facts.dated === true, today) !== facts.key) return undefined;
  const html = bodyOfPage(page);
  if (html === undefined) return undefined;
  const rules = bodyRules(html, (id) => book.get(id), facts.unnamed);
  if (cssOf(rules) !== facts.css) return undefined;
  return { html, rules, hints: facts.hints, dated: facts.dated === true };
}
