import { RETENTION_KEYWORD } from '../content/schema/create-ajv';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ajvErrors from 'ajv-errors';
import { compile } from 'json-schema-to-typescript';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { dereference } from '../content/schema/schemas-along-path';
import { blockSchemas, loadSchemaSet, type JsonSchema, type SchemaSet } from '../content/schema/schema-set';
import { findDefinitions } from '../content/find-definitions';
import * as lucide from 'lucide-react';
import * as simpleIcons from 'simple-icons';
import { icons as coreUiBrands, info as coreUiBrandsInfo } from '@iconify-json/cib';
import { icons as materialDesignIcons, info as materialDesignIconsInfo } from '@iconify-json/mdi';
import {
  BANNER,
  checkBlocks,
  generateBlockRegistry,
  generateBlockSchema,
  generateIconTable,
  generateIslandDefinitions,
  generateIslandTable,
  generatePageSchema,
  generateTechnologyFiles,
  TECHNOLOGY_LOGO_FOLDER,
} from './registry-files';
import { bundleSchemas } from './bundle-schemas';

async function generateTypes(set: SchemaSet): Promise<string> {
  const source = await compile(bundleSchemas(set) as never, 'SchemaTypes', {
    bannerComment: `/* ${BANNER} */`,
    unreachableDefinitions: true,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  // The bundle's empty root type is only a carrier for the definitions.
  return source.replace(/export interface SchemaTypes \{\}\n\n?/, '');
}

function typeLabel(set: SchemaSet, key: string, schema: JsonSchema): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  if (ref) return ref === 'action' ? 'button' : ref;
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ');
  if (schema.type === 'array') {
    const items = schema.items as JsonSchema | undefined;
    return `list of ${items ? typeLabel(set, key, items) : 'values'}`;
  }
  return String(schema.type ?? 'value');
}

/** A field's limits in words: lengths, ranges, list sizes, the form it must take, its default. */
function limitsOf(field: JsonSchema, items: JsonSchema | undefined): string {
  const number = (value: unknown): string => Number(value).toLocaleString('en');
  const range = (min: unknown, max: unknown, unit: string): string | undefined => {
    if (min !== undefined && max !== undefined) return `${number(min)}–${number(max)}${unit}`;
    if (max !== undefined) return `at most ${number(max)}${unit}`;
    if (min !== undefined) return `at least ${number(min)}${unit}`;
    return undefined;
  };
  const form = (schema: JsonSchema): string | undefined =>
    typeof schema.pattern === 'string'
      ? typeof schema.errorMessage === 'string'
        ? `${schema.errorMessage}`
        : `matches \`${schema.pattern}\``
      : undefined;
  const parts = [
    range(field.minLength, field.maxLength, ' characters'),
    range(field.minimum, field.maximum, ''),
    range(field.minItems, field.maxItems, ' entries'),
    items && items.type === 'string' ? range(items.minLength, items.maxLength, ' characters each') : undefined,
    form(field),
    'default' in field ? `default ${JSON.stringify(field.default)}` : undefined,
  ];
  return parts.filter(Boolean).join('; ');
}

function fieldRows(set: SchemaSet, key: string, schema: JsonSchema, prefix: string): string[] {
  const rows: string[] = [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const located = dereference(set, { key, schema: raw });
    const field = located.schema;
    const path = `${prefix}${name}`;
    const example = (field.examples as unknown[] | undefined)?.[0];
    const itemSchema =
      field.type === 'array' && field.items ? dereference(set, { key: located.key, schema: field.items as JsonSchema }).schema : undefined;
    const cells = [
      `\`${path}\``,
      String(field.title ?? name),
      typeLabel(set, key, raw),
      required.has(name) ? 'yes' : '',
      limitsOf(field, itemSchema),
      `${String(field.description ?? '')}${example !== undefined && typeof example !== 'object' ? ` Example: \`${JSON.stringify(example)}\`.` : ''}`,
    ];
    rows.push(`| ${cells.map((cell) => cell.replace(/\|/g, '\\|').replace(/\\\\\|/g, '\\|')).join(' | ')} |`);
    const items =
      field.type === 'array' && field.items ? dereference(set, { key: located.key, schema: field.items as JsonSchema }) : undefined;
    if (items?.schema.type === 'object' && !String((field.items as JsonSchema).$ref ?? '').includes('defs.schema')) {
      rows.push(...fieldRows(set, items.key, items.schema, `${path}[].`));
    } else if (field.type === 'object' && !String(raw.$ref ?? '').includes('defs.schema')) {
      rows.push(...fieldRows(set, located.key, field, `${path}.`));
    }
  }
  return rows;
}

function section(set: SchemaSet, key: string, schema: JsonSchema, heading: string): string {
  const example = (schema.examples as unknown[] | undefined)?.[0];
  return [
    `## ${heading}`,
    '',
    String(schema.description ?? ''),
    '',
    '| Field | Title | Type | Required | Limits | What to write |',
    '|---|---|---|---|---|---|',
    ...fieldRows(set, key, schema, ''),
    '',
    ...(example ? ['Example:', '', '```json', JSON.stringify(example, null, 2), '```', ''] : []),
  ].join('\n');
}

function generateDocs(set: SchemaSet): string {
  const defs = set.get('defs.schema.json')?.definitions as Record<string, JsonSchema>;
  const blocks = [...blockSchemas(set)].sort(([a], [b]) => a.localeCompare(b));
  const collections = [...set].filter(([key]) => key.startsWith('collections/')).sort(([a], [b]) => a.localeCompare(b));
  return [
    '# Block reference',
    '',
    `<!-- ${BANNER} -->`,
    '',
    'Each page file in `pages/` lists its sections in `blocks`, top to bottom. Every block is an object whose `"type"` says which kind it is; the tables below list the fields each kind takes. Paths like `cards[].title` mean "the title of each card". `npm run validate` checks every page against these rules.',
    '',
    `Block types: ${blocks.map(([type]) => `[\`${type}\`](#${type.toLowerCase()})`).join(', ')}.`,
    '',
    ...blocks.map(([type, { key, schema }]) => section(set, key, schema, `${type}`)),
    '# Shared values',
    '',
    ...Object.entries(defs).map(([name, schema]) =>
      schema.type === 'object'
        ? section(set, 'defs.schema.json', schema, `${name}`)
        : `## ${name}\n\n${String(schema.description)}\n\nExamples: ${(schema.examples as unknown[]).map((e) => `\`${String(e)}\``).join(', ')}.\n`,
    ),
    '# Collections',
    '',
    'Content shown in more than one place is written once, one file per entry, in `pages/_collections/<collection>/<id>.json`: the file name is the id blocks name it by. docs/content-model.md explains collections, references and the pages made for each entry.',
    '',
    ...collections.map(([key, schema]) => {
      const name = key.slice('collections/'.length, -'.schema.json'.length);
      const namedBy = blocks.flatMap(([type, { schema: block }]) =>
        Object.entries((block.properties ?? {}) as Record<string, JsonSchema>).flatMap(([field, property]) =>
          [[property['x-ref']], [(property.items as JsonSchema | undefined)?.['x-ref']]].flat(2).includes(name)
            ? [`\`${type}.${field}${property.type === 'array' ? '[]' : ''}\``]
            : [],
        ),
      );
      return section(set, key, schema, `${name}`).replace(
        '\n\n| Field',
        `\n\nFiles: \`pages/_collections/${name}/<id>.json\`. Named by: ${namedBy.join(', ') || 'no block yet'}.\n\n| Field`,
      );
    }),
    '# Page file',
    '',
    section(set, 'page.schema.json', set.get('page.schema.json') ?? {}, 'Page fields'),
    '# Site file (`pages/_site.json`)',
    '',
    section(set, 'site.schema.json', set.get('site.schema.json') ?? {}, 'Site fields'),
  ].join('\n');
}

/**
 * A form schema compiled to standalone validation code (Ajv standalone, as RJSF's
 * precompiled validator expects), so the browser never compiles a schema: faster, and no
 * 'unsafe-eval' under a Content-Security-Policy. Ajv emits CommonJS; the module below wraps
 * it as ESM, with Ajv's one runtime helper (string length in code points) written inline.
 */
function generateFormValidator(schema: JsonSchema): string {
  const code = compileSchemaValidatorsCode(schema as never, {
    extenderFn: (ajv) => {
      ajvErrors(ajv as never);
      ajv.addKeyword(RETENTION_KEYWORD);
      return ajv;
    },
    ajvFormatOptions: false,
    ajvOptionsOverrides: { code: { source: true, lines: true } } as never,
  });
  const esm = code
    .replace(/^"use strict";\n/, '')
    .replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, '((text) => Array.from(text).length)');
  if (/require\(/.test(esm)) throw new Error('The compiled form validator needs a runtime import; keep to keywords Ajv compiles inline.');
  return [`// ${BANNER}`, '// @ts-nocheck', 'const exports = {};', esm, 'export default exports;', ''].join('\n');
}

/** Every generated file with the content it should have now. */
export async function generatedFiles(root: string): Promise<{ path: string; content: string }[]> {
  const set = loadSchemaSet(join(root, 'schemas'));
  const forms = [...set].filter(([key]) => key.startsWith('forms/'));
  const definitions = await findDefinitions(root);
  const blocks = checkBlocks(definitions, set);
  // The page schema's list of blocks comes first: the types and docs below are made from it.
  const pageSchema = generatePageSchema(set, blocks);
  set.set('page.schema.json', JSON.parse(pageSchema) as JsonSchema);
  const blockFiles = [...blockSchemas(set).values()].map(({ key, schema }) => ({
    path: `schemas/${key}`,
    content: generateBlockSchema(schema),
  }));
  for (const { path, content } of blockFiles) set.set(path.slice('schemas/'.length), JSON.parse(content) as JsonSchema);
  return [
    { path: 'schemas/page.schema.json', content: pageSchema },
    ...blockFiles,
    { path: 'src/generated/blocks.ts', content: generateBlockRegistry(blocks) },
    { path: 'src/generated/islands.ts', content: generateIslandTable(definitions) },
    { path: 'src/generated/island-definitions.ts', content: generateIslandDefinitions(definitions) },
    { path: 'src/generated/icons.ts', content: generateIconTable(set, lucide) },
    ...generateTechnologyFiles(set, simpleIcons, [
      { ...coreUiBrands, info: coreUiBrandsInfo },
      { ...materialDesignIcons, info: materialDesignIconsInfo },
    ]),
    { path: 'src/generated/schema-types.ts', content: await generateTypes(set) },
    { path: 'docs/blocks.md', content: generateDocs(set) },
    ...forms.map(([key, schema]) => ({
      path: `src/generated/${key.replace('.schema.json', '-validator.ts')}`,
      content: generateFormValidator(schema),
    })),
  ];
}

/**
 * Files in a folder gen owns (the technology logos) that it no longer writes, because their
 * name left the list or their logo moved to another file: gen deletes them, --check reports them.
 */
export function leftOverFiles(root: string, files: { path: string }[]): string[] {
  const folder = join(root, TECHNOLOGY_LOGO_FOLDER);
  const written = new Set(files.map(({ path }) => path));
  return (existsSync(folder) ? readdirSync(folder) : [])
    .map((name) => `${TECHNOLOGY_LOGO_FOLDER}/${name}`)
    .filter((path) => !written.has(path))
    .sort();
}
