/** Pages and edits of them for the merge tests: a page of blocks as pages/*.json holds it, and copies changed by hand. */
import type { JsonObject, JsonPath } from '../../src/content/merge';

export type Block = JsonObject & { type: string };

/** A page of the given blocks, as pages/*.json holds it. */
export const page = (...blocks: Block[]): JsonObject => ({
  $schema: '../schemas/page.schema.json',
  schemaVersion: 1,
  title: 'Services',
  description: 'What we do',
  blocks,
});
export const banner = (heading: string, more: JsonObject = {}): Block => ({ type: 'banner', heading, text: `About ${heading}`, ...more });
export const prose = (heading: string, more: JsonObject = {}): Block => ({ type: 'prose', heading, text: `On ${heading}`, ...more });
export const cards = (heading: string, more: JsonObject = {}): Block => ({ type: 'cardGrid', heading, intro: `All ${heading}`, ...more });

/** A copy of `value` changed by `change`. */
export const edit = (value: JsonObject, change: (copy: JsonObject & { blocks: Block[] }) => void): JsonObject => {
  const copy = structuredClone(value) as JsonObject & { blocks: Block[] };
  change(copy);
  return copy;
};
export const blocks = (value: JsonObject): Block[] => value.blocks as Block[];
export const headings = (value: JsonObject): string[] => blocks(value).map((block) => String(block.heading));
export const valueAt = (value: unknown, path: JsonPath): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], value);
/** Equal, keys in the same order: what a saved file's text would show. */
export const sameText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The page both sides start from. */
export const base = page(banner('Welcome'), prose('Our story'), cards('Services'), prose('Team'), cards('Clients'));
