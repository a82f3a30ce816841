/**
 * A content file's published versions, read from git: who wrote each, when and why, what the
 * file held then, and the files that were deleted since. Read-only: nothing here changes the
 * checkout. The editor's History panel lists `history`, shows `versionAt`, and finds a deleted
 * page in `deletedFiles`; compare-versions.ts and restore-version.ts take it from there.
 *
 * Every name a person or a request can give (a file's path, a version) is checked first and
 * refused in words (VersionError); a version is then used only by its full commit id, and a path
 * only after `--` or after "<id>:", so neither is ever read as an option.
 */
import { misreadRequest } from '../misread-request';
import { pageWords } from '../page-words';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../../content/fixing/migrate-tree';
import { contentFileOf } from '../../content/content-file';
import { routeOfFile } from '../../content/route-of-file';
import { git } from '../git/git';
import type { Change, DeletedFile, History, Version, VersionText } from '../../../src/content/publishing-types';
import { gitLog, type LogEntry } from './git-log';

export type { VersionText };

/** Why a version could not be read, for the editor's API to answer with (400 for a name, 404 for what is not there). */
export type VersionProblem = 'path' | 'revision' | 'missing' | 'not-json' | 'moved' | 'link';

/** A request for a version refused, in words a person can act on. */
export class VersionError extends Error {
  constructor(
    readonly reason: VersionProblem,
    message: string,
  ) {
    super(message);
    this.name = 'VersionError';
  }
}

/** The path of a content file, as the editor names it ("pages/about.json"), or a refusal in words. */
function contentPath(path: unknown): string {
  const plain =
    typeof path === 'string' &&
    !path.startsWith('-') &&
    /^pages\/[^\0\\]+\.json$/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  if (!plain || contentFileOf(path.slice('pages/'.length)) === undefined)
    throw new VersionError('path', 'The editor keeps the history of pages, entries and the menus, footer and site settings only.');
  return path;
}

/**
 * The full id of the commit a version names (an id, short or long, or a name git knows such as
 * a branch or "HEAD~2": letters, digits and _ . / @ { } ~ ^ + -), or a refusal in words. A name
 * beginning with "-" is refused before git sees it, and git is told it ends the options anyway.
 */
export async function commitOf(root: string, revision: unknown): Promise<string> {
  const name = typeof revision === 'string' ? revision : '';
  if (name.startsWith('-') || name.length > 256 || !/^[\p{L}\p{N}_./@{}~^+-]+$/u.test(name))
    throw new VersionError('revision', misreadRequest('a version it cannot name'));
  const { code, stdout } = await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${name}^{commit}`], {
    allowFailure: true,
  });
  if (code !== 0) throw new VersionError('missing', 'That version is not in the site’s history (any more): open the history again.');
  return stdout.trim();
}

/** A content file's path as a visitor knows it: its page's address, or its file name. */
const addressOf = (path: string): string =>
  (path.startsWith('pages/') ? routeOfFile(path.slice('pages/'.length)) : null) ?? path.split('/').pop() ?? path;

/** Where the project lies in its repository ("" at its top, "site/" in a folder): git's log names paths from the top. */
async function prefixOf(root: string): Promise<string> {
  return (await git(root, ['rev-parse', '--show-prefix'])).stdout.trim();
}

/** A path as git's log names it, made the project's. */
const inProject = (prefix: string, name: string): string => (name.startsWith(prefix) ? name.slice(prefix.length) : name);

/** The commit a name points at, or null when there is none (no upstream, no commit yet). */
async function resolved(root: string, name: string): Promise<string | null> {
  const { code, stdout } = await git(root, ['rev-parse', '--verify', '--quiet', '--symbolic-full-name', '--end-of-options', name], {
    allowFailure: true,
  });
  return code === 0 && stdout.trim() !== '' ? stdout.trim() : null;
}

/** The ids of the commits reachable from `from` and not from `not`. */
async function reachable(root: string, from: string[], not: string): Promise<Set<string>> {
  const { stdout } = await git(root, ['rev-list', ...from, '--not', not, '--']);
  return new Set(stdout.split('\n').filter(Boolean));
}

const CHANGES: Record<string, Change> = { A: 'added', C: 'added', M: 'modified', T: 'modified', R: 'renamed', D: 'deleted' };

/**
 * The versions of one content file, newest first, following it across renames (`git log
 * --follow`): from the checkout's HEAD and from its upstream branch, each marked as published,
 * not yet published or incoming (VersionState). `ref` reads another branch or commit instead
 * of HEAD; `limit` keeps the newest so many.
 */
export async function history(root: string, path: string, options: { limit?: number; ref?: string } = {}): Promise<History> {
  contentPath(path);
  const head = options.ref === undefined ? await resolved(root, 'HEAD') : await commitOf(root, options.ref);
  if (head === null) return { path, upstream: null, versions: [], more: false };
  const upstream = options.ref === undefined ? await resolved(root, '@{upstream}') : null;
  const tips = upstream ? [head, upstream] : [head];
  const limit = options.limit === undefined ? [] : [`--max-count=${Math.max(0, Math.floor(options.limit)) + 1}`];
  const [prefix, entries, unpublished, incoming] = await Promise.all([
    prefixOf(root),
    // --date-order: newest first, and never a commit before one made on top of it (a clock that was
    // wrong cannot put an incoming version after the copy its file's history starts at).
    gitLog(root, [...limit, '--follow', '-M', '--date-order', '--name-status', '--end-of-options', ...tips, '--', path]),
    upstream ? reachable(root, tips, upstream) : new Set<string>(),
    upstream ? reachable(root, [upstream], head) : new Set<string>(),
  ]);
  const versions: Version[] = [];
  for (const entry of entries) {
    const {
      files: [file],
      ...commit
    } = entry;
    // A merge shows no files: it is a version of the file (it brought one in), at the path after it.
    const status = file?.status.charAt(0) ?? 'M';
    const change = CHANGES[status] ?? 'modified';
    const state = unpublished.has(entry.commit) ? 'unpublished' : incoming.has(entry.commit) ? 'incoming' : 'published';
    versions.push({
      ...commit,
      path: file ? inProject(prefix, file.path) : path,
      ...(file?.from === undefined ? {} : { from: inProject(prefix, file.from), fromAddress: addressOf(inProject(prefix, file.from)) }),
      change,
      state,
    });
    // git's --follow also takes a new file for a copy of a similar one (a page made from a copy of
    // another) and goes on with that one's history: this file's own history starts here.
    if (status === 'C') break;
  }
  const more = options.limit !== undefined && versions.length > options.limit;
  return { path, upstream, versions: more ? versions.slice(0, options.limit) : versions, more };
}

/** A text parsed as a JSON object (a BOM allowed); undefined when it is not one. */
export const parsedObject = (text: string): Json | undefined => {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

/** The text of the file at `path` in a commit, or undefined when that commit has no such file. */
async function blobText(root: string, commit: string, path: string, prefix: string): Promise<string | undefined> {
  const { code, stdout } = await git(root, ['cat-file', '--end-of-options', 'blob', `${commit}:${prefix}${path}`], { allowFailure: true });
  return code === 0 ? stdout : undefined;
}

/** How many files are read at once. */
const AT_ONCE = 8;

/**
 * The texts of files, each at its commit (a full id), by project path; a file its commit does
 * not have is left out. A few at a time: one git process each.
 */
export async function textsAt(root: string, files: readonly { commit: string; path: string }[]): Promise<Map<string, string>> {
  const prefix = await prefixOf(root);
  const texts = new Map<string, string>();
  for (let start = 0; start < files.length; start += AT_ONCE) {
    const batch = files.slice(start, start + AT_ONCE);
    const read = await Promise.all(batch.map(({ commit, path }) => blobText(root, commit, path, prefix)));
    batch.forEach(({ path }, index) => {
      const text = read[index];
      if (text !== undefined) texts.set(path, text);
    });
  }
  return texts;
}

/** A content file as it was in one version: its text and its value. */
export async function versionAt(root: string, revision: string, path: string): Promise<VersionText> {
  contentPath(path);
  const commit = await commitOf(root, revision);
  const text = await blobText(root, commit, path, await prefixOf(root));
  if (text === undefined) throw new VersionError('missing', `${pageWords(path, true)} is not in that version.`);
  return { commit, path, text, value: parsedObject(text) };
}

/**
 * Every content file under pages/ that was deleted and is gone now (not in the checkout's HEAD,
 * not on disk), newest deletion first: a deleted page can be found and restored. A file renamed
 * is not deleted; it lives on under its new name.
 */
export async function deletedFiles(root: string): Promise<DeletedFile[]> {
  if ((await resolved(root, 'HEAD')) === null) return [];
  const [prefix, entries] = await Promise.all([
    prefixOf(root),
    gitLog(root, ['-M', '--name-status', '--end-of-options', 'HEAD', '--', 'pages']),
  ]);
  // Newest first: a path's first entry says what became of it last; its next one, its last version.
  const seen = new Set<string>();
  const found: { path: string; deleted: LogEntry; lastVersion?: string }[] = [];
  for (const entry of entries) {
    for (const file of entry.files) {
      const path = inProject(prefix, file.path);
      const open = found.find((deleted) => deleted.path === path && deleted.lastVersion === undefined);
      if (open && file.status !== 'D') open.lastVersion = entry.commit;
      // Renamed away, a path lives on under its new name.
      if (file.from !== undefined) seen.add(inProject(prefix, file.from));
      if (seen.has(path)) continue;
      seen.add(path);
      if (file.status === 'D' && contentFileOf(path.slice('pages/'.length)) && !existsSync(join(root, path)))
        found.push({ path, deleted: entry });
    }
  }
  // A last version no commit of the log shows (it came in by a merge) is the deleting commit's parent's.
  const complete = await Promise.all(
    found.map(async (deleted) => ({
      ...deleted,
      lastVersion: deleted.lastVersion ?? (await commitOf(root, `${deleted.deleted.commit}^`)),
    })),
  );
  const texts = await textsAt(
    root,
    complete.map(({ path, lastVersion }) => ({ commit: lastVersion, path })),
  );
  const titleOf = (path: string): string => {
    const value = parsedObject(texts.get(path) ?? '');
    const title = value?.title ?? value?.name;
    return typeof title === 'string' && title !== '' ? title : (path.split('/').pop() ?? path).replace(/\.json$/, '');
  };
  return complete.map(({ path, deleted: { files: _files, ...deleted }, lastVersion }) => ({
    path,
    title: titleOf(path),
    deleted,
    lastVersion,
  }));
}
