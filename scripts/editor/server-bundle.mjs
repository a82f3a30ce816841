/**
 * The bundle `npm run edit` (scripts/edit.mjs) runs: the editor's server code (scripts/editor/run-editor.ts and everything it
 * imports, and the migrations) bundled by esbuild into one folder under
 * node_modules/.cache/editor-server/<hash of the sources>, and run from there by Node alone.
 * Through tsx, the same start compiles and resolves some hundred modules one by one and takes
 * a third of a second longer (reports/bench.md). A change to any source under scripts/, src/
 * or migrations/ makes a new bundle at the next start (a few tenths of a second); packages are
 * not bundled but loaded from node_modules, as the sources load them.
 *
 * Plain JavaScript, as it runs before anything is compiled. `node --import tsx scripts/edit.ts`
 * starts the same editor from the sources. The bench (scripts/bench/editor.ts) times a bundling.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../../..');
export const SOURCES = ['scripts', 'src', 'migrations', 'tsconfig.json', 'package-lock.json'];
export const CACHE = join(root, 'node_modules/.cache/editor-server');
/** Bundles kept: older ones go. */
const KEEP = 3;

/**
 * One hash over the name and content of every file under `sources` (folders and files inside
 * `codeRoot`), so a change to any of them is a new build: the editor's app (editor-build.ts)
 * and this bundle are each made once per hash.
 */
export function hashOfSources(codeRoot, sources) {
  const hash = createHash('sha256');
  for (const start of sources) {
    const path = join(codeRoot, start);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true })
          .map((name) => join(start, name))
          .sort()
      : [start];
    for (const file of files) {
      const absolute = join(codeRoot, file);
      if (!statSync(absolute).isFile()) continue;
      hash.update(`${file}\0`).update(readFileSync(absolute)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The hash of every source file the bundle can be made from: the version of the editor's server code. */
export const sourceHash = (codeRoot = root) => hashOfSources(codeRoot, SOURCES);

/**
 * Each source keeps its own `import.meta.url`, `import.meta.dirname` and `import.meta.filename`:
 * the code finds the project's folders from where its file is, not from where the bundle is.
 */
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, ({ path }) => {
      // A package's own file, not a source. The sources may lie under a node_modules of their
      // own: the follower builds each commit in node_modules/.cache/site-builds/source.
      const inside = relative(root, path);
      if (inside.startsWith('..') || inside.split(sep)[0] === 'node_modules') return undefined;
      const contents = readFileSync(path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
        .replaceAll('import.meta.filename', JSON.stringify(path));
      return { contents, loader: path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(path) };
    });
  },
};

/**
 * Bundles `entryPoints` (with what they import) into `folder`, through a temporary folder so
 * that another start never sees half of one, and removes all but the newest few bundles beside it.
 */
export async function bundleInto(folder, entryPoints) {
  const { build } = await import('esbuild');
  mkdirSync(dirname(folder), { recursive: true });
  const temporary = `${folder}.${process.pid}.tmp`;
  await build({
    absWorkingDir: root,
    entryPoints,
    outbase: root,
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Stylesheets a block's component imports are the browser's business; the server never loads one.
    loader: { '.css': 'empty' },
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [ownLocation],
  });
  try {
    renameSync(temporary, folder);
  } catch {
    // Another start made the same bundle first: theirs is used.
    rmSync(temporary, { recursive: true, force: true });
  }
  // Only bundles named by their sources' hash, in a cache, have older ones beside them.
  if (!/[0-9a-f]{16}$/.test(folder)) return;
  const beside = dirname(folder);
  const old = readdirSync(beside)
    .filter((name) => !name.endsWith('.tmp') && name.startsWith(prefixOf(folder)))
    .map((name) => ({ name, time: statSync(join(beside, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
    .slice(KEEP);
  for (const { name } of old) rmSync(join(beside, name), { recursive: true, force: true });
}

/** A bundle folder's name up to its hash ("" for the editor's, named by the hash alone; "script-" for the build's). */
const prefixOf = (folder) => folder.slice(dirname(folder).length + 1).replace(/[0-9a-f]{16}$/, '');

/** Builds the editor's bundle into `folder`: its server code and the migrations. */
export async function bundle(folder) {
  const migrations = readdirSync(join(root, 'migrations'))
    .filter((name) => /^\d{3}-.+\.ts$/.test(name))
    .map((name) => join(root, 'migrations', name));
  await bundleInto(folder, [join(root, 'scripts/editor/run-editor.ts'), ...migrations]);
}
