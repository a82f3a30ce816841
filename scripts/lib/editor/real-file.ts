import { lstatSync } from 'node:fs';
import { join } from 'node:path';

/** Where a path inside a folder leads, found without following any link. */
export type RealFile =
  | { ok: true; absolute: string; exists: boolean }
  | { ok: false; reason: 'link' | 'not-a-folder' | 'not-a-file'; at: string };

/**
 * Follows `relative` (forward slashes, already free of "." and "..") down from `folder` one
 * name at a time with lstat, never through a symbolic link: a link anywhere on the way, dangling
 * or not, is reported with where it stands, so nothing is read or written beyond the folder by
 * way of one. A path whose last names do not exist yet is a file that may be created.
 */
export function realFileIn(folder: string, relative: string): RealFile {
  let absolute = folder;
  const names = relative.split('/');
  for (const [index, name] of names.entries()) {
    absolute = join(absolute, name);
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(absolute);
    } catch {
      return { ok: true, absolute: join(folder, ...names), exists: false };
    }
    const last = index === names.length - 1;
    if (stats.isSymbolicLink()) return { ok: false, reason: 'link', at: absolute };
    if (!last && !stats.isDirectory()) return { ok: false, reason: 'not-a-folder', at: absolute };
    if (last && !stats.isFile()) return { ok: false, reason: 'not-a-file', at: absolute };
  }
  return { ok: true, absolute, exists: true };
}
