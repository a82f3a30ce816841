/**
 * What the editor's forms are made from: each block's own schema and each file's, made
 * self-contained for RJSF (a `$ref` to defs.schema.json becomes a local definition), and the
 * palette from the block definitions. Nothing here is written twice: titles, descriptions,
 * examples, limits and categories all come from the schemas and the definitions.
 */
import { join } from 'node:path';
import type { BlockType, EditorModel, JsonSchema } from '../../src/content/api-types';
import { blocks } from '../../src/generated/blocks';
import { loadSchemaSet, type SchemaSet } from '../content/schema-set';
import { refTarget } from '../content/schema-path';
import { readVersion } from '../content/versions';
import { paletteEntries } from '../content/definitions';
import { picturesIn } from './pictures';
import { schemaKey, type Workspace } from './workspace';

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
function formSchema(set: SchemaSet, key: string, schema: JsonSchema = set.get(key) ?? {}): JsonSchema {
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
