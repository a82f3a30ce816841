/**
 * How a script starts the build as `npm run build` does (package.json's build script): node with
 * tsx as its loader, in one process. tsx's own command starts a second node process under the
 * first, which cost each build about half a second of start-up and CPU.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The arguments of `process.execPath` that build the site in `root`, followed by `args` (say `--out <folder>`). */
export function buildProcessArgs(root: string, args: string[] = []): string[] {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--expose-gc', '--import', tsx, join(root, 'scripts/build.ts'), ...args];
}
