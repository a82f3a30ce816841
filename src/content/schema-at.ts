/**
 * Where a field is in a form's schema: a block's or a file's own schema, made self-contained
 * (scripts/content/schema/form-schema.ts), so that every `$ref` points to one of its own definitions.
 */
import type { JsonSchema } from './content-types';

type Segment = string | number;

/** A schema with its `$ref` to one of the form's definitions followed (the `$ref`'s own title and description win). */
export function follow(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return schema;
  const target = (root.definitions as Record<string, JsonSchema> | undefined)?.[ref.slice('#/definitions/'.length)] ?? {};
  const { $ref: _ref, ...siblings } = schema;
  return follow(root, { ...target, ...siblings });
}

const propertiesOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> =>
  (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};

/** The schema at `segments` inside a form's schema, its `$ref`s followed; undefined once the path leaves the schema. */
export function schemaAt(root: JsonSchema, segments: Segment[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  for (const segment of segments) {
    if (!schema) return undefined;
    const here = follow(root, schema);
    const next = typeof segment === 'number' ? (here.items as JsonSchema | undefined) : propertiesOf(here)[segment];
    schema = next && follow(root, next);
  }
  return schema && follow(root, schema);
}
