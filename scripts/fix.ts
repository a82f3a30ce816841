/**
 * `npm run fix`: repairs what is mechanical in the content files (pages/ and the site file):
 * a byte-order mark, typographic quotes used as JSON's quotes, trailing commas, the
 * `$schema` path for the file's depth, and the repository's formatting. It prints what it
 * changed in each file and leaves meaning alone: a file it cannot repair without guessing is
 * named, with why. `npm run fix -- --dry-run` only says what it would change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fixContent } from './content/fixing/fix-content';
import { contentFileAt, schemaRefOf } from './content/content-file';
import { listJsonFiles } from './content/load-site';

const root = join(fileURLToPath(import.meta.url), '../..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
const pagesDir = positionals[0] ? join(process.cwd(), positionals[0]) : join(root, 'pages');
let changed = 0;
for (const path of listJsonFiles(pagesDir).sort()) {
  const file = relative(root, path).split(sep).join('/');
  const schemaFile = contentFileAt(pagesDir, path)?.schema;
  if (!schemaFile) continue;
  const result = fixContent(readFileSync(path, 'utf8'), schemaRefOf(root, path, schemaFile));
  if (result.leftAlone) console.log(`${file}: left as it is: ${result.leftAlone}.`);
  if (!result.text) continue;
  changed += 1;
  console.log(`${file}: ${result.changes.join('; ')}`);
  if (!values['dry-run']) writeFileSync(path, result.text);
}
console.log(
  changed === 0
    ? 'Nothing to repair.'
    : `${values['dry-run'] ? 'Would repair' : 'Repaired'} ${changed} file${changed === 1 ? '' : 's'}. Run npm run validate to check the rest.`,
);
