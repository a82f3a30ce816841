import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Where a path inside a folder really leads. `link` and `target` name the symbolic link that
 * leads astray (relative to the folder, with forward slashes) and what it says it points at.
 */
export type RealPath =
  | { ok: true; path: string }
  | { ok: false; reason: 'notPlain' | 'missing' | 'special' }
  | { ok: false; reason: 'folder'; path: string }
  | { ok: false; reason: 'linkMissing' | 'linkOutside'; link: string; target: string };

const inside = (real: string, realRoot: string): boolean => real === realRoot || real.startsWith(realRoot + sep);

/**
 * Whether `relative` names a real file inside `root`, and where it is.
 *
 * `relative` is a plain relative path: segments joined by "/", none empty, "." or "..", no
 * backslash (which is never a separator here, though browsers and Windows read it as one) and
 * no NUL; anything else is `notPlain`, without touching the disk. Each segment is then looked
 * up in turn: a symbolic link is accepted only when what it leads to exists and lies inside
 * `root` (the real `root`, itself possibly a link); otherwise the answer names that link:
 * `linkMissing` (it leads nowhere, or round in a circle) or `linkOutside`. The file is never
 * opened, so a link out of `root` is never followed to read anything.
 *
 * Returns `{ ok: true, path }`, the file's real absolute path, for a regular file; otherwise
 * `{ ok: false, reason }`: `missing` (nothing there, `root` included), `folder` (with its real
 * path, for a caller that walks folders) or `special` (a device, a socket, a pipe).
 */
export function realPathInside(root: string, relative: string): RealPath {
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment)))
    return { ok: false, reason: 'notPlain' };
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  let real = realRoot;
  for (const [index, segment] of segments.entries()) {
    const next = join(real, segment);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      return { ok: false, reason: 'missing' };
    }
    if (!isLink) {
      real = next;
      continue;
    }
    const link = segments.slice(0, index + 1).join('/');
    const target = readlinkSync(next);
    try {
      real = realpathSync(next);
    } catch {
      return { ok: false, reason: 'linkMissing', link, target };
    }
    if (!inside(real, realRoot)) return { ok: false, reason: 'linkOutside', link, target };
  }
  const stats = statSync(real);
  if (stats.isFile()) return { ok: true, path: real };
  if (stats.isDirectory()) return { ok: false, reason: 'folder', path: real };
  return { ok: false, reason: 'special' };
}

/** A link met while listing a folder that was not followed, and why. */
export interface RefusedLink {
  /** The link, relative to the folder listed, with forward slashes. */
  link: string;
  /** What the link says it points at. */
  target: string;
  /** `loop`: a link to a folder that holds it, which would be listed forever. */
  reason: 'linkMissing' | 'linkOutside' | 'loop';
  /** Whether it is known to lead to a folder. */
  folder: boolean;
}

/**
 * Every regular file under `root`, at any depth, relative to it with forward slashes, sorted;
 * and the links left out: those that lead nowhere, out of `root` or round in a circle. A link
 * that stays inside is followed (it is where the file really is).
 *
 * Hand-written rather than `readdirSync(root, { recursive: true })`: Node 20's recursive read
 * follows every link to a folder, out of `root` and round a loop alike, and lists links that
 * lead nowhere as if they were files.
 */
export function filesInside(root: string): { files: string[]; refused: RefusedLink[] } {
  const files: string[] = [];
  const refused: RefusedLink[] = [];
  const walk = (folder: string, real: string, chain: string[]): void => {
    for (const entry of readdirSync(real, { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isFile()) files.push(relative);
      else if (entry.isDirectory()) walk(relative, join(real, entry.name), [...chain, join(real, entry.name)]);
      else if (entry.isSymbolicLink()) {
        const found = realPathInside(root, relative);
        const target = readlinkSync(join(real, entry.name));
        if (found.ok) files.push(relative);
        else if (found.reason === 'folder') {
          if (chain.includes(found.path)) refused.push({ link: relative, target, reason: 'loop', folder: true });
          else walk(relative, found.path, [...chain, found.path]);
        } else if (found.reason === 'linkMissing' || found.reason === 'linkOutside') {
          const folderLink = found.reason === 'linkOutside' && statSync(join(real, entry.name)).isDirectory();
          refused.push({ link: relative, target, reason: found.reason, folder: folderLink });
        }
      }
    }
  };
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return { files, refused };
  }
  if (statSync(realRoot).isDirectory()) walk('', realRoot, [realRoot]);
  return { files: files.sort(), refused: refused.sort((a, b) => a.link.localeCompare(b.link)) };
}

/** Where a path inside a folder leads, found without following any link. */
export type RealFile =
  | { ok: true; absolute: string; exists: boolean }
  | { ok: false; reason: 'link' | 'not-a-folder' | 'not-a-file'; at: string };

/**
 * The stricter rule of the two, for a file about to be written (the editor's saves and
 * uploads): unlike realPathInside it follows no link at all, not even one that stays inside.
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
