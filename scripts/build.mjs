/**
 * `npm run build`, quickly: scripts/build.ts and everything it imports bundled once per change of
 * the code (scripts/editor/server-bundle.mjs, as `npm run edit` does) and run by Node alone.
 * Through tsx, each build spent about half a second compiling and resolving its modules one by
 * one before it did anything. The bundle is kept in node_modules/.cache/build-script, where the
 * packages it leaves out are found; where it cannot be made, the build runs from its sources,
 * as `node --import tsx scripts/build.ts` does. Plain JavaScript, as it runs before anything is
 * compiled.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleInto, hashOfSources, SOURCES } from './editor/server-bundle.mjs';

const root = join(fileURLToPath(import.meta.url), '../..');
// The schemas too: a module that imports one (a form's) holds it in the bundle. And the project's
// place: each module finds the project's folders from its own path, which the bundle holds, so
// a copy of the project that shares these packages (a link to them) never runs another's bundle.
const sources = hashOfSources(root, [...SOURCES, 'schemas']);
const folder = join(root, 'node_modules/.cache/build-script', `${sources}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);
const bundled = join(folder, 'scripts/build.mjs');
let made = existsSync(bundled);
if (!made) {
  try {
    // The prerendering thread's module too, which a thread then loads without compiling anything (prerenderer.ts).
    await bundleInto(folder, [join(root, 'scripts/build.ts'), join(root, 'scripts/build/render/prerender-worker.ts')]);
    made = true;
  } catch (error) {
    console.warn(`The build runs from its sources: its bundle could not be made (${error.message.split('\n')[0]}).`);
  }
}
if (made) {
  // Where the bundle is, for the modules in it that start threads from it.
  globalThis.buildScriptBundle = folder;
  await import(pathToFileURL(bundled).href);
} else {
  (await import('tsx/esm/api')).register();
  await import(pathToFileURL(join(root, 'scripts/build.ts')).href);
}
