import type { BlockType, JsonSchema } from '../../content/api-types';
import { follow } from '../../content/schema-at';
import type { Json } from './snapshot';

/**
 * The value a field starts with, or undefined for none: a choice (one of a list of options, a
 * collection entry, a picture file, a yes or no, a number) is left for the person to make
 * unless the schema gives it a default, and words start empty. A constant is no choice. An object holds its required fields, each
 * started the same way; a list holds as many empty items as it must have, or none where an
 * item cannot start empty (a choice again).
 */
function emptyValue(root: JsonSchema, input: JsonSchema): unknown {
  const schema = follow(root, input);
  if ('const' in schema) return schema.const;
  if ('default' in schema) return structuredClone(schema.default);
  if (schema.enum || schema['x-ref'] || schema['x-file']) return undefined;
  if (schema.type === 'string') return '';
  if (schema.type === 'array') {
    const item = schema.items ? emptyValue(root, schema.items as JsonSchema) : undefined;
    return item === undefined ? [] : Array.from({ length: Number(schema.minItems ?? 0) }, () => structuredClone(item));
  }
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const value: Json = {};
    for (const name of (schema.required as string[] | undefined) ?? []) {
      const field = properties[name] && emptyValue(root, properties[name]);
      if (field !== undefined) value[name] = field;
    }
    return value;
  }
  return undefined;
}

/**
 * A new block of a type, as the person starts it: its type, and its required fields empty for
 * them to write. The schema's examples are never content (they read like real commitments);
 * the form shows them as placeholders. Until the empty fields are written the draft has
 * problems, so it cannot be saved.
 */
export function emptyBlock(type: Pick<BlockType, 'type' | 'schema'>): Json {
  return { ...(emptyValue(type.schema, type.schema) as Json), type: type.type };
}
