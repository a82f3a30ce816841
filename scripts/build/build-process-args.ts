/**
 * How a script starts the build as `npm run build` does (package.json's build script): node
 * running the build's bundle (scripts/build.mjs), in one process. npm's own start, or tsx's
 * command, would start a second node process under the first.
 */
import { join } from 'node:path';

/** The arguments of `process.execPath` that build the site in `root`, followed by `args` (say `--out <folder>`). */
export function buildProcessArgs(root: string, args: string[] = []): string[] {
  return ['--expose-gc', join(root, 'scripts/build.mjs'), ...args];
}
