import type { JsonSchema, SchemaSet } from './schema/schema-set';
import { blockSchemas } from './schema/schema-set';
import type { FoundRef } from './schema/create-ajv';

/** Where collections live: pages/_collections/<collection>/<id>.json (a "_" folder is never a page). */
export const COLLECTIONS_DIR = '_collections';

/** An entry id, and a route segment: lowercase letters, digits and single hyphens. */
export const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A page file named after a collection in brackets makes one page per entry: pages/careers/[jobs].json. */
export const TEMPLATE = /^\[([a-z0-9-]+)\]\.json$/;

/** One entry of a collection, as a page that names it receives it: its fields, its id, and its page's address if it has one. */
export interface Entry {
  collection: string;
  id: string;
  file: string;
  value: Record<string, unknown>;
  /** The address of the entry's own page, when its collection has a page template. */
  href?: string;
}

export type Entries = Map<string, Map<string, Entry>>;

/**
 * What a block receives for a reference: the entry's fields it reads (all of them unless its
 * schema lists them in `x-ref-fields`), its id and its address. The rest, and the bookkeeping
 * ("$schema", "schemaVersion"), stays behind: an island's props are written into the page.
 */
function resolved(entry: Entry, only?: string[]): Record<string, unknown> {
  const { $schema: _schema, schemaVersion: _version, ...fields } = entry.value;
  const read = only ? Object.fromEntries(Object.entries(fields).filter(([name]) => only.includes(name))) : fields;
  return { ...read, id: entry.id, ...(entry.href ? { href: entry.href } : {}) };
}

/**
 * A template page filled in for one entry: every `{field}` in its texts becomes the entry's
 * value of that field (`{id}` its id). Returns the names of placeholders the entry lacks.
 */
export function fillTemplate(template: unknown, entry: Entry): { value: unknown; unknown: { path: (string | number)[]; name: string }[] } {
  const unknown: { path: (string | number)[]; name: string }[] = [];
  const fill = (node: unknown, path: (string | number)[]): unknown => {
    if (typeof node === 'string')
      return node.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) => {
        if (name === 'id') return entry.id;
        const field = entry.value[name];
        if (typeof field === 'string' || typeof field === 'number') return String(field);
        unknown.push({ path, name });
        return whole;
      });
    if (Array.isArray(node)) return node.map((item, index) => fill(item, [...path, index]));
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, fill(item, [...path, key])]));
    return node;
  };
  return { value: fill(template, []), unknown };
}

/** The entry a reference names, looked up in the collections it may name. */
export function entryOf(entries: Entries, ref: Pick<FoundRef, 'collections' | 'id'>): Entry | undefined {
  for (const collection of ref.collections) {
    const entry = entries.get(collection)?.get(ref.id);
    if (entry) return entry;
  }
  return undefined;
}

/** One list of references a block leaves out, which stands for every entry of its collection (`x-ref-all` in the block's schema). */
interface EveryEntryList {
  block: Record<string, unknown>;
  name: string;
  collection: string;
  /** The field the entries are sorted by, newest first. */
  by: string;
  /** The entries' fields the block reads (`x-ref-fields`), all if undefined. */
  only?: string[];
}

/** Each block type's properties marked `x-ref-all`, by the schemas they were read from: 10,000 pages read them once. */
const listedProperties = new WeakMap<SchemaSet, Map<string, Omit<EveryEntryList, 'block'>[]>>();

function listedPropertiesOf(set: SchemaSet): Map<string, Omit<EveryEntryList, 'block'>[]> {
  let known = listedProperties.get(set);
  if (!known) {
    known = new Map();
    for (const [type, { schema }] of blockSchemas(set)) {
      const lists = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, property]) => {
        const by = property['x-ref-all'];
        if (typeof by !== 'string') return [];
        const items = (property.items ?? {}) as JsonSchema;
        return [{ name, collection: String(items['x-ref'] ?? ''), by, only: items['x-ref-fields'] as string[] | undefined }];
      });
      if (lists.length > 0) known.set(type, lists);
    }
    listedProperties.set(set, known);
  }
  return known;
}

/** The lists of every entry of a collection in `page`, one per block property marked `x-ref-all` that the block leaves out. */
function everyEntryLists(page: { blocks?: Record<string, unknown>[] }, set: SchemaSet): EveryEntryList[] {
  const listed = listedPropertiesOf(set);
  return (page.blocks ?? []).flatMap((block) =>
    (listed.get(String(block.type)) ?? []).filter(({ name }) => !(name in block)).map((list) => ({ ...list, block })),
  );
}

/**
 * A page as its blocks receive it: each reference replaced by its entry, and each list of
 * references left out (marked `x-ref-all` in the block's schema) filled with every entry of
 * its collection, newest first by the field it names. The file itself is never changed.
 */
export function resolvePage(page: unknown, refs: FoundRef[], entries: Entries, set: SchemaSet): unknown {
  // Most pages name no entry: they are as written, and need no copy.
  if (refs.length === 0 && everyEntryLists(page as { blocks?: Record<string, unknown>[] }, set).length === 0) return page;
  const copy = structuredClone(page) as { blocks?: Record<string, unknown>[] };
  for (const ref of refs) {
    const entry = entryOf(entries, ref);
    if (!entry) continue;
    const parent = ref.path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<
      string | number,
      unknown
    >;
    parent[ref.path.at(-1) as string | number] = resolved(entry, ref.fields);
  }
  for (const { block, name, collection, by, only } of everyEntryLists(copy, set)) {
    const all = [...(entries.get(collection)?.values() ?? [])].sort(
      (a, b) => String(b.value[by]).localeCompare(String(a.value[by])) || a.id.localeCompare(b.id),
    );
    block[name] = all.map((entry) => resolved(entry, only));
  }
  return copy;
}

/**
 * The entries a page names (its page as written, before resolvePage): those its references name,
 * and every entry of each collection one of its blocks lists whole. The incremental build renders
 * the page again when one of them changes, or when one joins or leaves such a collection.
 */
export function namedEntries(page: unknown, refs: FoundRef[], entries: Entries, set: SchemaSet): Entry[] {
  const named = refs.map((ref) => entryOf(entries, ref)).filter((entry) => entry !== undefined);
  const listed = everyEntryLists(page as { blocks?: Record<string, unknown>[] }, set).flatMap(({ collection }) => [
    ...(entries.get(collection)?.values() ?? []),
  ]);
  return [...new Set([...named, ...listed])];
}
