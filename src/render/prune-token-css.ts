/**
 * The design tokens are CSS custom properties, all of them (about 420) declared on :root in the
 * global style tag of every page. A page's own CSS uses about 100: the rest only makes its HTML
 * larger (1.7 kB compressed), enough to push a page past the 14.6 kB a server can send before
 * its first round trip (20 pages were), which delays the first paint on a slow connection by
 * that round trip.
 * So a prerendered page keeps the declarations its CSS and markup refer to (and those these
 * refer to in turn), and its style tag names a stylesheet with the full set, the same for
 * every page, which the browser adds before any island or dialog draws something new
 * (prepareStyles in src/runtime/Providers.tsx).
 */
import { PRUNED_TOKENS_ATTRIBUTE } from '../runtime/Providers';
import { escapeHtml } from './escape-html';

const LAYER = '@layer tokens{';

/** The end of the block that opens at `start` (the index after its "{"), braces in values aside. */
function blockEnd(css: string, start: number): number {
  let depth = 1;
  for (let index = start; index < css.length; index += 1) {
    const char = css[index];
    if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return index;
  }
  return -1;
}

/** Declarations split at their semicolons, those inside parentheses (color-mix(a; b)) aside. */
function declarations(block: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let from = 0;
  for (let index = 0; index < block.length; index += 1) {
    const char = block[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ';' && depth === 0) {
      found.push(block.slice(from, index));
      from = index + 1;
    }
  }
  if (block.slice(from).trim()) found.push(block.slice(from));
  return found;
}

/** Custom properties `text` reads; a name may hold escaped characters (--chakra-spacing-0\.5). */
const referencesIn = (text: string): string[] => [...text.matchAll(/var\(\s*(--(?:[\w-]|\\.)+)/g)].map(([, name = '']) => name);

type Rule = { head: string; decls: { name: string; text: string }[]; tail: string };
interface ParsedLayer {
  rules: Rule[];
  /** Each custom property the layer declares: its declaration, and the custom properties it reads. */
  values: Map<string, { text: string; references: string[] }>;
}

/** The last layer parsed: every page of a site has the same one, and parsing it took as long as the rest of the pruning. */
let last: { layer: string; parsed: ParsedLayer | undefined } | undefined;

/** The rules of the tokens layer's content, one level deep; undefined when it holds what this does not take apart (a nested at-rule). */
function parsedLayer(layer: string): ParsedLayer | undefined {
  if (last?.layer === layer) return last.parsed;
  const parsed = parseLayer(layer);
  last = { layer, parsed };
  return parsed;
}

function parseLayer(layer: string): ParsedLayer | undefined {
  // Rules of the layer: selector{declarations}, one level deep (at-rules nest one more).
  const rules: Rule[] = [];
  for (let index = 0; index < layer.length; ) {
    const open = layer.indexOf('{', index);
    if (open === -1) break;
    const close = blockEnd(layer, open + 1);
    if (close === -1) return undefined;
    const head = layer.slice(index, open + 1);
    const inner = layer.slice(open + 1, close);
    if (inner.includes('{')) return undefined; // a nested at-rule: leave the page as it is
    rules.push({
      head,
      decls: declarations(inner).map((text) => ({ name: text.slice(0, text.indexOf(':')).trim(), text })),
      tail: '}',
    });
    index = close + 1;
  }
  const values = new Map(
    rules.flatMap(({ decls }) => decls.map(({ name, text }) => [name, { text, references: referencesIn(text) }] as const)),
  );
  return { rules, values };
}

/**
 * `styles` (the page's style tags) with only the token declarations that `styles` or `body` use.
 * `stylesheetOf` is given the whole tokens layer, as a stylesheet, and returns its address.
 */
export function pruneTokenCss(styles: string, body: string, stylesheetOf: (css: string) => string): string {
  const layerStart = styles.indexOf(LAYER);
  if (layerStart === -1) return styles;
  const contentStart = layerStart + LAYER.length;
  // The same layer as the last page's ends where it did: its braces are the same.
  const same = last !== undefined && styles.startsWith(last.layer, contentStart) && styles[contentStart + last.layer.length] === '}';
  const layerEnd = same && last ? contentStart + last.layer.length : blockEnd(styles, contentStart);
  if (layerEnd === -1) return styles;
  const layer = parsedLayer(styles.slice(contentStart, layerEnd));
  if (!layer) return styles;
  const { rules, values } = layer;
  const outside = styles.slice(0, layerStart) + styles.slice(layerEnd);
  const keep = new Set<string>();
  const pending = [...referencesIn(outside), ...referencesIn(body)];
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    if (keep.has(name) || !values.has(name)) continue;
    keep.add(name);
    pending.push(...(values.get(name)?.references ?? []));
  }
  const pruned = rules
    .map(({ head, decls, tail }) => {
      const kept = decls.filter(({ name }) => !name.startsWith('--') || keep.has(name));
      return kept.length > 0 ? `${head}${kept.map(({ text }) => text).join(';')};${tail}` : '';
    })
    .join('');
  const tagStart = styles.lastIndexOf('<style', layerStart);
  const href = escapeHtml(stylesheetOf(styles.slice(layerStart, layerEnd + 1)));
  const marked = `${styles.slice(0, tagStart)}<style ${PRUNED_TOKENS_ATTRIBUTE}="${href}"${styles.slice(tagStart + '<style'.length, contentStart)}`;
  return `${marked}${pruned}${styles.slice(layerEnd)}`;
}
