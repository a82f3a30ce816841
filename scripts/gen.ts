/**
 * Regenerates what the schemas and the block definitions imply (src/generated/, the block
 * list in schemas/page.schema.json, docs/blocks.md), and the README's settings tables. `--check` writes nothing and fails when
 * any of them is stale.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSchemas } from './content/schema/read-schemas';
import { formatProblem } from './content/checks/create-validator';
import { DefinitionError } from './content/find-definitions';
import { generatedFiles, leftOverFiles } from './gen/generated-files';
import { settingsReadme } from './settings/settings-readme';

const root = join(fileURLToPath(import.meta.url), '../..');
const { check } = parseArgs({ options: { check: { type: 'boolean', default: false } } }).values;
// Schemas that cannot be read, and definitions that do not match them, are said plainly. The
// page schema's list of blocks is exempt: gen rewrites it (after a block is removed, say).
const problems = readSchemas(root).problems.filter(
  (found) => !(found.code === 'missingSchema' && found.file === 'schemas/page.schema.json'),
);
if (problems.length > 0) {
  for (const found of problems) console.error(formatProblem(found));
  process.exit(1);
}
const files = await generatedFiles(root).catch((error: unknown) => {
  if (!(error instanceof DefinitionError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// The README's settings tables, from the commands' settings schemas.
files.push(settingsReadme(root));
const stale: string[] = [];
for (const { path, content } of files) {
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
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
}
for (const path of leftOverFiles(root, files)) {
  if (check) stale.push(path);
  else {
    rmSync(join(root, path));
    console.log(`deleted ${path}`);
  }
}
if (stale.length > 0) {
  console.error(`Out of date: ${stale.join(', ')}. Run npm run gen and commit the result.`);
  process.exit(1);
}
