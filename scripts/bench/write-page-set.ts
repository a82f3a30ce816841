/**
 * Synthetic page sets for the benchmarks: the site's own pages (whose links the examples
 * follow) and any number of pages made of the block examples in the schemas, in a folder of
 * their own inside the project (each page's "$schema" is a path of ../ steps to schemas/).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentFileAt, schemaRefOf } from '../content/content-file';
import { listJsonFiles } from '../content/load-site';
import { readVersion } from '../content/fixing/schema-version';

export const BLOCKS_PER_PAGE = 6;

/** Every example of every block schema, in file order. */
export function blockExamples(root: string): unknown[] {
  const dir = join(root, 'schemas/blocks');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .flatMap((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { examples?: unknown[] }).examples ?? []);
}

/** Writes the site's own pages (with "$schema" pointing back at the schemas) and `count` synthetic pages into a new folder. */
export function writePageSet(root: string, base: string, count: number, examples: unknown[]): string {
  const dir = join(base, `pages-${count}`);
  cpSync(join(root, 'pages'), dir, { recursive: true });
  for (const path of listJsonFiles(dir)) {
    const schemaFile = contentFileAt(dir, path)?.schema;
    if (!schemaFile) continue;
    const json = JSON.parse(readFileSync(path, 'utf8')) as { $schema: string };
    json.$schema = schemaRefOf(root, path, schemaFile);
    writeFileSync(path, JSON.stringify(json, null, 2));
  }
  mkdirSync(join(dir, 'bench'));
  for (let index = 0; index < count; index += 1) {
    const file = join(dir, 'bench', `page-${String(index).padStart(5, '0')}.json`);
    const blocks = Array.from({ length: BLOCKS_PER_PAGE }, (_, slot) => examples[(index + slot) % examples.length]);
    const page = {
      $schema: schemaRefOf(root, file, 'page.schema.json'),
      schemaVersion: readVersion(root).version,
      title: `Synthetic page ${index}`,
      description: `Synthetic page number ${index}, built from the block examples to measure the runtime.`,
      blocks,
    };
    writeFileSync(file, JSON.stringify(page, null, 2));
  }
  return dir;
}
