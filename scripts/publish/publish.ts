/**
 * Publishing: the files a person chose, in one commit with their name and their words, pushed
 * to the remote when the checkout has one. The editor's API calls these functions; they answer
 * with a result in words, never a thrown error, for anything a person can meet.
 *
 * What is happening below, under the checkout's publish lock (with-publish-lock.ts):
 * - The person and their words are checked first (author-problem.ts, commit-message.ts): a
 *   character that acts or hides is refused in words, line breaks are made plain, and a line
 *   git would take for a trailer is not one.
 * - The chosen files are read once, into git's objects (snapshot.ts). From then on only those
 *   objects count: the tree to commit is HEAD's with exactly them in it (an index of its own,
 *   filled entry by entry), so whatever else the person staged or saved meanwhile stays out,
 *   and a file named `-draft.json` or `[jobs].json` is that file.
 * - That tree is checked as the validator checks a checkout (tree-problems.ts): the chosen
 *   files' problems, and any problem the published site would then have that it has not now (a
 *   link to a new page not chosen, a page deleted that others link to). Nothing is committed
 *   while there is one, nor while a chosen file names a new picture not chosen.
 * - The commit is made from that tree; HEAD moves only if no one moved it meanwhile, and the
 *   person's index then holds the chosen files as committed. A save that landed meanwhile is
 *   a change on disk still, to publish next.
 * - Then the commits made here are pushed (push-commits.ts), within PUBLISH_TIMEOUT_SECONDS.
 */
import { setupProblem } from './setup-problem';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '../content/problems/problem-at';
import { type Scan, scanChanges } from './changes/list-changes';
import { chosenFiles, chosenTree } from './chosen-tree';
import { type LinksToRemoved, linksToRemoved, withoutLinks } from './links-to-removed';
import type { PublishDeadlines } from './publish-deadlines';
import { type PushOutcome, pushCommits } from './push-commits';
import { type RemoteSetting, remoteOf } from './git/remote';
import type { Choices } from './replay';
import { commitAs } from './git/commit-as';
import type { Author, Repository } from './git/repository';
import { configuredUser, run, textAt } from './git/repository';
import type { Snapshot } from './snapshot';
import { treeProblems } from './tree-problems';

export interface PublishOptions {
  /** The files to publish, as listChanges names them ("pages/about.json"); a renamed file brings its old path along. */
  paths: readonly string[];
  /** The person's description: the commit's message. */
  message: string;
  /** Who publishes: the commit's author. */
  author: Author;
  /** Choices for the conflicts an earlier publish returned, by their key. */
  choices?: Choices;
  /**
   * Whether to take out, and publish with the change, the menu's and footer's links to a page
   * this publish deletes or moves (see links-to-removed.ts), when an earlier publish was refused
   * for them and said it could.
   */
  takeOutLinks?: boolean;
  /** The remote and branch to push to when git has no upstream for the branch. */
  remote?: RemoteSetting;
  /** How long to wait for the remote and for the checkout; the settings (publish-deadlines.ts) where not given. */
  deadlines?: Partial<PublishDeadlines>;
}

import { checkedRequest, deadlinesOf, locked, open, type Refusal, refusal } from './checked-request';

export type { Refusal };

export type PublishResult =
  | Refusal
  /** Committed here; the checkout has no remote to push to. */
  | { status: 'committed'; commit: string }
  | Exclude<PushOutcome, { status: 'nothing' }>;

/** Git's configured user, as the author of what the editor publishes when no one else is named; null when git has none. */
export async function authorFromGit(root: string): Promise<Author | null> {
  return configuredUser({ root });
}

/**
 * The links among `problems` that lead to a page this publish deletes or moves (links-to-removed.ts),
 * with the texts of the files they are in as they would be published; null when there are none.
 */
async function deadLinksOf(
  repo: Repository,
  scan: Scan,
  taken: Snapshot,
  problems: readonly Problem[],
  unchanged: (file: string) => boolean,
): Promise<(LinksToRemoved & { texts: Map<string, string> }) | null> {
  const removed = new Map<string, string>();
  for (const [path, entry] of taken.entries) {
    if (entry !== null || !path.startsWith('pages/')) continue;
    const before = await textAt(repo, scan.head, path);
    let title = path;
    try {
      const value = JSON.parse(before ?? 'null') as { title?: unknown } | null;
      if (typeof value?.title === 'string') title = value.title;
    } catch {
      // A page that was not JSON is named by its file.
    }
    removed.set(path, title);
  }
  if (removed.size === 0) return null;
  const texts = new Map<string, string>();
  for (const { file } of problems) {
    const text = taken.texts.get(file) ?? (await textAt(repo, scan.head, file));
    if (text !== null && text !== undefined) texts.set(file, text);
  }
  const found = linksToRemoved(problems, removed, texts, unchanged);
  return found ? { ...found, texts } : null;
}

/**
 * Commits `tree` onto HEAD with the person as author and their words as message; returns the
 * commit, or 'moved' when HEAD moved meanwhile (a commit made by hand). The person's index then
 * holds `paths` as committed.
 */
async function commitTree(
  repo: Repository,
  head: string | null,
  tree: string,
  paths: string[],
  message: string,
  author: Author,
): Promise<string | 'moved'> {
  const commit = await commitAs(repo, tree, head, message, author);
  // Moves HEAD only from where it was: a commit made meanwhile (by hand) is kept, and this publish refused.
  const moved = await run(
    repo,
    ['update-ref', '-m', `publish: ${message.split('\n')[0]}`, 'HEAD', commit, head ?? '0'.repeat(commit.length)],
    {
      allowFailure: true,
    },
  );
  if (moved.code !== 0) return 'moved';
  // The person's index holds the chosen files as committed, so they show as neither staged nor changed (unless saved since).
  await run(repo, ['reset', '-q', '--', ...paths], { allowFailure: true });
  return commit;
}

/**
 * Publishes the chosen files: one commit with exactly them, the person as its author and their
 * words as its message, pushed when the checkout has a remote (see PublishResult for every
 * outcome). Calling it again with `choices` after it returned conflicts completes the publish.
 */
export async function publish(root: string, options: PublishOptions): Promise<PublishResult> {
  const request = await checkedRequest(root, options);
  if ('status' in request) return request;
  const { repo, author, deadlines, message } = request;
  const attempt = async (paths: string[], takeOutLinks: boolean): Promise<PublishResult> => {
    const scan = await scanChanges(repo, options.remote);
    if (scan.remoteProblem) return refusal('remote', scan.remoteProblem);
    const picked = chosenFiles(scan, paths);
    if ('status' in picked) return picked;
    const { changes, all, toCommit } = picked;
    let commit: string | null = null;
    if (toCommit.length > 0) {
      const took = await chosenTree(repo, scan, toCommit, all, 'published');
      if ('status' in took) return took;
      const { taken, tree } = took;
      const headTree = scan.head ? (await run(repo, ['rev-parse', `${scan.head}^{tree}`])).stdout.trim() : null;
      if (tree !== headTree) {
        const problems = await treeProblems(repo, scan.head, tree, new Set(toCommit));
        const dead = problems.length > 0 ? await deadLinksOf(repo, scan, taken, problems, (file) => !changes.has(file)) : null;
        if (dead && dead.links.length === problems.length) {
          if (!takeOutLinks || !dead.fixable) return refusal('links', dead.message, { problems, canTakeOutLinks: dead.fixable });
          // Taken out on disk, as a save would, and published with the change: the person sees them in the page list as published.
          const fixed = withoutLinks(dead.links, dead.texts);
          for (const [file, text] of fixed) writeFileSync(join(repo.root, file), text);
          return attempt([...paths, ...fixed.keys()], false);
        }
        if (problems.length > 0)
          return refusal(
            'problems',
            'Some of what you chose has problems, or would have once published without the pages or pictures it needs: fix them first.',
            { problems },
          );
        const made = await commitTree(repo, scan.head, tree, toCommit, message, author);
        if (made === 'moved') return refusal('busy', 'Someone else published from this editor at the same moment: publish again.');
        commit = made;
      }
    }
    if (!scan.remote)
      return commit
        ? { status: 'committed', commit }
        : refusal('unchanged', 'Nothing chosen has a change to publish: it is published already.', { paths });
    const pushed = await pushCommits(repo, scan.remote, options.choices ?? {}, deadlines.remoteMs);
    // Nothing to push: what was chosen is on the remote already (another publish took it there).
    return pushed.status === 'nothing'
      ? { status: 'published', commit: commit ?? scan.head ?? '', rebased: false, localMerges: [] }
      : pushed;
  };
  return locked(repo, deadlines.waitMs, () => attempt(request.paths, options.takeOutLinks === true));
}

/**
 * Pushes the commits made here and not yet published (a push the remote refused earlier, a
 * publish whose conflicts the person has now chosen for), with no new commit.
 */
export async function pushPending(
  root: string,
  options: { choices?: Choices; remote?: RemoteSetting; deadlines?: Partial<PublishDeadlines> } = {},
): Promise<PushOutcome | Refusal> {
  const deadlines = deadlinesOf(options.deadlines);
  if ('status' in deadlines) return deadlines;
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  return locked(repo, deadlines.waitMs, async () => {
    const remote = await remoteOf(repo, options.remote);
    if (typeof remote === 'string') return refusal('remote', setupProblem(remote));
    if (remote === null)
      return refusal(
        'remote',
        'Publishing is not set up for this copy of the site: there is nowhere to send changes to. Ask whoever set up the editor.',
      );
    return pushCommits(repo, remote, options.choices ?? {}, deadlines.remoteMs);
  });
}
