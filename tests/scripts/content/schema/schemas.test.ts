import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas, loadSchemaSet, type JsonSchema } from '../../../../scripts/content/schema/schema-set';
import { createValidator } from '../../../../scripts/content/checks/create-validator';

const set = loadSchemaSet(join(import.meta.dirname, '../../../../schemas'));

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

  it('bound every text with a maximum length and every number with a maximum, so no value can break a page', () => {
    // Every subschema, list items included, not only named properties.
    const subschemas = (node: unknown, where: string): { where: string; schema: JsonSchema }[] => {
      if (typeof node !== 'object' || node === null) return [];
      if (Array.isArray(node)) return node.flatMap((item, i) => subschemas(item, `${where}[${i}]`));
      return [
        { where, schema: node as JsonSchema },
        ...Object.entries(node)
          .filter(([keyword]) => !['examples', 'default', 'const', 'enum', 'errorMessage'].includes(keyword))
          .flatMap(([keyword, value]) => subschemas(value, `${where}/${keyword}`)),
      ];
    };
    const unbounded = [...set]
      .flatMap(([key, schema]) => subschemas(schema, key))
      .filter(({ schema: node }) => !('enum' in node) && !('const' in node))
      .filter(
        ({ schema: node }) =>
          (node.type === 'string' && node.maxLength === undefined) ||
          ((node.type === 'integer' || node.type === 'number') && node.maximum === undefined),
      )
      .map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it('name collections that exist, and only fields those collections have, in every reference', () => {
    const wrong: string[] = [];
    for (const [key, schema] of set) {
      for (const { where, schema: property } of properties(schema, key)) {
        for (const reference of [property, (property.items ?? {}) as JsonSchema]) {
          if (reference['x-ref'] === undefined) continue;
          for (const collection of [reference['x-ref'] as string | string[]].flat()) {
            const target = set.get(`collections/${collection}.schema.json`);
            if (!target) wrong.push(`${where}: no collection ${collection}`);
            for (const field of (reference['x-ref-fields'] as string[] | undefined) ?? [])
              if (!(field in ((target?.properties ?? {}) as JsonSchema))) wrong.push(`${where}: ${collection} has no field ${field}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
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
        schemaVersion: 1,
        title: 'Examples',
        description: 'Every example of one block type.',
        blocks: examples,
      };
      expect(check('page.schema.json', `${type}.json`, JSON.stringify(page)).problems, type).toEqual([]);
    }
  });
});
