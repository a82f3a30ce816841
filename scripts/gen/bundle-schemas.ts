import { refTarget } from '../content/schema/schemas-along-path';
import type { JsonSchema, SchemaSet } from '../content/schema/schema-set';

/** The TypeScript name of each shared definition, by `file#pointer`. */
function definitionName(key: string, pointer: string, set: SchemaSet): string {
  const pascal = (text: string): string => text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
  if (pointer) return pascal(pointer.split('/').pop() ?? key);
  return pascal(String(set.get(key)?.title ?? key.replace(/\.schema\.json$/, '')));
}

/**
 * One self-contained schema holding every schema of the set as a named definition, with all
 * cross-file `$ref`s rewritten to local ones: what json-schema-to-typescript needs to emit
 * each type once. Titles below the named roots are folded into descriptions, because the
 * generator would otherwise turn every titled field into a type alias of its own.
 */
export function bundleSchemas(set: SchemaSet): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  const rewrite = (node: unknown, fromKey: string, isRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, fromKey, false));
    if (typeof node !== 'object' || node === null) return node;
    // A reference to a collection entry reaches the components as the entry itself, with its id and address.
    if (typeof (node as JsonSchema)['x-ref'] === 'string' || Array.isArray((node as JsonSchema)['x-ref'])) {
      const collections = [(node as JsonSchema)['x-ref'] as string | string[]].flat();
      const only = (node as JsonSchema)['x-ref-fields'] as string[] | undefined;
      const own = { id: { type: 'string' }, href: { type: 'string' } };
      const entry = (collection: string): JsonSchema => {
        const key = `collections/${collection}.schema.json`;
        if (!only)
          return {
            allOf: [{ $ref: `#/definitions/${definitionName(key, '', set)}` }, { type: 'object', required: ['id'], properties: own }],
          };
        // Only the fields the block reads: reading another one fails the type check.
        const schema = set.get(key) ?? {};
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        return {
          type: 'object',
          additionalProperties: false,
          required: [...((schema.required as string[] | undefined) ?? []).filter((name) => only.includes(name)), 'id'],
          properties: { ...Object.fromEntries(only.map((name) => [name, rewrite(properties[name] ?? {}, key, false)])), ...own },
        };
      };
      return collections.length === 1 ? entry(collections[0] ?? '') : { anyOf: collections.map(entry) };
    }
    const out: JsonSchema = {};
    // A $ref's sibling annotations would make the generator invent a new alias per use.
    const entries = Object.entries(node as JsonSchema).filter(([keyword]) => !('$ref' in (node as JsonSchema)) || keyword === '$ref');
    for (const [keyword, value] of entries) {
      if (keyword === '$ref' && typeof value === 'string') {
        const { key, pointer } = refTarget(fromKey, value);
        out.$ref = `#/definitions/${definitionName(key, pointer.replace(/^\/definitions\//, ''), set)}`;
      } else if (keyword === 'oneOf' && (value as JsonSchema[]).every((branch) => Object.keys(branch).join() === 'required')) {
      } else if (keyword === 'title' && !isRoot) {
      } else if (keyword === 'description' && !isRoot && typeof (node as JsonSchema).title === 'string') {
        out.description = `${String((node as JsonSchema).title)}: ${String(value)}`;
      } else if (keyword === 'definitions' || keyword === 'properties') {
        out[keyword] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, sub]) => [name, rewrite(sub, fromKey, false)]));
      } else if (
        [
          'examples',
          'default',
          'const',
          'enum',
          'errorMessage',
          'x-link',
          'x-file',
          'x-ref-all',
          'x-ref-fields',
          'discriminator',
          '$schema',
        ].includes(keyword)
      ) {
        if (keyword === 'const' || keyword === 'enum' || keyword === 'default') out[keyword] = value;
      } else {
        out[keyword] = rewrite(value, fromKey, false);
      }
    }
    // A property with a default is always there once a page is loaded: the validator fills it in
    // (and a list of references left out is filled with every entry).
    const defaulted = Object.entries(((node as JsonSchema).properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, property]) =>
      'default' in property || 'x-ref-all' in property ? [name] : [],
    );
    if (defaulted.length > 0) out.required = [...new Set([...((out.required as string[] | undefined) ?? []), ...defaulted])];
    return out;
  };
  for (const [key, schema] of set) {
    const local = (schema.definitions ?? {}) as Record<string, JsonSchema>;
    for (const [name, definition] of Object.entries(local)) {
      definitions[definitionName(key, name, set)] = rewrite(
        { title: definitionName(key, name, set), ...definition },
        key,
        true,
      ) as JsonSchema;
    }
    if (key === 'defs.schema.json') continue;
    const { definitions: _omit, ...rest } = schema;
    definitions[definitionName(key, '', set)] = rewrite({ ...rest, title: definitionName(key, '', set) }, key, true) as JsonSchema;
  }
  return { title: 'SchemaTypes', type: 'object', additionalProperties: false, properties: {}, definitions };
}
