/**
 * The titles a change is told with, read from the schemas (the same words the editor's forms
 * show): a block type's title, a field's title within its block or file, and the title of one
 * item of a list field ("Card" of "Cards"), `$ref`s followed.
 */
import { dereference } from '../content/schema-path';
import { blockSchemas, type JsonSchema, type SchemaSet } from '../content/schema-set';
import type { ChangeTitles } from './change-words';

const titleOf = (schema: JsonSchema | undefined): string | undefined => (typeof schema?.title === 'string' ? schema.title : undefined);

/** The titles for one file, checked against `fileSchema` ("page.schema.json", "collections/jobs.schema.json"). */
export function schemaTitles(set: SchemaSet, fileSchema: string | undefined): ChangeTitles {
  const blocks = blockSchemas(set);
  const property = (field: string, blockType?: string): { key: string; schema: JsonSchema } | undefined => {
    const owner = blockType ? blocks.get(blockType) : fileSchema ? { key: fileSchema, schema: set.get(fileSchema) } : undefined;
    const schema = (owner?.schema?.properties as Record<string, JsonSchema> | undefined)?.[field];
    return owner && schema ? dereference(set, { key: owner.key, schema }) : undefined;
  };
  return {
    block: (type) => titleOf(blocks.get(type)?.schema) ?? type,
    field: (field, blockType) => titleOf(property(field, blockType)?.schema) ?? field,
    item: (field, blockType) => {
      const list = property(field, blockType);
      const items = list?.schema.items;
      if (!list || typeof items !== 'object' || items === null || Array.isArray(items)) return undefined;
      return titleOf(dereference(set, { key: list.key, schema: items as JsonSchema }).schema);
    },
  };
}
