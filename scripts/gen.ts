/**
 * Regenerates what the schemas imply: the TypeScript props types in src/generated/ and the
 * block reference in docs/blocks.md. `--check` writes nothing and fails when either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedFiles } from './lib/generated-files';

const root = join(fileURLToPath(import.meta.url), '../..');
const { check } = parseArgs({ options: { check: { type: 'boolean', default: false } } }).values;
const stale: string[] = [];
for (const { path, content } of await generatedFiles(root)) {
  const current = (() => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return '';
    }
  })();
  if (current === content) continue;
  if (check) stale.push(path);
  else {
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
}
if (stale.length > 0) {
  console.error(`Out of date: ${stale.join(', ')}. Run npm run gen and commit the result.`);
  process.exit(1);
}
