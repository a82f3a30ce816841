/**
 * `npm run build`: validates the site (and refuses to build an invalid one), builds the
 * client and the server entry with Vite, then prerenders every page to static HTML in dist/
 * (or `--out <dir>`).
 *
 * A build into a folder that holds a finished build of the same code, schemas and site file
 * is incremental: it reuses that build's bundles and server entry, renders only the pages whose
 * content changed (their file, or an entry they name) and the new ones, removes those gone, and
 * compresses only what it wrote (scripts/build/incremental/build-record.ts plans it). `--full` always
 * builds everything.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCache, keptServerEntry, warmUpFile } from './build/incremental/kept-files';
import { buildFlags, buildSettings } from './settings/build-settings';
import { SettingError } from './settings/read-settings';
import { startPrerenderer } from './build/render/prerenderer';
import { stepClock } from './build/step-clock';
import { startViteStage } from './build/bundles/vite-stage';

// react-dom/server picks its build from NODE_ENV when first loaded (in the prerendering threads too).
process.env.NODE_ENV = 'production';

const root = join(fileURLToPath(import.meta.url), '../..');
// `--development` builds the client with React's development build, which reports every
// hydration mismatch: the browser tests use it to prove hydration is clean.
// Its settings and flags, read and checked once (scripts/settings/build-settings.ts): one that
// cannot work stops the build in one line, before anything is built.
let options: ReturnType<typeof buildFlags>;
let settings: ReturnType<typeof buildSettings>;
try {
  options = buildFlags(process.argv.slice(2));
  settings = buildSettings();
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const outDir = options.out ? resolve(options.out) : join(root, 'dist');
const cacheDir = buildCache(root);

// A build that may be incremental starts its prerendering thread before anything else, and only
// then loads the rest of the build: the thread loads the kept server entry (about a second)
// while this one loads the build's modules and reads the site, instead of after them.
const keptEntry = options.full ? undefined : keptServerEntry(outDir, cacheDir);
const prerenderer = keptEntry ? startPrerenderer(keptEntry, warmUpFile(cacheDir)) : undefined;
// A build with no server entry to reuse can only be full: its Vite builds run first, before
// the site is read, so that their memory and the site's are never held at once; what they
// print waits until the site is known to have no problem (vite-stage.ts).
const vite = keptEntry ? undefined : startViteStage(root, outDir, cacheDir, options.development);
await vite?.done;
const clock = stepClock();
clock.step(vite ? 'starting, with the Vite builds' : 'starting');
const { buildSite } = await import('./build/build-site');
await buildSite({
  root,
  // PAGES_DIR builds another set of pages (a fixture, a scratch copy) with the same runtime.
  pagesDir: settings.pagesDir ?? join(root, 'pages'),
  outDir,
  cacheDir,
  development: options.development,
  full: options.full,
  prerenderer,
  vite,
  clock,
});
