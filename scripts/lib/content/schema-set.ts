import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type JsonSchema = { [keyword: string]: unknown };

/** Every schema under schemas/, keyed by its path relative to that folder ("blocks/banner.schema.json"). */
export type SchemaSet = Map<string, JsonSchema>;

export function loadSchemaSet(schemasDir: string): SchemaSet {
  const set: SchemaSet = new Map();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.schema.json')) {
        set.set(relative(schemasDir, path).split(sep).join('/'), JSON.parse(readFileSync(path, 'utf8')) as JsonSchema);
      }
    }
  };
  walk(schemasDir);
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
