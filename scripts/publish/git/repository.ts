/**
 * The checkout publishing works in, and the few git reads everything here shares. Paths are
 * always literal (GIT_LITERAL_PATHSPECS): a template's name, `[jobs].json`, is that file and
 * never a pattern matching `j.json` and `s.json` beside it. The editor publishes only the content
 * folders, so every path is checked against them here, once.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, realpathSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { git, type GitOptions, type GitResult } from './git';

/** A git checkout whose top is the project's root. */
export interface Repository {
  root: string;
  /** Its git folder (a worktree's own, for a linked worktree): the index and the publish lock live there. */
  gitDir: string;
}

/** Who wrote a commit, or publishes one. */
export interface Author {
  name: string;
  email: string;
}

/** The folders the editor publishes: nothing outside them is ever committed. */
export const CONTENT_FOLDERS = ['pages', 'public/media'] as const;

/** Whether a project path ("pages/about.json") lies inside a content folder, written plainly (no "..", no "./", no "//"). */
export function isContentPath(path: string): boolean {
  if (/[\0\n\r\\]/.test(path) || path.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  return CONTENT_FOLDERS.some((folder) => path.startsWith(`${folder}/`));
}

/** Runs git in the checkout, every path taken literally. */
export function run(repo: Repository, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return git(repo.root, args, { ...options, env: { GIT_LITERAL_PATHSPECS: '1', ...options.env } });
}

/** Lines of output ended by NUL (git's -z), without the empty one after the last. */
export const nulSplit = (text: string): string[] => {
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
};

/**
 * The checkout at `root`, or why publishing cannot work there: no git checkout, or `root` is a
 * folder inside one (the editor must run at the top of its checkout, where pages/ is).
 */
export async function openRepository(root: string): Promise<Repository | string> {
  const found = await git(root, ['rev-parse', '--show-toplevel', '--absolute-git-dir'], { allowFailure: true });
  const [top, gitDir] = found.stdout.split('\n');
  if (found.code !== 0 || !top || !gitDir) return `${root} is not a git checkout, so nothing can be published from it.`;
  if (realpathSync(top) !== realpathSync(root))
    return `${root} is a folder inside the git checkout at ${top}: publishing works only when the project is the top of its checkout.`;
  return { root, gitDir };
}

/** The commit a revision names, or null when it names none (no commit yet, no such branch). */
export async function commitOf(repo: Repository, revision: string): Promise<string | null> {
  const found = await run(repo, ['rev-parse', '--verify', '-q', `${revision}^{commit}`], { allowFailure: true });
  return found.code === 0 ? found.stdout.trim() : null;
}

/** A file's text in a commit, or null where the commit has no such file. */
export async function textAt(repo: Repository, commit: string | null, path: string): Promise<string | null> {
  if (commit === null) return null;
  // "<commit>:<path>" is one argument starting with the commit's id: never an option, the path taken as it is.
  const found = await run(repo, ['cat-file', 'blob', `${commit}:${path}`], { allowFailure: true });
  return found.code === 0 ? found.stdout : null;
}

/** A file's text by its object id. */
export async function blobText(repo: Repository, object: string): Promise<string> {
  return (await run(repo, ['cat-file', 'blob', object])).stdout;
}

/** Git's configured user (user.name and user.email), or null when either is missing. */
export async function configuredUser(repo: Pick<Repository, 'root'>): Promise<Author | null> {
  const read = async (key: string) => (await git(repo.root, ['config', '--get', key], { allowFailure: true })).stdout.trim();
  const [name, email] = await Promise.all([read('user.name'), read('user.email')]);
  return name && email ? { name, email } : null;
}

/**
 * Runs `work` with an index file of its own (the environment to give git for it), so that
 * nothing is ever staged in, or taken from, the person's own index: a copy of the checkout's
 * index (`'copy'`: its cached file states spare rehashing every file), a commit's tree, or empty
 * (null). The file is removed afterwards.
 */
export async function withIndex<T>(
  repo: Repository,
  seed: 'copy' | string | null,
  work: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const file = join(repo.gitDir, `publish-index-${process.pid}-${randomBytes(6).toString('hex')}`);
  const env = { GIT_INDEX_FILE: file };
  try {
    const index = join(repo.gitDir, 'index');
    if (seed === 'copy' && existsSync(index)) {
      copyFileSync(index, file);
      // With the index's own time: git trusts a file's size and time only when they are older than the
      // index, so a copy made later would take a file rewritten at the same size in that second for unchanged.
      const { atime, mtime } = statSync(index);
      utimesSync(file, atime, mtime);
    } else if (seed !== 'copy' && seed !== null) await run(repo, ['read-tree', seed], { env });
    return await work(env);
  } finally {
    rmSync(file, { force: true });
    rmSync(`${file}.lock`, { force: true });
  }
}
