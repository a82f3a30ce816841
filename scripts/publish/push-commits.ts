import { fetchBranchArgs } from './git/remote';
/**
 * Pushing the commits made here, never with force. When the remote has moved on, its branch is
 * fetched and the commits are replayed onto it (replay.ts), each replayed commit is checked as a
 * publish checks its own (tree-problems.ts), and then they are pushed; a few times, for
 * publishes racing each other. Nothing here changes until a push has gone: then HEAD moves to
 * what was pushed, and the files on disk follow (followTip). A push the remote refuses (a hook,
 * a protected branch), a merge that would leave the site with problems, or a server that does
 * not answer in time (all fetches and pushes of one publish share PUBLISH_TIMEOUT_SECONDS)
 * leaves the commits here, not yet published, with words saying why.
 */
import { pageWords } from './page-words';
import { plural } from '../../src/content/plural';
import type { Problem } from '../content/problems/problem-at';
import { rewriteJson } from '../content/fixing/migrate-tree';
import { type Conflict, type JsonObject, merge } from '../../src/content/merge';
import { diskState, holds } from './git/disk-state';
import { removeAt, writeAt } from './git/write-at';
import { GitTimeout } from './git/git';
import { seconds } from './publish-deadlines';
import type { Remote } from './git/remote';
import { type Choices, type FileConflict, replay } from './replay';
import { cameIn } from './colleagues/came-in';
import type { CameIn } from '../../src/content/colleague-types';
import { commitOf, configuredUser, isContentPath, nulSplit, type Repository, run } from './git/repository';
import { treeProblems } from './tree-problems';

/** How many times the remote is fetched and the commits replayed, when other publishes keep landing first. */
const ATTEMPTS = 5;

/** A file with changes on disk only (saved, not committed) that the remote's changes reached. */
interface LocalMerge {
  path: string;
  /** Where both changed one field: the value on disk was kept. */
  conflicts: Conflict[];
  /** The file could not be merged (not JSON): it was kept as it was on disk, the remote's version now its published one. */
  kept: boolean;
}

/** Why commits made here were not pushed. */
type NotPushedReason = 'refused' | 'failed' | 'code' | 'merges' | 'raced' | 'timeout' | 'problems';

export type PushOutcome =
  /** Pushed: `commit` is the branch's tip, here and on the remote; `rebased` when it was replayed onto others' changes, `cameIn` theirs. */
  | { status: 'published'; commit: string; rebased: boolean; localMerges: LocalMerge[]; cameIn?: CameIn[] }
  /** Nothing made here is missing from the remote. */
  | { status: 'nothing' }
  /** Both sides changed the same fields: nothing was pushed or changed here; publish again with a choice for each. */
  | { status: 'conflicts'; commit: string; conflicts: FileConflict[] }
  /**
   * Not pushed, with words: the remote refused it (`remote` holds what it said, its "remote:"
   * lines), git failed to reach it or it did not answer in time, the commits hold code (pushed by
   * a developer, not the editor), hold a merge, would leave the site with `problems` once merged
   * with what others published, or others kept pushing first. The commits stay here, not yet
   * published.
   */
  | { status: 'not-pushed'; commit: string; reason: NotPushedReason; message: string; remote: string[]; problems?: Problem[] };

/** What the remote said ("remote: …" lines, that prefix left out). */
const remoteLines = (stderr: string): string[] =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('remote:'))
    .map((line) => line.slice('remote:'.length).trim())
    .filter(Boolean);

/** git's last words, for a failure that has no remote lines. */
const lastWords = (stderr: string): string =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('remote:') && !line.startsWith('hint:'))
    .join(' ');

type Pushed =
  | { ok: true }
  | { ok: false; stale: true }
  | { ok: false; stale: false; reason: NotPushedReason; message: string; remote: string[] };

/** Why the remote refused, in a person's words (git's own go in brackets after those of a hook it does not know). */
function refusalWords(why: string, said: string[]): string {
  if (/protected branch/i.test(why) || said.some((line) => /protected branch/i.test(line)))
    return 'its branch is protected, and takes changes only from some people or through a review';
  if (/hook declined/.test(why))
    return said.length > 0
      ? 'a check it runs on every change turned this one down, saying what is below'
      : 'a check it runs on every change turned this one down';
  // The server's own words are shown below the message ("The server said:"), as they are.
  return 'it gave a reason the editor does not know, said below';
}

/** Pushes `tip` to the remote's branch, never with force: `stale` when the branch moved on meanwhile. */
export async function push(repo: Repository, remote: Remote, tip: string, timeoutMs: number): Promise<Pushed> {
  // The remote's name after --, the branch inside a full ref name: neither can be read as an option.
  const pushed = await run(repo, ['push', '--porcelain', '--', remote.remote, `${tip}:refs/heads/${remote.branch}`], {
    allowFailure: true,
    timeoutMs,
  });
  if (pushed.code === 0) return { ok: true };
  const line = pushed.stdout.split('\n').find((each) => each.startsWith('!\t')) ?? '';
  if (/\[rejected\].*\((fetch first|non-fast-forward|stale info)\)/.test(line)) return { ok: false, stale: true };
  const said = remoteLines(pushed.stderr);
  // Another push updated the branch between the remote's check and its update: the remote moved, as above.
  if (
    /\[remote rejected\] \((failed to (update|lock) ref|incorrect old value provided)\)/.test(line) &&
    said.some((each) => /cannot lock ref/.test(each))
  )
    return { ok: false, stale: true };
  const why = /\[remote rejected\] \((.*)\)/.exec(line)?.[1];
  return why !== undefined
    ? {
        ok: false,
        stale: false,
        reason: 'refused',
        message: `The server that keeps the published site refused the change: ${refusalWords(why, said)}.`,
        remote: said.length > 0 ? said : [why],
      }
    : {
        ok: false,
        stale: false,
        reason: 'failed',
        message: `The change could not be sent to the server that keeps the published site; nothing was lost: your change waits as not yet published. Try again in a minute; if it keeps failing, tell whoever runs the editor.`,
        // What went wrong in the server's (or git's) own words, shown below the message as they are.
        remote: said.length > 0 ? said : [lastWords(pushed.stderr)].filter(Boolean),
      };
}

/** Fetches the remote's branch; false when the remote has no such branch yet, a failure's words when it cannot be reached. */
export async function fetchBranch(repo: Repository, remote: Remote, timeoutMs: number): Promise<true | false | string> {
  const fetched = await run(repo, fetchBranchArgs(remote), {
    allowFailure: true,
    timeoutMs,
  });
  if (fetched.code === 0) return true;
  if (/couldn't find remote ref/.test(fetched.stderr)) return false;
  return `The server that keeps the published site could not be reached (it said: “${lastWords(fetched.stderr) || 'nothing'}”): try again in a minute; if it keeps failing, tell whoever runs the editor.`;
}

export const isAncestor = async (repo: Repository, older: string, newer: string): Promise<boolean> =>
  (await run(repo, ['merge-base', '--is-ancestor', older, newer], { allowFailure: true })).code === 0;

/** Why the commits cannot be pushed by the editor (a merge, files outside the content folders), or undefined. */
async function unpushable(repo: Repository, commits: string[]): Promise<{ reason: NotPushedReason; message: string } | undefined> {
  const input = `${commits.join('\n')}\n`;
  const merges = (await run(repo, ['rev-list', '--merges', '--no-walk', '--stdin'], { input })).stdout.trim();
  if (merges)
    return {
      reason: 'merges',
      message:
        'Changes made here outside the editor wait to be published with yours, and the editor cannot send them: ask whoever looks after the site’s files to send them, then publish again.',
    };
  const files = nulSplit(
    (await run(repo, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', '--name-only', '--stdin'], { input })).stdout,
  );
  const outside = [...new Set(files.filter((path) => !isContentPath(path)))];
  if (outside.length === 0) return undefined;
  return {
    reason: 'code',
    message: `Changes made here to the site's workings (not to pages or pictures) wait to be published with yours, and the editor never publishes those: ask whoever looks after the site's files to send them (${plural(outside.length, 'file')}), then publish again.`,
  };
}

/** What a commit has at each of `paths` it has: a regular file's bytes, or 'other' (a link, a submodule). */
async function filesAt(repo: Repository, commit: string, paths: string[]): Promise<Map<string, Buffer | 'other'>> {
  const files = new Map<string, Buffer | 'other'>();
  for (const line of nulSplit((await run(repo, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths])).stdout)) {
    const [info = '', path = ''] = line.split('\t');
    const [mode = '', , object = ''] = info.split(' ');
    files.set(
      path,
      mode === '100644' || mode === '100755'
        ? ((await run(repo, ['cat-file', 'blob', object], { binary: true })).bytes ?? Buffer.alloc(0))
        : 'other',
    );
  }
  return files;
}

const parsedObject = (bytes: Buffer | undefined): JsonObject | undefined => {
  try {
    const value: unknown = bytes === undefined ? undefined : JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * After HEAD moved from `from` to `to` (what was pushed, others' changes in it), the files on disk
 * follow: each file that changed and is as it was at `from` is written as `to` has it; a content
 * file with changes on disk only gets the remote's changes merged in, block by block (its own
 * values kept where both changed a field); any other file with changes on disk is kept as it is,
 * and so is a link, a folder, or a file beneath one (nothing is written through a link).
 */
export async function followTip(repo: Repository, from: string, to: string): Promise<LocalMerge[]> {
  const changed = nulSplit((await run(repo, ['diff', '-z', '--name-only', '--no-renames', from, to])).stdout);
  if (changed.length === 0) return [];
  const staged = new Set(
    nulSplit((await run(repo, ['diff', '-z', '--cached', '--name-only', '--no-renames', from, '--', ...changed])).stdout),
  );
  const [before, after] = await Promise.all([filesAt(repo, from, changed), filesAt(repo, to, changed)]);
  // From the first look at a file to the last write, nothing is awaited: a save made in this
  // process lands before the look (and is merged) or after the write, never between.
  const merges: LocalMerge[] = [];
  for (const path of changed) {
    const [base, theirs] = [before.get(path) ?? null, after.get(path) ?? null];
    const now = diskState(repo.root, path);
    // Only regular files are written or removed: a link is never made, followed or replaced here.
    const movable = (now.kind === 'file' || now.kind === 'none') && base !== 'other' && theirs !== 'other';
    if (movable && !staged.has(path) && holds(now, base)) {
      if (theirs) writeAt(repo.root, path, theirs);
      else if (now.kind === 'file') removeAt(repo.root, path);
      continue;
    }
    const [b, t, m] = [base, theirs, now.kind === 'file' ? now.bytes : null].map((bytes) =>
      bytes === null || bytes === 'other' ? undefined : parsedObject(bytes),
    );
    if (now.kind === 'file' && path.endsWith('.json') && b && t && m) {
      const mine = now.bytes.toString('utf8');
      const { merged, conflicts } = merge(b, t, m);
      const text = rewriteJson(mine, merged);
      if (text !== mine) writeAt(repo.root, path, text);
      merges.push({ path, conflicts, kept: false });
    } else merges.push({ path, conflicts: [], kept: true });
  }
  // The index follows HEAD: a file written shows as unchanged, one kept or merged on disk as changed there, not as staged.
  await run(repo, ['reset', '-q', to, '--', ...changed], { allowFailure: true });
  return merges;
}

/** What the replayed commits would publish that the remote's branch has not: each one's new problems, the first found. */
export async function mergedProblems(repo: Repository, upstream: string, made: string[], commits: string[]): Promise<Problem[]> {
  const input = `${commits.join('\n')}\n`;
  const ours = new Set(
    nulSplit((await run(repo, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', '--name-only', '--stdin'], { input })).stdout),
  );
  for (const commit of made) {
    const problems = await treeProblems(repo, upstream, commit, ours);
    if (problems.length > 0) return problems;
  }
  return [];
}

/** Said when a merge with what others published would leave the site with problems. */
function problemWords(problems: Problem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `Others published changes meanwhile, and with yours merged in, the site would have problems: ${first ? `${pageWords(first.file, true)}: ${first.editorMessage ?? first.message}` : ''}${more}. Nothing was lost: your change waits as not yet published. Fix it, then publish again.`;
}

/** Said when the remote did not answer in time. */
const timeoutWords = (remoteMs: number): string =>
  `The server that keeps the published site did not answer within ${seconds(remoteMs)}; nothing was lost: your change waits as not yet published. Try again later.`;

/**
 * Pushes every commit made here that `remote` lacks, fetching and replaying onto the remote's
 * changes when it moved on. `choices` settle the conflicts an earlier attempt returned.
 */
export async function pushCommits(repo: Repository, remote: Remote, choices: Choices, remoteMs: number): Promise<PushOutcome> {
  const head = await commitOf(repo, 'HEAD');
  if (!head) return { status: 'nothing' };
  try {
    return await pushWithin(repo, remote, choices, head, remoteBudget(remoteMs));
  } catch (error) {
    if (error instanceof GitTimeout)
      return { status: 'not-pushed', commit: head, reason: 'timeout', message: timeoutWords(remoteMs), remote: [] };
    throw error;
  }
}

/**
 * The time the remote has left, all its calls together: only the time spent waiting for it
 * counts (a merge checked here on a slow machine takes none of it). `call` runs one call to the
 * remote with what is left, and throws GitTimeout once nothing is.
 */
function remoteBudget(remoteMs: number) {
  let spent = 0;
  return async <T>(args: string[], work: (timeoutMs: number) => Promise<T>): Promise<T> => {
    const left = remoteMs - spent;
    if (left <= 0) throw new GitTimeout(args, remoteMs, '');
    const started = Date.now();
    try {
      return await work(left);
    } finally {
      spent += Date.now() - started;
    }
  };
}

/** pushCommits, every call to the remote made through `budget` (a GitTimeout thrown once the time is up). */
async function pushWithin(
  repo: Repository,
  remote: Remote,
  choices: Choices,
  head: string,
  budget: ReturnType<typeof remoteBudget>,
): Promise<PushOutcome> {
  const committer = await configuredUser(repo);
  let fetchFirst = (await commitOf(repo, remote.tracking)) === null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (fetchFirst) {
      const fetched = await budget(['fetch'], (timeoutMs) => fetchBranch(repo, remote, timeoutMs));
      if (typeof fetched === 'string') return { status: 'not-pushed', commit: head, reason: 'failed', message: fetched, remote: [] };
    }
    fetchFirst = true;
    const upstream = await commitOf(repo, remote.tracking);
    if (upstream && (await isAncestor(repo, head, upstream))) return { status: 'nothing' };
    let tip = head;
    if (upstream) {
      const commits = (await run(repo, ['rev-list', '--reverse', '--topo-order', `${upstream}..${head}`])).stdout
        .split('\n')
        .filter(Boolean);
      const refused = await unpushable(repo, commits);
      if (refused) return { status: 'not-pushed', commit: head, ...refused, remote: [] };
      if (!(await isAncestor(repo, upstream, head))) {
        const replayed = await replay(repo, commits, upstream, choices, committer);
        if ('conflicts' in replayed) return { status: 'conflicts', commit: head, conflicts: replayed.conflicts };
        const problems = await mergedProblems(repo, upstream, replayed.made, commits);
        if (problems.length > 0)
          return { status: 'not-pushed', commit: head, reason: 'problems', message: problemWords(problems), remote: [], problems };
        tip = replayed.tip;
      }
    }
    const pushed = await budget(['push'], (timeoutMs) => push(repo, remote, tip, timeoutMs));
    if (!pushed.ok && pushed.stale) continue;
    if (!pushed.ok) return { status: 'not-pushed', commit: head, reason: pushed.reason, message: pushed.message, remote: pushed.remote };
    await run(repo, ['update-ref', remote.tracking, tip]);
    if (tip === head) return { status: 'published', commit: tip, rebased: false, localMerges: [] };
    // Only now does anything here change: HEAD to what was pushed (unless someone committed meanwhile), then the files.
    const moved = await run(repo, ['update-ref', '-m', `publish: onto ${remote.remote}/${remote.branch}`, 'HEAD', tip, head], {
      allowFailure: true,
    });
    const localMerges = moved.code === 0 ? await followTip(repo, head, tip) : [];
    // Whose changes are on the site with this one, to be named: never a reason to say the publish failed.
    const others = upstream ? await cameIn(repo, head, upstream).catch(() => []) : [];
    return { status: 'published', commit: tip, rebased: true, localMerges, cameIn: others };
  }
  return {
    status: 'not-pushed',
    commit: head,
    reason: 'raced',
    message: `Others kept publishing while this change was being merged with theirs (${ATTEMPTS} times): publish again.`,
    remote: [],
  };
}
