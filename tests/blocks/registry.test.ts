import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../src/blocks/registry';
import { islands } from '../../src/runtime/islands';
import { blockSchemas, loadSchemaSet } from '../../src/runtime/validation/schema-set';

const root = join(import.meta.dirname, '../..');
const schemaTypes = [...blockSchemas(loadSchemaSet(join(root, 'schemas'))).keys()].sort();
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('block registry', () => {
  it('has a component for every block schema and a schema for every component', () => {
    expect(Object.keys(blocks).sort()).toEqual(schemaTypes);
  });

  it('loads a component function for every block type', async () => {
    for (const [type, definition] of Object.entries(blocks)) {
      const module = await definition.load();
      expect(typeof module.default, type).toBe('function');
    }
  });

  it('keeps each block in a folder named after its type, as the prerenderer expects of islands', () => {
    for (const type of Object.keys(blocks)) expect(existsSync(join(root, 'src/blocks', kebab(type))), type).toBe(true);
  });

  it('hydrates exactly the interactive blocks, plus the navigation bar and the banner video', () => {
    const interactive = Object.entries(blocks).flatMap(([type, definition]) => (definition.island ? [type] : []));
    expect(Object.keys(islands).sort()).toEqual([...interactive, 'heroVideo', 'navBar'].sort());
  });
});
