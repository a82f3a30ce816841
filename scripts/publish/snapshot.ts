/**
 * The chosen files' bytes, taken once and written to git's objects before anything is checked:
 * what publishing checks and commits is these objects, never the files again, so a save that
 * lands meanwhile can neither slip into the commit unchecked nor be lost (it stays a change on
 * disk, to publish next). A file is read as git would add it: a regular file's bytes (through
 * the repository's clean filters, `--path`), a link's target as a link, and nothing for a
 * folder, a path beneath a link, or anything that is not a file (a pipe is never opened).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type Repository, run, withIndex } from './git/repository';

/** One file as a tree holds it: its mode ("100644", "100755", "120000" for a link) and its object. */
export interface TreeEntry {
  mode: string;
  object: string;
}

export interface Snapshot {
  /** Each path's entry as the commit will have it; null when the commit will not have the path. */
  entries: Map<string, TreeEntry | null>;
  /** The text of each regular file taken, by path. */
  texts: Map<string, string>;
  /** The paths that are there and could not be read (their permissions): nothing may be committed for them. */
  unreadable: string[];
}

/** Whether every folder on the way to `path` is a real folder (git adds nothing beneath a link). */
function plainFolders(root: string, path: string): boolean {
  const parts = path.split('/');
  for (let end = 1; end < parts.length; end += 1) {
    const stats = lstatSync(join(root, ...parts.slice(0, end)), { throwIfNoEntry: false });
    if (!stats?.isDirectory()) return false;
  }
  return true;
}

/**
 * A regular file's bytes and whether it is executable, read without following a link or waiting
 * on a pipe; null when it is gone or is no regular file, 'unreadable' when it is there and
 * cannot be read (its permissions): never taken for a file deleted.
 */
function readRegular(file: string): { bytes: Buffer; executable: boolean } | null | 'unreadable' {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : 'unreadable';
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() ? { bytes: readFileSync(fd), executable: (stats.mode & 0o100) !== 0 } : null;
  } finally {
    closeSync(fd);
  }
}

const hashed = async (repo: Repository, bytes: Buffer, args: string[]): Promise<string> =>
  (await run(repo, ['hash-object', '-w', '--stdin', ...args], { input: bytes })).stdout.trim();

/** Reads `paths` (project paths) from disk once, into git's objects. */
export async function snapshot(repo: Repository, paths: readonly string[]): Promise<Snapshot> {
  const entries = new Map<string, TreeEntry | null>();
  const texts = new Map<string, string>();
  const unreadable: string[] = [];
  for (const path of paths) {
    const file = join(repo.root, path);
    const stats = plainFolders(repo.root, path) ? lstatSync(file, { throwIfNoEntry: false }) : undefined;
    if (stats?.isSymbolicLink()) {
      entries.set(path, { mode: '120000', object: await hashed(repo, readlinkSync(file, { encoding: 'buffer' }), ['--no-filters']) });
      continue;
    }
    const read = stats?.isFile() ? readRegular(file) : null;
    if (read === 'unreadable') {
      unreadable.push(path);
      continue;
    }
    if (!read) {
      entries.set(path, null);
      continue;
    }
    // "--path=<path>" is one argument: a file named "-x" is never an option. The repository's filters apply, as git add's do.
    const object = await hashed(repo, read.bytes, [`--path=${path}`]);
    entries.set(path, { mode: read.executable ? '100755' : '100644', object });
    texts.set(path, read.bytes.toString('utf8'));
  }
  return { entries, texts, unreadable };
}

/** `head`'s tree (or an empty one) with exactly the entries taken: the tree a publish, or a request for review, commits. */
export async function treeWith(repo: Repository, head: string | null, entries: Map<string, TreeEntry | null>): Promise<string> {
  // Removals first, so that a folder may take the place of a file it replaces.
  const none = '0'.repeat(head?.length ?? 40);
  const lines = [...entries]
    .sort(([, a], [, b]) => Number(a !== null) - Number(b !== null))
    .map(([path, entry]) => (entry ? `${entry.mode} ${entry.object}\t${path}\0` : `0 ${none}\t${path}\0`));
  return withIndex(repo, head, async (env) => {
    await run(repo, ['update-index', '-z', '--index-info'], { env, input: lines.join('') });
    return (await run(repo, ['write-tree'], { env })).stdout.trim();
  });
}
