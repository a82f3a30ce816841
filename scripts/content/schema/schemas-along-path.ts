import type { JsonSchema, SchemaSet } from './schema-set';

export interface Located {
  key: string;
  schema: JsonSchema;
}

/**
 * The one reading of a `$ref`: which schema of the set it names (relative to the file it is
 * written in) and the JSON pointer inside that schema.
 */
export function refTarget(fromKey: string, ref: string): { key: string; pointer: string } {
  const [file, pointer = ''] = ref.split('#');
  if (!file) return { key: fromKey, pointer };
  const parts = fromKey.split('/').slice(0, -1);
  for (const part of file.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return { key: parts.join('/'), pointer };
}

/** Resolves a `$ref` relative to the schema file it appears in. */
function resolveRef(set: SchemaSet, fromKey: string, ref: string): Located | undefined {
  const { key, pointer } = refTarget(fromKey, ref);
  let schema: unknown = set.get(key);
  for (const token of pointer.split('/').filter(Boolean)) schema = (schema as JsonSchema | undefined)?.[token];
  return schema ? { key, schema: schema as JsonSchema } : undefined;
}

/**
 * Follows `$ref`s, keeping the referring schema's own annotations: `{ "$ref": link, "title":
 * "Button link" }` is the link definition titled "Button link".
 */
export function dereference(set: SchemaSet, located: Located): Located {
  let current = located;
  const annotations: JsonSchema = {};
  for (let depth = 0; depth < 20 && typeof current.schema.$ref === 'string'; depth++) {
    const { $ref, ...rest } = current.schema;
    Object.assign(annotations, { ...rest, ...annotations });
    const target = resolveRef(set, current.key, $ref as string);
    if (!target) break;
    current = target;
  }
  return { key: current.key, schema: { ...current.schema, ...annotations } };
}

/** Picks the `oneOf` branch chosen by a discriminator, e.g. the block schema for `{ "type": "banner" }`. */
function discriminatedBranch(set: SchemaSet, located: Located, data: unknown): Located | undefined {
  const discriminator = located.schema.discriminator as { propertyName: string } | undefined;
  const branches = located.schema.oneOf as JsonSchema[] | undefined;
  if (!discriminator || !branches || typeof data !== 'object' || data === null) return undefined;
  const tag = (data as Record<string, unknown>)[discriminator.propertyName];
  for (const branch of branches) {
    const resolved = dereference(set, { key: located.key, schema: branch });
    const properties = resolved.schema.properties as Record<string, JsonSchema> | undefined;
    if (properties?.[discriminator.propertyName]?.const === tag) return resolved;
  }
  return undefined;
}

/**
 * The schema of each step along a JSON path, starting with the root: the source of the
 * titles that error messages and the docs use.
 */
export function schemasAlongPath(set: SchemaSet, rootKey: string, data: unknown, path: (string | number)[]): (Located | undefined)[] {
  const root = set.get(rootKey);
  if (!root) return [];
  let current: Located | undefined = dereference(set, { key: rootKey, schema: root });
  let value: unknown = data;
  const steps: (Located | undefined)[] = [current];
  for (const segment of path) {
    if (current) current = discriminatedBranch(set, current, value) ?? current;
    if (current) steps[steps.length - 1] = current;
    const properties = current?.schema.properties as Record<string, JsonSchema> | undefined;
    const items = current?.schema.items as JsonSchema | undefined;
    const next = typeof segment === 'number' ? items : properties?.[segment];
    current = current && next ? dereference(set, { key: current.key, schema: next }) : undefined;
    value = (value as Record<string | number, unknown> | undefined)?.[segment];
    steps.push(current);
  }
  if (current) steps[steps.length - 1] = discriminatedBranch(set, current, value) ?? current;
  return steps;
}
