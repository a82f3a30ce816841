/**
 * What the review settings (scripts/publish/review/review-settings.ts) allow a person, said in
 * words for the editor to answer with: whether they may publish directly, and whether they may
 * approve a review. Undefined: they may.
 */
import type { Review } from '../../src/content/review-types';
import type { Author } from '../publish/git/repository';
import { listWords } from '../../src/content/list-words';
import { reviewMessages } from '../../src/content/review-messages';
import { isReviewer, reviewSettings } from '../publish/review/review-settings';

/** Why `person` may not publish directly, or undefined when they may. */
export function approvalNeeded(root: string, person: Author): string | undefined {
  const settings = reviewSettings(root);
  if ('problem' in settings) return settings.problem;
  if (!settings.approvalRequired || isReviewer(settings, person)) return undefined;
  return reviewMessages.approvalNeeded(settings.reviewers.map((reviewer) => reviewer.name));
}

/** Why `person` may not approve `review`, or undefined when they may. */
export function cannotApprove(root: string, person: Author, review: Pick<Review, 'asked'> | undefined): string | undefined {
  const settings = reviewSettings(root);
  if ('problem' in settings) return settings.problem;
  if (settings.reviewers.length > 0 && !isReviewer(settings, person))
    return `Only the site's reviewers approve reviews: ${listWords(settings.reviewers.map((reviewer) => reviewer.name))}. Ask one of them, or ask for changes.`;
  if (settings.approvalRequired && review && review.asked.by.email.toLowerCase() === person.email.trim().toLowerCase())
    return 'You asked for this review, so another reviewer approves it.';
  return undefined;
}
