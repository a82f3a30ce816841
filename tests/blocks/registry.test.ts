import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockSchemas, loadSchemaSet } from '../../scripts/content/schema/schema-set';
import { paletteEntries } from '../../scripts/content/find-definitions';
import { generatedFiles } from '../../scripts/gen/generated-files';
import { blocks } from '../../src/generated/blocks';
import { islandModules, islands } from '../../src/generated/islands';
import { root } from '../helpers/project';

const schemaTypes = [...blockSchemas(loadSchemaSet(join(root, 'schemas'))).keys()].sort();

describe('block definitions', () => {
  it('give every block schema one definition, and every definition a schema', () => {
    expect(Object.keys(blocks).sort()).toEqual(schemaTypes);
  });

  it('load a component function for every block type', async () => {
    for (const [type, definition] of Object.entries(blocks)) {
      const module = await definition.load();
      expect(typeof module.default, type).toBe('function');
    }
  });

  it('hydrate exactly the island blocks, plus the navigation bar and the banner video, fetched with the page', () => {
    const interactive = Object.values(blocks).flatMap((definition) => (definition.island ? [definition.type] : []));
    expect(Object.keys(islands).sort()).toEqual([...interactive, 'heroVideo', 'navBar'].sort());
    expect(Object.entries(islandModules).flatMap(([name, { preload }]) => (preload ? [name] : []))).toEqual(['heroVideo', 'navBar']);
  });

  it('give the editor a palette: each type with its schema title and description, a category and an icon', () => {
    const set = loadSchemaSet(join(root, 'schemas'));
    const palette = paletteEntries(set, blocks);
    expect(palette.map((entry) => entry.type).sort()).toEqual(schemaTypes);
    for (const entry of palette) {
      expect(entry.title, entry.type).not.toBe(entry.type);
      expect(entry.description.length, entry.type).toBeGreaterThan(20);
      expect(entry.icon, entry.type).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('are the only hand-written place that lists block types', () => {
    const generated = /^src\/generated\/|\/definition\.ts$/;
    const sources = ['src', 'scripts']
      .flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[]).map((path) => `${dir}/${path}`))
      .filter((path) => /\.tsx?$/.test(path) && !generated.test(path));
    const listing = sources.filter((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      // A list names several types as strings or object keys: 'cardGrid', cardGrid: …
      return schemaTypes.filter((type) => new RegExp(`['"\`]${type}['"\`]|\\b${type}\\s*:`).test(text)).length >= 3;
    });
    expect(listing).toEqual([]);
  });
});

describe('adding a block', () => {
  // Inside the project, so the copied definitions resolve react and the rest from node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const scratch = mkdtempSync(join(root, 'node_modules/.cache/new-block-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('takes what docs/adding-a-block.md shows: a schema, a folder with a component and a definition, and npm run gen', async () => {
    // The doc's own code, so the doc stays true: its JSON, TSX and TS blocks, in that order.
    const doc = readFileSync(join(root, 'docs/adding-a-block.md'), 'utf8');
    const code = (language: string): string => new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1] ?? '';
    cpSync(join(root, 'src'), join(scratch, 'src'), { recursive: true });
    cpSync(join(root, 'schemas'), join(scratch, 'schemas'), { recursive: true });
    writeFileSync(join(scratch, 'schemas/blocks/quote.schema.json'), code('json'));
    mkdirSync(join(scratch, 'src/blocks/quote'));
    writeFileSync(join(scratch, 'src/blocks/quote/Quote.tsx'), code('tsx'));
    writeFileSync(join(scratch, 'src/blocks/quote/definition.ts'), code('ts'));
    const files = new Map((await generatedFiles(scratch)).map(({ path, content }) => [path, content]));
    expect(files.get('schemas/page.schema.json')).toContain('"$ref": "blocks/quote.schema.json"');
    expect(files.get('src/generated/blocks.ts')).toContain("import quote from '../blocks/quote/definition';");
    expect(files.get('src/generated/islands.ts')).not.toContain('quote');
    expect(files.get('src/generated/schema-types.ts')).toMatch(/export interface Quote \{[^}]*type: 'quote';/);
    expect(files.get('docs/blocks.md')).toContain('## quote');
  });

  it('refuses a definition whose schema is missing, naming the file', async () => {
    rmSync(join(scratch, 'schemas/blocks/quote.schema.json'));
    await expect(generatedFiles(scratch)).rejects.toThrow(
      'src/blocks/quote/definition.ts: no schema in schemas/blocks/ has "type": { "const": "quote" }.',
    );
  });
});
