import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

import type { JsonSchema } from '../../../src/content/content-types';

export type { JsonSchema };

/** Every schema under schemas/, keyed by its path relative to that folder ("blocks/banner.schema.json"). */
export type SchemaSet = Map<string, JsonSchema>;

export function loadSchemaSet(schemasDir: string): SchemaSet {
  const set: SchemaSet = new Map();
  const files = (readdirSync(schemasDir, { recursive: true }) as string[]).filter((path) => path.endsWith('.schema.json')).sort();
  for (const path of files) set.set(path.split(sep).join('/'), JSON.parse(readFileSync(join(schemasDir, path), 'utf8')) as JsonSchema);
  return set;
}

/** The block schemas, keyed by their block type (the `const` of their `type` property). */
export function blockSchemas(set: SchemaSet): Map<string, { key: string; schema: JsonSchema }> {
  const blocks = new Map<string, { key: string; schema: JsonSchema }>();
  for (const [key, schema] of set) {
    if (!key.startsWith('blocks/')) continue;
    const type = (schema.properties as Record<string, JsonSchema> | undefined)?.type?.const;
    if (typeof type === 'string') blocks.set(type, { key, schema });
  }
  return blocks;
}
