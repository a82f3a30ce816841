/**
 * Publishing: the files a person chose, in one commit with their name and their words, pushed
 * to the remote when the checkout has one. The editor's API calls these functions; they answer
 * with a result in words, never a thrown error, for anything a person can meet.
 *
 * What is happening below, under the checkout's publish lock (publish-lock.ts):
 * - The choice is checked first, and nothing is committed while anything is wrong with it: no
 *   description, a path outside pages/ and public/media/ or not changed, a chosen file with
 *   problems, or one whose published state would have problems because it needs a file not
 *   chosen (a link to a new page, a new picture).
 * - The commit is made from an index of its own: HEAD's tree with the chosen files as they are
 *   on disk. So only they go in, whatever else the person staged, and a file named `-draft.json`
 *   or `[jobs].json` is that file (paths after --, taken literally). HEAD moves only if no one
 *   moved it meanwhile; the person's index then holds the chosen files as committed.
 * - Then the commits made here are pushed (push.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../content/load-site';
import type { Problem } from '../content/located-problem';
import { type ScannedChange, type Scan, scanChanges } from './changes';
import { PublishBusy, withPublishLock } from './publish-lock';
import { type PushOutcome, pushCommits } from './push';
import { type RemoteSetting, remoteOf } from './remote';
import type { Choices } from './replay';
import { type Author, configuredUser, isContentPath, openRepository, type Repository, run, textAt, withIndex } from './repository';

export interface PublishOptions {
  /** The files to publish, as listChanges names them ("pages/about.json"); a renamed file brings its old path along. */
  paths: readonly string[];
  /** The person's description: the commit's message. */
  message: string;
  /** Who publishes: the commit's author. */
  author: Author;
  /** Choices for the conflicts an earlier publish returned, by their key. */
  choices?: Choices;
  /** The remote and branch to push to when git has no upstream for the branch. */
  remote?: RemoteSetting;
}

/** Why nothing was committed. */
type RefusalReason = 'message' | 'author' | 'paths' | 'unchanged' | 'problems' | 'incomplete' | 'remote' | 'checkout' | 'busy';

/** Nothing was committed or pushed, and why, in words (with the paths or problems concerned). */
export interface Refusal {
  status: 'refused';
  reason: RefusalReason;
  message: string;
  /** The paths concerned: outside the content folders, not changed, or (incomplete) the files the chosen ones need. */
  paths?: string[];
  problems?: Problem[];
}

export type PublishResult =
  | Refusal
  /** Committed here; the checkout has no remote to push to. */
  | { status: 'committed'; commit: string }
  | Exclude<PushOutcome, { status: 'nothing' }>;

const refusal = (reason: RefusalReason, message: string, more: Pick<Refusal, 'paths' | 'problems'> = {}): Refusal => ({
  status: 'refused',
  reason,
  message,
  ...more,
});

/** Git's configured user, as the author of what the editor publishes when no one else is named; null when git has none. */
export async function authorFromGit(root: string): Promise<Author | null> {
  return configuredUser({ root });
}

/** What is wrong with a person as an author, in words; undefined when nothing is. */
function authorProblem({ name, email }: Author): string | undefined {
  // Git writes "Name <email>": angle brackets or a line break in either would break that line.
  const odd = /[<>\n\r\0]/;
  if (typeof name !== 'string' || name.trim() === '' || odd.test(name)) return 'A name is needed to publish (without < or >).';
  if (typeof email !== 'string' || !/^[^\s<>@]+@[^\s<>@]+$/.test(email.trim()))
    return 'An e-mail address like ana@example.com is needed to publish.';
  return undefined;
}

const problemKey = (found: Problem): string => [found.file, found.code, found.path, found.message].join('\0');

/**
 * What stops the chosen files from being published: their own problems, and the problems the
 * site as it would then be published has that the files on disk do not (a chosen page linking to
 * a new page not chosen), found by checking the site with every other changed file of pages/ as
 * HEAD has it. New pictures are files the checker reads from disk, so a chosen file naming a new
 * one not chosen is found by its name.
 */
async function blockers(repo: Repository, scan: Scan, chosen: Set<string>): Promise<Refusal | undefined> {
  const onDisk = loadSite(repo.root);
  const overlay = new Map<string, string | null>();
  for (const path of scan.uncommitted)
    if (path.startsWith('pages/') && !chosen.has(path)) overlay.set(join(repo.root, path), await textAt(repo, scan.head, path));
  const known = new Set(onDisk.problems.map(problemKey));
  const published = overlay.size > 0 ? loadSite(repo.root, join(repo.root, 'pages'), { overlay }).problems : [];
  const problems = [
    ...onDisk.problems.filter((found) => chosen.has(found.file)),
    ...published.filter((found) => !known.has(problemKey(found))),
  ];
  if (problems.length > 0)
    return refusal(
      'problems',
      'Some of the chosen files have problems, or would have once published without the files they need. Fix them first.',
      {
        problems,
      },
    );
  const newMedia = [...scan.uncommitted].filter((path) => path.startsWith('public/media/') && !chosen.has(path));
  const needed: string[] = [];
  for (const media of newMedia) {
    if ((await textAt(repo, scan.head, media)) !== null) continue;
    const named = `"/${media.slice('public/'.length)}"`;
    for (const path of chosen) {
      const text = path.endsWith('.json') && existsSync(join(repo.root, path)) ? readFileSync(join(repo.root, path), 'utf8') : null;
      if (text?.includes(named)) needed.push(media);
    }
  }
  if (needed.length > 0)
    return refusal(
      'incomplete',
      `The chosen files use new files that are not chosen: ${[...new Set(needed)].join(', ')}. Publish them too.`,
      {
        paths: [...new Set(needed)],
      },
    );
  return undefined;
}

/**
 * Commits `paths` as they are on disk onto HEAD, nothing else; returns the commit, null when they
 * hold nothing new, or 'moved' when HEAD moved meanwhile (a commit made by hand).
 */
async function commitFiles(
  repo: Repository,
  head: string | null,
  paths: string[],
  message: string,
  author: Author,
): Promise<string | null | 'moved'> {
  const commit = await withIndex(repo, head, async (env) => {
    await run(repo, ['add', '-A', '--', ...paths], { env });
    const tree = (await run(repo, ['write-tree'], { env })).stdout.trim();
    if (head && tree === (await run(repo, ['rev-parse', `${head}^{tree}`])).stdout.trim()) return null;
    // The person is the author; the committer is git's configured user, or the person when git has none.
    const committer = (await configuredUser(repo)) ?? author;
    const made = await run(repo, ['commit-tree', tree, ...(head ? ['-p', head] : []), '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
      },
    });
    return made.stdout.trim();
  });
  if (commit === null) return null;
  // Moves HEAD only from where it was: a commit made meanwhile (by hand) is kept, and this publish refused.
  const moved = await run(
    repo,
    ['update-ref', '-m', `publish: ${message.split('\n')[0]}`, 'HEAD', commit, head ?? '0'.repeat(commit.length)],
    {
      allowFailure: true,
    },
  );
  if (moved.code !== 0) return 'moved';
  // The person's index holds the chosen files as committed, so they show as neither staged nor changed.
  await run(repo, ['reset', '-q', '--', ...paths], { allowFailure: true });
  return commit;
}

/** The checkout, or a refusal saying why nothing can be published from `root`. */
async function open(root: string): Promise<{ repo: Repository } | Refusal> {
  const repo = await openRepository(root);
  return typeof repo === 'string' ? refusal('checkout', repo) : { repo };
}

/** Runs `work` under the publish lock, answering a lock held too long as a refusal. */
async function locked<T>(repo: Repository, work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await withPublishLock(repo.gitDir, work);
  } catch (error) {
    if (error instanceof PublishBusy) return refusal('busy', error.message);
    throw error;
  }
}

/**
 * Publishes the chosen files: one commit with exactly them, the person as its author and their
 * words as its message, pushed when the checkout has a remote (see PublishResult for every
 * outcome). Calling it again with `choices` after it returned conflicts completes the publish.
 */
export async function publish(root: string, options: PublishOptions): Promise<PublishResult> {
  const message = typeof options.message === 'string' ? options.message.trim() : '';
  if (message === '') return refusal('message', 'Write a short description of the change: it is how others will find it in the history.');
  const who = authorProblem(options.author);
  if (who) return refusal('author', who);
  const author = { name: options.author.name.trim(), email: options.author.email.trim() };
  const paths = [...new Set(options.paths)];
  if (paths.length === 0) return refusal('paths', 'Choose at least one file to publish.');
  const outside = paths.filter((path) => typeof path !== 'string' || !isContentPath(path));
  if (outside.length > 0)
    return refusal('paths', 'Only files inside pages/ and public/media/ can be published.', { paths: outside.map(String) });
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  return locked(repo, async (): Promise<PublishResult> => {
    const scan = await scanChanges(repo, options.remote);
    if (scan.remoteProblem) return refusal('remote', scan.remoteProblem);
    const changes = new Map(scan.changes.map((change) => [change.path, change]));
    const unchanged = paths.filter((path) => !changes.has(path));
    if (unchanged.length > 0) return refusal('unchanged', 'These files have no change to publish.', { paths: unchanged });
    const chosen = paths.map((path) => changes.get(path) as ScannedChange);
    // A rename is published whole: the old path's removal goes with the new path.
    const all = new Set(chosen.flatMap((change) => [change.path, ...(change.from ? [change.from] : [])]));
    const blocked = await blockers(repo, scan, all);
    if (blocked) return blocked;
    const toCommit = [...all].filter((path) => scan.uncommitted.has(path));
    const commit = toCommit.length > 0 ? await commitFiles(repo, scan.head, toCommit, `${message}\n`, author) : null;
    if (commit === 'moved')
      return refusal('busy', 'Someone committed in this checkout while the change was being published: publish again.');
    if (!scan.remote)
      return commit ? { status: 'committed', commit } : refusal('unchanged', 'These files have no change to publish.', { paths });
    const pushed = await pushCommits(repo, scan.remote, options.choices ?? {});
    // Nothing to push: what was chosen is on the remote already (another publish took it there).
    return pushed.status === 'nothing'
      ? { status: 'published', commit: commit ?? scan.head ?? '', rebased: false, localMerges: [] }
      : pushed;
  });
}

/**
 * Pushes the commits made here and not yet published (a push the remote refused earlier, a
 * publish whose conflicts the person has now chosen for), with no new commit.
 */
export async function pushPending(
  root: string,
  options: { choices?: Choices; remote?: RemoteSetting } = {},
): Promise<PushOutcome | Refusal> {
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  return locked(repo, async () => {
    const remote = await remoteOf(repo, options.remote);
    if (typeof remote === 'string') return refusal('remote', remote);
    if (remote === null) return refusal('remote', 'This checkout has no remote to publish to: its commits are all there is.');
    return pushCommits(repo, remote, options.choices ?? {});
  });
}
