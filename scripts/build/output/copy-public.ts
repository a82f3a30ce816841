import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { filesInside, realPathInside } from '../../content/real-path-inside';

/**
 * Copies every file of `publicDir` into `outDir`, as the built site's static files, and returns
 * the paths copied. A link is followed only when it stays inside `publicDir` (filesInside): one
 * that leads out of it, nowhere or round a loop is left behind, and so is a socket or a pipe.
 *
 * Why not Vite's own copy (vite.config.ts turns it off): it follows every link, so
 * "public/leak.txt -> /etc/hostname" or "public/up -> .." would put what they lead to in dist/,
 * served to every visitor; a link to nothing stops the build and a loop never ends. npm run
 * validate refuses such links already; this copy never relies on that having run.
 *
 * A file the build wrote already keeps its place, as with Vite's copy (which runs before the bundle is written).
 */
export function copyPublic(publicDir: string, outDir: string): string[] {
  const copied: string[] = [];
  for (const file of filesInside(publicDir).files) {
    const found = realPathInside(publicDir, file);
    const destination = join(outDir, file);
    if (!found.ok || existsSync(destination)) continue;
    mkdirSync(dirname(destination), { recursive: true });
    copyFileSync(found.path, destination);
    copied.push(file);
  }
  return copied;
}
