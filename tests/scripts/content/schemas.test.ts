import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas, loadSchemaSet, type JsonSchema } from '../../../scripts/lib/content/schema-set';
import { createValidator } from '../../../scripts/lib/content/validator';

const set = loadSchemaSet(join(import.meta.dirname, '../../../schemas'));

/** Every property schema under `properties`, with where it was found. */
function properties(schema: unknown, where: string): { where: string; schema: JsonSchema }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => properties(item, `${where}[${i}]`));
  const found: { where: string; schema: JsonSchema }[] = [];
  for (const [keyword, value] of Object.entries(schema as JsonSchema)) {
    if (keyword === 'examples' || keyword === 'default' || keyword === 'const' || keyword === 'enum') continue;
    if (keyword === 'properties') {
      for (const [name, property] of Object.entries(value as JsonSchema))
        found.push({ where: `${where}.${name}`, schema: property as JsonSchema });
    }
    found.push(...properties(value, `${where}/${keyword}`));
  }
  return found;
}

describe('schemas', () => {
  it('give every property a title, a description and examples', () => {
    const incomplete = [...set].flatMap(([key, schema]) =>
      properties(schema, key)
        .filter(({ schema: property }) => !property.title || !property.description || (!property.$ref && !Array.isArray(property.examples)))
        .map(({ where }) => where),
    );
    expect(incomplete).toEqual([]);
  });

  it('forbid unknown properties in every object', () => {
    const open = [...set].flatMap(([key, schema]) =>
      properties({ properties: { root: schema } }, key)
        .filter(({ schema: property }) => property.type === 'object' && property.additionalProperties !== false)
        .map(({ where }) => where),
    );
    expect(open).toEqual([]);
  });

  it('accept the examples of every block inside a page', () => {
    const { check } = createValidator(set);
    for (const [type, { schema }] of blockSchemas(set)) {
      const examples = schema.examples as unknown[];
      expect(examples.length, type).toBeGreaterThan(0);
      const page = {
        $schema: '../schemas/page.schema.json',
        title: 'Examples',
        description: 'Every example of one block type.',
        blocks: examples,
      };
      expect(check('page.schema.json', `${type}.json`, JSON.stringify(page)).problems, type).toEqual([]);
    }
  });
});
