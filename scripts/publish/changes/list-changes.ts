/**
 * The list of changes: every file of the content folders that differs from the last published
 * state, whoever changed it (the editor, a hand edit, a git pull), with what it is, what changed
 * in words and its problems. "Published" is what the remote's branch held when this checkout last
 * met it (the merge base of HEAD and the remote's branch), so a commit made here and not yet
 * pushed is listed as not yet published, and what others pushed since is not taken for a change
 * made here. With no remote, it is HEAD: publishing is committing.
 *
 * The working tree is compared through an index of its own (repository.ts withIndex): a copy of
 * the person's index with every content file added as it is on disk, so new files, deletions and
 * renames show as git would commit them, and nothing the person staged is touched.
 */
import { setupProblem } from '../setup-problem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentFileOf } from '../../content/content-file';
import { blockForms, formSchema } from '../../content/schema/form-schema';
import { loadSite } from '../../content/load-site';
import { loadSchemaSet } from '../../content/schema/schema-set';
import type { ChangedFile, ChangeState } from '../../../src/content/content-types';
import { titlesOf } from '../../../src/content/titles';
import type { ProblemCode } from '../../content/problems/catalog';
import { changeWords, fileTitle, kindOf } from './change-words';
import { GitError } from '../git/git';
import { type Remote, type RemoteSetting, remoteOf } from '../git/remote';
import { CONTENT_FOLDERS, commitOf, nulSplit, openRepository, type Repository, run, textAt, withIndex } from '../git/repository';

/** One file that differs from its published version (its shape is shared with the editor). */
type Change = ChangedFile<ProblemCode>;

export interface ChangeList {
  changes: Change[];
  /** Where publishing pushes; null when it only commits (no upstream, no setting). */
  remote: RemoteSetting | null;
  /** Why the remote git or the setting names cannot be used (publishing refuses until it is mended). */
  remoteProblem?: string;
  /** The commit of the last published state; null when nothing is published yet. */
  published: string | null;
  /** How many commits made here are not yet pushed. */
  unpushed: number;
}

/** A changed file before its problems and words. */
export interface ScannedChange {
  path: string;
  state: ChangeState;
  from?: string;
  committed: boolean;
  uncommitted: boolean;
}

/** What a scan of the checkout finds: the states compared, and the changed files. */
export interface Scan {
  head: string | null;
  published: string | null;
  remote: Remote | null;
  remoteProblem?: string;
  changes: ScannedChange[];
  /** Every content path where the files on disk differ from HEAD (renames as a removal and an addition). */
  uncommitted: Set<string>;
}

const STATES: Record<string, ChangeState> = { A: 'added', D: 'deleted', R: 'renamed', C: 'added' };

/** `git diff --name-status -z` read: each file's state, and a rename's path before. */
function readNameStatus(output: string): { path: string; state: ChangeState; from?: string }[] {
  const fields = nulSplit(output);
  const found: { path: string; state: ChangeState; from?: string }[] = [];
  for (let at = 0; at < fields.length; ) {
    const letter = (fields[at] ?? '').charAt(0);
    if (letter === 'R' || letter === 'C') {
      const [from, path] = [fields[at + 1] as string, fields[at + 2] as string];
      found.push(letter === 'R' ? { path, state: 'renamed', from } : { path, state: 'added' });
      at += 3;
    } else {
      found.push({ path: fields[at + 1] as string, state: STATES[letter] ?? 'modified' });
      at += 2;
    }
  }
  return found;
}

const names = async (repo: Repository, args: string[], env?: Record<string, string>): Promise<Set<string>> =>
  new Set(nulSplit((await run(repo, args, { env })).stdout));

/** The id of the empty tree, in this repository's hash: what a checkout with nothing published is compared with. */
const emptyTree = async (repo: Repository): Promise<string> => (await run(repo, ['hash-object', '-t', 'tree', '--stdin'])).stdout.trim();

/** How many times the content folders are added when files keep going while git lists them. */
const ADD_ATTEMPTS = 10;

/**
 * Adds every file of `folders` as it is on disk to `env`'s index. A file that goes between git
 * listing it and reading it (an editor's temporary file, renamed over the page it saves) makes
 * git stop: the folders are then added again, since the next look finds them settled.
 */
async function addAll(repo: Repository, folders: string[], env: Record<string, string>): Promise<void> {
  const args = ['add', '-A', '--', ...folders];
  for (let attempt = 1; ; attempt += 1) {
    const added = await run(repo, args, { env, allowFailure: true });
    if (added.code === 0) return;
    if (attempt >= ADD_ATTEMPTS || !/unable to stat|No such file or directory|unable to index file/.test(added.stderr))
      throw new GitError(args, added.code, added.stderr);
  }
}

/** The changed files of the content folders, compared with the last published state (the file's header says which). */
export async function scanChanges(repo: Repository, setting?: RemoteSetting): Promise<Scan> {
  const head = await commitOf(repo, 'HEAD');
  const remote = await remoteOf(repo, setting);
  const tracking = remote !== null && typeof remote === 'object' ? await commitOf(repo, remote.tracking) : null;
  let published = head;
  if (tracking) {
    const base = head ? await run(repo, ['merge-base', head, tracking], { allowFailure: true }) : undefined;
    published = base ? (base.code === 0 ? base.stdout.trim() : null) : tracking;
  }
  const folders = [...CONTENT_FOLDERS];
  return withIndex(repo, 'copy', async (env) => {
    // Every file of the content folders as it is on disk, in this index only; a folder neither on disk nor in git is left out (git add refuses it).
    const tracked = await names(repo, ['ls-files', '-z', '--', ...folders], env);
    const present = folders.filter(
      (folder) => existsSync(join(repo.root, folder)) || [...tracked].some((path) => path.startsWith(`${folder}/`)),
    );
    if (present.length > 0) await addAll(repo, present, env);
    const diff = ['diff', '--cached', '-z', '--no-ext-diff', '--no-relative'];
    const listed = await run(repo, [...diff, '--name-status', '-M', published ?? (await emptyTree(repo)), '--', ...folders], { env });
    const uncommitted = head
      ? await names(repo, [...diff, '--name-only', '--no-renames', head, '--', ...folders], env)
      : await names(repo, ['ls-files', '-z', '--', ...folders], env);
    const committed =
      published !== head && head
        ? await names(repo, ['diff', '-z', '--name-only', '--no-renames', published ?? (await emptyTree(repo)), head, '--', ...folders])
        : new Set<string>();
    const changes = readNameStatus(listed.stdout).map((change) => {
      const paths = [change.path, ...(change.from ? [change.from] : [])];
      return { ...change, committed: paths.some((path) => committed.has(path)), uncommitted: paths.some((path) => uncommitted.has(path)) };
    });
    return {
      head,
      published,
      remote: typeof remote === 'string' ? null : remote,
      ...(typeof remote === 'string' && { remoteProblem: setupProblem(remote) }),
      changes,
      uncommitted,
    };
  });
}

/** How many commits made here the remote's branch does not have yet. */
async function unpushedCount(repo: Repository, scan: Scan): Promise<number> {
  if (!scan.head || !scan.remote) return 0;
  const range = scan.published ? [`${scan.published}..${scan.head}`] : [scan.head];
  return Number((await run(repo, ['rev-list', '--count', ...range])).stdout.trim());
}

const parsed = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
};

/**
 * Every file of pages/ and public/media/ that differs from the last published state, with its
 * problems and what changed in words. `setting` names the remote and branch to publish to when
 * git's upstream names none.
 */
export async function listChanges(root: string, setting?: RemoteSetting): Promise<ChangeList> {
  const repo = await openRepository(root);
  if (typeof repo === 'string') throw new Error(repo);
  const scan = await scanChanges(repo, setting);
  const problems = scan.changes.length > 0 ? loadSite(root).problems : [];
  const schemas = scan.changes.length > 0 ? loadSchemaSet(join(root, 'schemas')) : new Map();
  // Each block's form once for the whole list: every file's words name blocks and fields from them.
  const blocks = blockForms(schemas);
  const changes = await Promise.all(
    scan.changes.map(async (change): Promise<Change> => {
      const kind = kindOf(change.path);
      const json = change.path.endsWith('.json') && kind !== 'media';
      const before = json && change.state !== 'added' ? parsed(await textAt(repo, scan.published, change.from ?? change.path)) : undefined;
      const onDisk = join(root, change.path);
      const after = json && change.state !== 'deleted' && existsSync(onDisk) ? parsed(readFileSync(onDisk, 'utf8')) : undefined;
      const fileSchema = contentFileOf(change.path.slice('pages/'.length))?.schema;
      const titles = titlesOf(blocks, fileSchema ? formSchema(schemas, fileSchema) : undefined);
      return {
        ...change,
        kind,
        title: fileTitle(change.path, kind, change.state === 'deleted' ? before : (after ?? before)),
        problems: problems.filter((found) => found.file === change.path),
        summary: changeWords({ ...change, kind, before, after }, titles),
      };
    }),
  );
  return {
    changes,
    remote: scan.remote && { remote: scan.remote.remote, branch: scan.remote.branch },
    ...(scan.remoteProblem !== undefined && { remoteProblem: scan.remoteProblem }),
    published: scan.published,
    unpushed: await unpushedCount(repo, scan),
  };
}
