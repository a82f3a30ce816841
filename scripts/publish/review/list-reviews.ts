/**
 * The reviews everyone asked for, newest first: fetched from the remote when there is one (a
 * remote that cannot be reached leaves the list as last fetched, with words saying so).
 */
import { deadlinesOf, open } from '../checked-request';
import { type RemoteSetting, remoteOf } from '../git/remote';
import type { PublishDeadlines } from '../publish-deadlines';
import { setupProblem } from '../setup-problem';
import { fetchReviews, reviewTips } from './store-step';
import type { Review } from '../../../src/content/review-types';
import { readReview } from './read-review';

export interface ReviewList {
  reviews: Review[];
  /** Why the list may be behind the remote's, in words. */
  problem?: string;
}

export async function listReviews(
  root: string,
  options: { remote?: RemoteSetting; deadlines?: Partial<PublishDeadlines> } = {},
): Promise<ReviewList> {
  const deadlines = deadlinesOf(options.deadlines);
  if ('status' in deadlines) return { reviews: [], problem: deadlines.message };
  const opened = await open(root);
  if (!('repo' in opened)) return { reviews: [], problem: opened.message };
  const { repo } = opened;
  const remote = await remoteOf(repo, options.remote);
  if (typeof remote === 'string') return { reviews: [], problem: setupProblem(remote) };
  const fetched = await fetchReviews(repo, remote, deadlines.remoteMs);
  const reviews: Review[] = [];
  for (const [id, tip] of await reviewTips(repo, remote)) {
    const review = await readReview(repo, id, tip);
    if (review) reviews.push(review);
  }
  reviews.sort((a, b) => b.asked.at.localeCompare(a.asked.at) || a.id.localeCompare(b.id));
  return fetched === true ? { reviews } : { reviews, problem: fetched };
}
