import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../content/api-types';
import { follow } from '../../content/schema-at';

/** Texts longer than this get a text area rather than a one-line input. */
const LONG_TEXT = 160;

/**
 * The form's UI schema, read off the JSON Schema's own keywords, so no field is described
 * twice: a link offers the site's addresses, a file the files in public/, an image the
 * picture chooser, a reference the collection's entries; long texts get a text area,
 * examples become placeholders and descriptions hints. The block's "type" is not a field
 * anyone edits.
 */
export function uiSchemaOf(root: JsonSchema, input: JsonSchema = root): UiSchema {
  const schema = follow(root, input);
  const ui: UiSchema = {};
  const example = (schema.examples as unknown[] | undefined)?.[0];
  if ('const' in schema) return { 'ui:widget': 'hidden' };
  if (schema['x-link']) ui['ui:widget'] = 'link';
  else if (schema['x-file']) ui['ui:widget'] = 'file';
  else if (schema['x-ref']) ui['ui:widget'] = 'entry';
  else if (schema.type === 'string' && !schema.enum && Number(schema.maxLength ?? 0) > LONG_TEXT) ui['ui:widget'] = 'textarea';
  else if ((schema.type === 'integer' || schema.type === 'number') && !schema.enum) ui['ui:widget'] = 'updown';
  if (
    (schema.type === 'string' || schema.type === 'integer' || schema.type === 'number') &&
    example !== undefined &&
    typeof example !== 'object'
  )
    ui['ui:placeholder'] = String(example);
  // A group (object, list) shows its description itself; a plain field has it as its hint.
  if (schema.type !== 'object' && schema.type !== 'array' && typeof schema.description === 'string') ui['ui:help'] = schema.description;
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const picture = properties.src && follow(root, properties.src)['x-file'] && properties.width && properties.height;
    if (picture) return { 'ui:field': 'picture' };
    for (const [name, property] of Object.entries(properties)) ui[name] = uiSchemaOf(root, property);
  }
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') {
    ui.items = uiSchemaOf(root, schema.items as JsonSchema);
    ui['ui:options'] = { orderable: true, removable: true, addable: true };
  }
  return ui;
}

/** `blocks[2].cards[0].title` as ["blocks", 2, "cards", 0, "title"]. */
export function pathSegments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : (match[1] ?? '')));
}

/** The id RJSF gives the field at a path inside a form: root_cards_0_title. */
export const fieldId = (segments: (string | number)[]): string => ['root', ...segments].join('_');
