/**
 * `npm run edit`, quickly: the editor's server code bundled once per change of it
 * (scripts/editor/server-bundle.mjs) and run by Node alone. Through tsx, the same start
 * compiles and resolves some hundred modules one by one and takes a third of a second longer.
 * `node --import tsx scripts/edit.ts` starts the same editor from the sources.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle, CACHE, sourceHash } from './editor/server-bundle.mjs';

const root = join(fileURLToPath(import.meta.url), '../..');
const version = sourceHash();
const folder = join(CACHE, version);
if (!existsSync(join(folder, 'scripts/editor/run-editor.mjs'))) {
  console.log("Building the editor's server: its code changed since the last start…");
  await bundle(folder);
}
const { runEditor } = await import(pathToFileURL(join(folder, 'scripts/editor/run-editor.mjs')).href);
// The migrations' bundles, when there is any migration to bundle.
const migrations = join(folder, 'migrations');
await runEditor(existsSync(migrations) ? migrations : join(root, 'migrations'), version);
