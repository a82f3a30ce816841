/**
 * Which commits the follower builds. A build runs the commit's own code (its package.json
 * scripts, vite.config.ts, scripts/build.ts…), so code must come from someone trusted. The
 * trusted code is the code served: at start, the commit checked out (it is the code the server
 * itself runs); then the code of each commit served.
 *
 * - A commit whose difference from the commit served (or from one served before it: the branch
 *   moved back) touches only content is built: its code is the code served. Content is what the
 *   site's people publish, read as data and never run: regular files under pages/, public/ and
 *   docs/, and Markdown files at the top of the project.
 *   Everything else is code, deliberately: schemas/ and migrations/ (the build runs them), any
 *   dotfile at the top (.npmrc), package.json, a .gitattributes anywhere (it tells git how to
 *   write the files), a path git would not write (pages/.git/config, made with git mktree), and
 *   a link or a submodule anywhere, even in pages/ (a link could lead the build to a file outside
 *   the commit). Content is also limited in size (MAX_FILE_BYTES).
 * - A commit that changes code is built when its code is that of a commit signed by a key in
 *   the allowed-signers file the operator names (git's SSH signatures): the commit itself, or a
 *   signed commit before it whose code it keeps (an editor's publish on top of a signed release).
 * - Anything else is refused, in one line that says which code files it changes and how to make
 *   it trusted.
 */
import type { FollowGit } from './follow-git';
import { FollowGitError } from './follow-git';

/** Folders whose regular files are content. */
const CONTENT_FOLDERS = ['pages/', 'public/', 'docs/'];
/** Git's modes for a link and for a submodule: code wherever they are. */
const LINK = '120000';
const SUBMODULE = '160000';
/** More changed files than this, and the commit is refused unchecked: a build of it would take the machine. */
export const MAX_CHANGED_FILES = 50_000;
/**
 * A content file larger than this, or a commit's changed content files adding up to more, and it
 * is refused: written out (and copied into the site) it could fill the disk the store is on. The
 * editor takes pictures of at most 5 MB; a signed commit is not limited.
 */
const MAX_FILE_BYTES = 100 * 1024 ** 2;
const MAX_COMMIT_BYTES = 1024 ** 3;
/** Git's id of nothing: the new id of a deleted file. */
const NOTHING = /^0+$/;
/** At most this many of a range's newest commits are asked for a signature. */
const SIGNED_LOOKED_AT = 200;

/** One changed path between two commits, with its mode and object id after the change ("000000" and zeros when deleted). */
interface Change {
  path: string;
  mode: string;
  id: string;
}

/** Why a file is code: its place, or what it is (a link, a submodule). */
const codeReason = ({ path, mode }: Change): string | undefined => {
  if (mode === LINK) return 'a link';
  if (mode === SUBMODULE) return 'a submodule';
  // A path git would not write (it refuses them), judged as code rather than as the folder it names first.
  if (path.split('/').some((part) => ['', '.', '..', '.git'].includes(part))) return 'code';
  // Git's own files tell git how to write the others (filters, encodings), wherever they are.
  if (/(^|\/)\.git(attributes|modules)$/.test(path)) return 'code';
  const content = CONTENT_FOLDERS.some((folder) => path.startsWith(folder)) || /^[^/]+\.md$/.test(path);
  return content ? undefined : 'code';
};

/** What the follower does with a commit. */
export type Verdict =
  /** Its code is that of `trusted[matched]`. */
  | { build: true; why: 'content'; matched: number }
  | { build: true; why: 'signed' }
  | { build: false; codeFiles: string[]; signature: string | undefined }
  | { build: false; tooMany: true }
  /** Why its content is too large to write out, in words. */
  | { build: false; tooLarge: string };

/** The paths `to` changes against `from`, with their new modes; `tooMany` past MAX_CHANGED_FILES. */
async function changes(git: FollowGit, from: string, to: string): Promise<Change[] | 'tooMany'> {
  let stdout: string;
  try {
    // -z: names as they are, never quoted; --no-renames: a rename is a deletion and an addition, both judged.
    ({ stdout } = await git(['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to, '--'], { maxOutputBytes: 64 * 1024 * 1024 }));
  } catch (error) {
    if (error instanceof FollowGitError && error.why === 'overflowed') return 'tooMany';
    throw error;
  }
  // ":<old mode> <new mode> <old id> <new id> <status>\0<path>\0", one after another.
  const fields = stdout.split('\0');
  const found: Change[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const [, mode = '', , id = ''] = fields[at]?.split(' ') ?? [];
    found.push({ path: fields[at + 1] ?? '', mode, id });
    if (found.length > MAX_CHANGED_FILES) return 'tooMany';
  }
  return found;
}

/** A path as a log line may show it: characters that act or show nothing (a line break, a direction override) as escapes. */
const shownPath = (path: string): string =>
  path.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`);

const size = (bytes: number): string =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** Why the files `changed` writes out are too many bytes (see MAX_FILE_BYTES), in words; undefined when they are not. */
async function tooLarge(git: FollowGit, changed: Change[]): Promise<string | undefined> {
  const written = changed.filter(({ id, mode }) => !NOTHING.test(id) && mode !== SUBMODULE);
  if (written.length === 0) return undefined;
  const { stdout } = await git(['cat-file', '--batch-check=%(objectsize)'], { input: `${written.map(({ id }) => id).join('\n')}\n` });
  let total = 0;
  for (const [at, line] of stdout.trim().split('\n').entries()) {
    const bytes = Number(line) || 0;
    if (bytes > MAX_FILE_BYTES)
      return `${shownPath(written[at]?.path ?? '')} is ${size(bytes)}, more than the ${MAX_FILE_BYTES / 1024 ** 2} MB a content file may be`;
    total += bytes;
  }
  return total > MAX_COMMIT_BYTES
    ? `the files it changes come to ${size(total)}, more than the ${MAX_COMMIT_BYTES / 1024 ** 3} GB a commit of content may bring`
    : undefined;
}

/** Whether `to` keeps the code of `from`: every file it changes is content. */
async function keepsCode(git: FollowGit, from: string, to: string): Promise<boolean> {
  const changed = await changes(git, from, to);
  return changed !== 'tooMany' && !changed.some((change) => codeReason(change));
}

/**
 * Whether to build `commit`; see the file's comment. `trusted` are the commits whose code is
 * trusted, the one served first (its code is that of every other); `allowedSigners` is the
 * operator's allowed-signers file, if any.
 */
export async function judgeCommit(
  git: FollowGit,
  trusted: readonly string[],
  commit: string,
  allowedSigners: string | undefined,
): Promise<Verdict> {
  const [served = commit, ...before] = trusted;
  const changed = await changes(git, served, commit);
  if (changed === 'tooMany') return { build: false, tooMany: true };
  const code = changed.filter((change) => codeReason(change));
  let matched = code.length === 0 ? 0 : undefined;
  // The code of a commit served before (the branch moved back): trusted then, trusted now.
  for (const [at, earlier] of before.entries()) if (matched === undefined && (await keepsCode(git, earlier, commit))) matched = at + 1;
  if (matched !== undefined) {
    const large = await tooLarge(git, changed);
    return large ? { build: false, tooLarge: large } : { build: true, why: 'content', matched };
  }
  const codeFiles = code.map((change) => {
    const reason = codeReason(change);
    return reason === 'code' ? shownPath(change.path) : `${shownPath(change.path)} (${reason})`;
  });
  if (!allowedSigners) return { build: false, codeFiles, signature: undefined };

  // Only SSH signatures, checked against the operator's file: GnuPG's and X.509's checkers are
  // replaced by a program that always fails, so no key of this machine's keyrings counts.
  const verify = ['-c', `gpg.ssh.allowedSignersFile=${allowedSigners}`, '-c', 'gpg.program=false', '-c', 'gpg.x509.program=false'];
  const signaturesOf = async (range: string[]): Promise<[id: string, state: string][]> =>
    (await git([...verify, 'log', `-n${SIGNED_LOOKED_AT}`, '--format=%H %G?', ...range, '--'])).stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]);
  // The commit and those since the commit served, newest first; the commit alone when it is older.
  let signatures = await signaturesOf([commit, '--not', served]);
  if (!signatures.some(([id]) => id === commit)) signatures = await signaturesOf(['-n1', commit]);
  // %G? is "G" only for a good signature by a key the file lists.
  for (const [signed] of signatures.filter(([, state]) => state === 'G'))
    if (await keepsCode(git, signed, commit)) return { build: true, why: 'signed' };
  return { build: false, codeFiles, signature: signatures.find(([id]) => id === commit)?.[1] ?? 'N' };
}
