/**
 * The CSS rules of a page's body, rendered as a root of its own (render-page-body.tsx), in one
 * order that depends only on its markup: the rules of the class names it uses, in the order the
 * markup first names them, then the rules no class names (keyframes), in the order given. A
 * body rendered now and the same body kept from the last build (scripts/build/render/kept-body.ts)
 * then put the same rules into the page in the same order, so the page is the same byte for byte.
 */

/** One rule: Emotion's id for it, its CSS, and what Emotion registered for its class name (null for none: a rule no class names). */
export type BodyRule = [id: string, css: string, registered: string | null];

/** Class names as Emotion's server finds them in markup (@emotion/server's extractCritical). */
const CLASS_NAMES = /css-([a-zA-Z0-9-_]+)/g;

/**
 * The rules `html` uses, as `ruleOf` knows them (undefined: not a rule of this body), followed
 * by `unnamed`, the rules no class names, each as `ruleOf` knows it.
 */
export function bodyRules(
  html: string,
  ruleOf: (id: string) => [css: string, registered: string | null] | undefined,
  unnamed: readonly string[],
): BodyRule[] {
  const named = new Set<string>();
  for (const [, id] of html.matchAll(CLASS_NAMES)) if (id) named.add(id);
  const rules: BodyRule[] = [];
  for (const id of named) {
    const rule = ruleOf(id);
    if (rule && rule[1] !== null) rules.push([id, rule[0], rule[1]]);
  }
  for (const id of unnamed) {
    const rule = ruleOf(id);
    if (rule) rules.push([id, rule[0], null]);
  }
  return rules;
}
