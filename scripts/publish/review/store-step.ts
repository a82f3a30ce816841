/**
 * Where reviews' branches are: on the remote when the checkout has one (each editor fetches
 * them all, and a step is pushed, never with force), else in this checkout's own branches.
 * A step pushed after another editor's landed first is refused as stale, and made again on top
 * of theirs by the caller (reviewSteps).
 */
import { fetchBranch, push } from '../push-commits';
import type { Remote } from '../git/remote';
import { nulSplit, type Repository, run } from '../git/repository';
import { isReviewId, REVIEW_BRANCHES, reviewRef } from './read-review';

/**
 * Brings every review's branch from the remote (those removed there are removed here too);
 * true, or why the remote could not be reached, in words. Without a remote there is nothing to fetch.
 */
export async function fetchReviews(repo: Repository, remote: Remote | null, timeoutMs: number): Promise<true | string> {
  if (!remote) return true;
  const fetched = await run(
    repo,
    [
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--prune',
      '--',
      remote.remote,
      `+refs/heads/${REVIEW_BRANCHES}*:${reviewRef(remote, '*')}`,
    ],
    { allowFailure: true, timeoutMs },
  );
  if (fetched.code === 0) return true;
  // The same words as a publish that cannot reach the remote.
  const said = await fetchBranch(repo, remote, timeoutMs);
  return typeof said === 'string' ? said : 'The server that keeps the published site did not answer: try again in a minute.';
}

/** Every review this checkout knows of (after fetchReviews), by id, with its branch's tip. */
export async function reviewTips(repo: Repository, remote: Remote | null): Promise<Map<string, string>> {
  const prefix = reviewRef(remote, '');
  const listed = nulSplit((await run(repo, ['for-each-ref', '--format=%(refname)%09%(objectname)%00', prefix])).stdout);
  const tips = new Map<string, string>();
  for (const line of listed) {
    const [ref = '', tip = ''] = line.replace(/^\n/, '').split('\t');
    const id = ref.slice(prefix.length);
    // A branch someone made by hand under review/ with another name is no review of the editor's.
    if (isReviewId(id) && tip) tips.set(id, tip);
  }
  return tips;
}

/** Why a step was not stored: another editor's step landed first (`stale`), or the remote refused or failed, in words. */
export type NotStored = { stale: true } | { stale: false; message: string };

/**
 * Makes `commit` the tip of review `id`'s branch, from `before` (null: a new review). With a remote
 * it is pushed (and this checkout's copy follows); without, the branch moves only from `before`.
 */
export async function storeStep(
  repo: Repository,
  remote: Remote | null,
  id: string,
  commit: string,
  before: string | null,
  timeoutMs: number,
): Promise<true | NotStored> {
  if (remote) {
    const pushed = await push(repo, { ...remote, branch: `${REVIEW_BRANCHES}${id}` }, commit, timeoutMs);
    if (!pushed.ok) return pushed.stale ? { stale: true } : { stale: false, message: pushed.message };
    await run(repo, ['update-ref', reviewRef(remote, id), commit]);
    return true;
  }
  const moved = await run(repo, ['update-ref', reviewRef(null, id), commit, before ?? '0'.repeat(commit.length)], { allowFailure: true });
  return moved.code === 0 ? true : { stale: true };
}
