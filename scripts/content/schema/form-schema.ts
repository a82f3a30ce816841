/**
 * A schema made self-contained, as a form (the editor's) and the words of a change (the
 * titles, src/content/titles.ts) read it: every `$ref` points to one of its own definitions (a
 * `$ref` to defs.schema.json becomes a local definition), and no rule is drawn as a choice.
 */
import type { JsonSchema } from '../../../src/content/content-types';
import { refTarget } from './schemas-along-path';
import { blockSchemas, type SchemaSet } from './schema-set';

/** A definition's name for a schema and the pointer inside it: "defs.schema.json#/definitions/link" is "defs-link". */
const nameOf = (key: string, pointer: string): string =>
  `${key.replace(/\.schema\.json$/, '').replace(/[^a-z0-9]+/gi, '-')}${pointer.replace(/^\/definitions\//, '-').replace(/[^a-z0-9-]+/gi, '-')}`;

/**
 * A `oneOf` or `anyOf` whose branches only list required fields ("exactly one of href or
 * opens") is a rule, not a choice of shapes: RJSF would draw it as a meaningless "option 1 /
 * option 2" select over an empty group. The form leaves it out; the validator still checks
 * it, and its message is shown on the field. A `oneOf` is kept as `x-exactlyOne` (the
 * branches' required fields), which the form draws as one choice between those fields.
 */
const onlyRequires = (branches: unknown): boolean =>
  Array.isArray(branches) &&
  branches.every((branch) => typeof branch === 'object' && branch !== null && Object.keys(branch).every((key) => key === 'required'));

/** A schema with every `$ref` pointing inside it, so a form can follow it, and no rule drawn as a choice. */
export function formSchema(set: SchemaSet, key: string, schema: JsonSchema = set.get(key) ?? {}): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  const rewrite = (node: unknown, from: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, from));
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [keyword, value] of Object.entries(node as JsonSchema)) {
      if (keyword === '$ref' && typeof value === 'string') {
        const target = refTarget(from, value);
        const name = nameOf(target.key, target.pointer);
        if (!(name in definitions)) {
          definitions[name] = {};
          let found: unknown = set.get(target.key);
          for (const token of target.pointer.split('/').filter(Boolean)) found = (found as JsonSchema | undefined)?.[token];
          definitions[name] = rewrite(found ?? {}, target.key) as JsonSchema;
        }
        out.$ref = `#/definitions/${name}`;
      } else if (keyword === 'definitions' || keyword === '$schema' || keyword === '$id') {
        // Local definitions are reached through $ref above, under their own names.
      } else if ((keyword === 'oneOf' || keyword === 'anyOf') && onlyRequires(value)) {
        // A rule, not a choice (above).
        if (keyword === 'oneOf') out['x-exactlyOne'] = (value as { required: string[] }[]).map((branch) => branch.required);
      } else {
        out[keyword] = rewrite(value, from);
      }
    }
    return out;
  };
  const root = rewrite(schema, key) as JsonSchema;
  return { ...root, definitions };
}

/** Each block type with its title and its fields' form: what src/content/titles.ts names blocks and fields by. */
export function blockForms(set: SchemaSet): { type: string; title: string; schema: JsonSchema }[] {
  return [...blockSchemas(set)].map(([type, { key, schema }]) => ({
    type,
    title: typeof schema.title === 'string' ? schema.title : type,
    schema: formSchema(set, key),
  }));
}
