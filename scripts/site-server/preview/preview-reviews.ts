/**
 * The reviews the site server previews, read from git as the editor reads them
 * (scripts/publish/review/read-review.ts): the server fetches a review's branch from the remote
 * it follows when a preview link of it is opened, at most once every few seconds per review, so
 * a step taken in an editor (a new version, a revoked link, an approval) reaches the link within
 * seconds. Only a review named by a token signed with the preview secret is ever fetched: an
 * address made up by anyone else costs nothing here. When the remote cannot be reached the
 * review is not shown at all, rather than shown with a revocation the server may have missed.
 */
import { type Remote, remoteOf } from '../../publish/git/remote';
import { openRepository, type Repository, run } from '../../publish/git/repository';
import { readReview, reviewRef } from '../../publish/review/read-review';
import type { Review } from '../../../src/content/review-types';

/** A review as the server last read it: the review, gone (no such branch), or unreachable (the remote did not answer). */
type ReadReview = { review: Review } | { gone: true } | { unreachable: string };

/** How long a review read is used before its branch is fetched again. */
const FRESH_MS = 3000;
/** Reviews remembered at once; the oldest read is forgotten first. */
const KEPT = 200;
/** One fetch of one branch: a remote that takes longer is unreachable for this request. */
const FETCH_MS = 20_000;

export interface PreviewReviews {
  /** Review `id` as it stands now (read again when the last read is older than a few seconds). */
  read(id: string): Promise<ReadReview>;
}

/**
 * The reviews of the checkout at `checkout`, fetched from `remoteName` (the remote the follower
 * follows), else the checked-out branch's upstream; without either, its own review branches.
 */
export async function previewReviews(checkout: string, remoteName?: string): Promise<PreviewReviews | string> {
  const repo = await openRepository(checkout);
  if (typeof repo === 'string') return repo;
  let remote: Remote | null;
  if (remoteName) remote = { remote: remoteName, branch: '', tracking: '' };
  else {
    const found = await remoteOf(repo);
    if (typeof found === 'string') return found;
    remote = found;
  }
  const kept = new Map<string, { at: number; reading: Promise<ReadReview> }>();
  return {
    read(id) {
      const last = kept.get(id);
      if (last && Date.now() - last.at < FRESH_MS) return last.reading;
      const reading = fetchAndRead(repo, remote, id);
      kept.delete(id);
      kept.set(id, { at: Date.now(), reading });
      // A Map keeps its order of insertion: the first key is the oldest read.
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return reading;
    },
  };
}

/** Fetches review `id`'s branch (with a remote) and reads it. */
async function fetchAndRead(repo: Repository, remote: Remote | null, id: string): Promise<ReadReview> {
  const ref = reviewRef(remote, id);
  try {
    if (remote) {
      const fetched = await run(
        repo,
        ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--', remote.remote, `+refs/heads/review/${id}:${ref}`],
        { allowFailure: true, timeoutMs: FETCH_MS },
      );
      if (fetched.code !== 0) {
        if (!/couldn't find remote ref/i.test(fetched.stderr)) return { unreachable: fetched.stderr.trim().split('\n').at(-1) ?? '' };
        // Removed on the remote: its copy here goes too.
        await run(repo, ['update-ref', '-d', ref], { allowFailure: true });
        return { gone: true };
      }
    }
    const tip = await run(repo, ['rev-parse', '--verify', '-q', `${ref}^{commit}`], { allowFailure: true });
    if (tip.code !== 0) return { gone: true };
    const review = await readReview(repo, id, tip.stdout.trim());
    return review ? { review } : { gone: true };
  } catch (error) {
    return { unreachable: (error as Error).message };
  }
}
