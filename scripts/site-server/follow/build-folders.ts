/**
 * The folders of the follower's builds, all inside its builds folder:
 *
 * - `source/`: the files of the commit being built. Git moves it from commit to commit
 *   (`read-tree -u` with an index of the follower's own, `index`), writing only the files that
 *   changed. It is no git worktree: nothing in it leads to the checkout's repository, whose
 *   config may hold a remote's credentials. The server owns it; the build only reads it.
 * - `source/node_modules/`: a link to each package the checkout installed (a few hundred links,
 *   where hard-linking every file took seconds to make and seconds more to remove), beside the
 *   only two folders of `source/` the build writes: `.cache/` (its kept server entries,
 *   BUILD_CACHE_DIR) and `.vite-temp/` (Vite's bundled config).
 * - `home/`: the build's HOME, kept from build to build.
 * - Its TMPDIR, kept from build to build too (tsx keeps the files it compiled there), is a
 *   folder of its own under the system's temporary folder instead, so that its path stays short:
 *   tsx listens on a socket named after its process there, and a socket's path may not be longer
 *   than 107 bytes (longer, it was cut short without a word, and a later build whose process id
 *   began the same way failed with EADDRINUSE).
 * - `building-<commit>-<time>/site/`: a build under way; it starts as hard links to the build
 *   served, which the build never writes to (it writes new files and renames them into place).
 * - `site-<commit>-<time>/`: a finished build, handed to the server's user before it is served,
 *   so no later build can change it.
 *
 * When the builds run as another user (the server runs as root), that user owns the folders the
 * build writes, and nothing else.
 */
import {
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptFiles, serverEntryDir } from '../../build/incremental/kept-files';
import type { BuildUser } from './follow-settings';

export interface BuildFolders {
  root: string;
  source: string;
  /** The follower's own git index of `source`. */
  index: string;
  home: string;
  tmp: string;
  /** The build's kept server entries (BUILD_CACHE_DIR). */
  cache: string;
  /** The folders the commit's build script finds its programs in (node_modules/.bin). */
  bin: string;
}

/** Entries of the checkout's node_modules that are scratch, never packages: the build gets its own. */
const SCRATCH = new Set(['.cache', '.vite', '.vite-temp']);

/** Makes `path` a folder the build may write: its user's, when it runs as another. */
function giveTo(path: string, user: BuildUser | undefined): void {
  if (user) chownSync(path, user.uid, user.gid);
}

/** Makes `path` (and the folders above it that are missing) a folder the build may write. */
function writableFolder(path: string, user: BuildUser | undefined): string {
  mkdirSync(path, { recursive: true });
  giveTo(path, user);
  return path;
}

/** Makes the builds folder anew (what a follower stopped before left is not served) with its fixed folders. */
export function prepareBuildFolders(buildsDir: string, checkout: string, user: BuildUser | undefined): BuildFolders {
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(buildsDir, { recursive: true, mode: 0o755 });
  const source = join(buildsDir, 'source');
  mkdirSync(join(source, 'node_modules'), { recursive: true });
  const home = writableFolder(join(buildsDir, 'home'), user);
  writableFolder(join(source, 'node_modules/.cache'), user);
  writableFolder(join(source, 'node_modules/.vite-temp'), user);
  const folders = {
    root: buildsDir,
    source,
    index: join(buildsDir, 'index'),
    home,
    tmp: writableFolder(mkdtempSync(join(tmpdir(), 'site-build-')), user),
    cache: writableFolder(join(source, 'node_modules/.cache/build'), user),
    bin: join(source, 'node_modules/.bin'),
  };
  linkPackages(folders, checkout);
  return folders;
}

/**
 * Makes `source/node_modules` hold a link to each package of the checkout's node_modules, and
 * no other: called before each build, so packages installed meanwhile are there. A few hundred
 * entries, read and compared in milliseconds.
 */
export function linkPackages(folders: BuildFolders, checkout: string): void {
  const installed = join(checkout, 'node_modules');
  const packages = existsSync(installed) ? readdirSync(installed).filter((name) => !SCRATCH.has(name)) : [];
  const target = join(folders.source, 'node_modules');
  const wanted = new Set(packages);
  const linksTo = (name: string): string | undefined => {
    try {
      return readlinkSync(join(target, name));
    } catch {
      return undefined;
    }
  };
  for (const name of readdirSync(target))
    if (!SCRATCH.has(name) && (!wanted.has(name) || linksTo(name) !== join(installed, name)))
      rmSync(join(target, name), { recursive: true, force: true });
  for (const name of packages) if (!existsSync(join(target, name))) symlinkSync(join(installed, name), join(target, name));
}

/**
 * Makes `to` a tree of hard links to the files of `from` (copies across file systems), links as
 * links; the folders it makes are the build's, the files stay whose they were.
 */
function linkTree(from: string, to: string, user: BuildUser | undefined): void {
  writableFolder(to, user);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target, user);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
  }
}

/**
 * Puts into the build's cache the server entry `seedDir`'s build rendered with, when the
 * checkout's cache (`checkoutCache`) has it: the first build, which starts from that folder, is
 * then incremental instead of full.
 */
export function seedCache(folders: BuildFolders, checkoutCache: string, seedDir: string, user: BuildUser | undefined): void {
  try {
    const { serverEntry } = JSON.parse(readFileSync(keptFiles(seedDir).record, 'utf8')) as { serverEntry?: unknown };
    if (typeof serverEntry !== 'string' || !/^[0-9a-f]+$/.test(serverEntry)) return;
    const kept = serverEntryDir(checkoutCache, serverEntry);
    if (existsSync(kept)) linkTree(kept, serverEntryDir(folders.cache, serverEntry), user);
  } catch {
    // No record, or one that cannot be read: the first build is a full one.
  }
}

export interface BuildOutput {
  /** The build's own folder, which Vite also writes beside the output. */
  work: string;
  /** Where the build writes the site. */
  out: string;
}

/** A folder for the build of `commit`, starting as hard links to the build `from` (the one served) when there is one. */
export function startOutput(folders: BuildFolders, commit: string, user: BuildUser | undefined, from?: string): BuildOutput {
  const work = writableFolder(join(folders.root, `building-${commit}-${Date.now()}`), user);
  const out = join(work, 'site');
  try {
    if (from && existsSync(from)) linkTree(from, out, user);
  } catch (error) {
    removeFolder(work);
    throw error;
  }
  return { work, out };
}

/** Removes a folder the follower made, with all it holds. */
export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/** A file of a finished build that is no file or folder (a link, a pipe): a build has none, and one is never served. */
class StrangeEntryError extends Error {}

/** Gives every file and folder of `dir` to the server's user (uid, gid), refusing any entry that is not a file or a folder. */
function giveToServer(dir: string, relative: string, owner: { uid: number; gid: number } | undefined): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const shown = relative ? `${relative}/${entry.name}` : entry.name;
    if (!entry.isDirectory() && !entry.isFile())
      throw new StrangeEntryError(`it holds ${shown}, which is ${entry.isSymbolicLink() ? 'a link' : 'no file or folder'}`);
    if (owner && lstatSync(path).uid !== owner.uid) chownSync(path, owner.uid, owner.gid);
    if (entry.isDirectory()) giveToServer(path, shown, owner);
  }
}

/**
 * Hands a finished build over to the server: its files become the server's user's (when the
 * build ran as another), the site moves to `site-<commit>-<time>` beside the others, and the
 * build's folder goes. Returns where the site now is; throws a StrangeEntryError for a build that
 * left a link or another entry no site has.
 */
export function handOver(folders: BuildFolders, output: BuildOutput, commit: string, user: BuildUser | undefined): string {
  const owner = user ? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 } : undefined;
  giveToServer(output.out, '', owner);
  if (owner) chownSync(output.out, owner.uid, owner.gid);
  const served = join(folders.root, `site-${commit}-${Date.now()}`);
  renameSync(output.out, served);
  removeFolder(output.work);
  return served;
}
