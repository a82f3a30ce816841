/**
 * Worker threads whose code is TypeScript, like the rest of the scripts: a worker does not
 * inherit its parent's loader, so each registers tsx's own before it loads its file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The file URL of tsx's ESM API, read from tsx's own package exports (import.meta.resolve
 * is not available everywhere this module runs, such as Vitest's global setup).
 */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']?.import.default ?? '')).href;
}

const TSX_API = tsxEsmApi();

/**
 * A plain JavaScript module a thread loads before tsx is on, and what it then calls on it: the
 * thread's own file is a default export, called with it. tsx's hooks run on a thread of their own and see
 * every module loaded after them, even with tsx off: a prerendering thread that loaded the build's
 * server entry (hundreds of files with React's) through them spent about a second on it, tsx
 * rewriting each file's dynamic imports and every import a round trip to the hooks' thread.
 */
export interface LoadedFirst {
  url: string;
  /** The name of a function of the module awaited before tsx is on (say, one that loads its lazy parts). */
  prepare?: string;
}

/**
 * Starts a worker thread running the TypeScript module at `file` (a file: URL), with `first`
 * loaded before it when given. A module already compiled to JavaScript (.mjs, as the build's
 * bundle holds them) is imported as it is, without tsx, whose compiling and loader thread cost
 * the build's two cores more than the module's own work.
 */
export function startTsWorker(file: URL, options: Omit<WorkerOptions, 'eval'> = {}, first?: LoadedFirst): Worker {
  const api = JSON.stringify(TSX_API);
  const href = JSON.stringify(file.href);
  const typescript = file.pathname.endsWith('.mjs')
    ? `import(${href})`
    : `import(${api}).then((tsx) => { tsx.register(); return import(${href}); })`;
  const bootstrap = first
    ? `import(${JSON.stringify(first.url)}).then(async (loaded) => { ${first.prepare ? `await loaded[${JSON.stringify(first.prepare)}]();` : ''} return ${typescript}.then((module) => module.default(loaded)); });`
    : `${typescript};`;
  // Without the parent's `--import tsx` (`npm run build` starts node with it), which would put tsx's hooks first.
  return new Worker(bootstrap, { ...options, eval: true, ...(first ? { execArgv: [] } : {}) });
}
