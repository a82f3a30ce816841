/**
 * What the editor's forms are made from: each block's own schema and each file's, made
 * self-contained for RJSF (a `$ref` to defs.schema.json becomes a local definition), and the
 * palette from the block definitions. Nothing here is written twice: titles, descriptions,
 * examples, limits and categories all come from the schemas and the definitions.
 */
import { join } from 'node:path';
import type { BlockType, EditorModel, JsonSchema } from '../../src/content/api-types';
import { blocks } from '../../src/generated/blocks';
import { formSchema } from '../content/schema/form-schema';
import { loadSchemaSet, type SchemaSet } from '../content/schema/schema-set';
import { readVersion } from '../content/fixing/schema-version';
import { paletteEntries } from '../content/find-definitions';
import { picturesIn } from './pictures/pictures-in';
import { schemaKey, type Workspace } from './workspace';

/** A file's form without the fields the editor keeps for itself ("$schema", "schemaVersion") and, for a page, its blocks. */
function fileForm(set: SchemaSet, key: string, omit: string[]): JsonSchema {
  const schema = set.get(key) ?? {};
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as JsonSchema).filter(([name]) => !omit.includes(name)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !omit.includes(name));
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  return formSchema(set, key, { ...rest, properties, required });
}

export function editorModel(workspace: Workspace): EditorModel {
  const set = loadSchemaSet(join(workspace.root, 'schemas'));
  const definitions = Object.fromEntries(Object.entries(blocks).map(([type, definition]) => [type, definition]));
  const palette: BlockType[] = paletteEntries(set, definitions).map((entry) => {
    const key = `blocks/${blocks[entry.type as keyof typeof blocks].schema}`;
    return { ...entry, schema: formSchema(set, key) };
  });
  const bookkeeping = ['$schema', 'schemaVersion'];
  const forms: Record<string, JsonSchema> = {
    page: fileForm(set, 'page.schema.json', [...bookkeeping, 'blocks']),
    site: fileForm(set, 'site.schema.json', bookkeeping),
  };
  for (const key of set.keys()) if (key.startsWith('collections/')) forms[schemaKey(key)] = fileForm(set, key, bookkeeping);
  return {
    blocks: palette.sort((a, b) => a.category.localeCompare(b.category) || a.title.localeCompare(b.title)),
    forms,
    routes: workspace.routes(),
    pictures: picturesIn(workspace.publicDir),
    entries: workspace.entries(),
    version: readVersion(workspace.root).version,
  };
}
