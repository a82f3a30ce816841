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

/** Starts a worker thread running the TypeScript module at `file` (a file: URL). */
export function startTsWorker(file: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
