import { listWords } from '../../content/list-words';
import type { Review, ReviewState, ReviewStep } from '../../content/review-types';

/** Where a review stands, as the lists say it. */
export const STATE_WORDS: Record<ReviewState, string> = {
  waiting: 'Waiting for review',
  'changes-asked': 'Changes asked for',
  withdrawn: 'Withdrawn',
  published: 'Approved and published',
};

/** What each step was, after the name of who took it. */
export const STEP_WORDS: Record<ReviewStep, string> = {
  asked: 'asked for a review',
  updated: 'sent a new version',
  'changes-asked': 'asked for changes',
  withdrawn: 'withdrew it',
  published: 'approved and published it',
  'link-shared': 'shared a preview link',
  'link-revoked': 'revoked a preview link',
};

/** A review's pages by their titles: "About us, Home and Testing". */
export const reviewWords = (review: Pick<Review, 'pages'>): string => listWords(review.pages.map((page) => page.title));

/** The first line of a review's description: its name in lists. */
export const reviewName = (review: Pick<Review, 'asked'>): string => review.asked.words.split('\n')[0] ?? '';

/** Whether a review can still be answered, approved or updated. */
export const isOpen = (review: Pick<Review, 'state'>): boolean => review.state === 'waiting' || review.state === 'changes-asked';
