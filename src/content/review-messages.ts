import { listWords } from './list-words';

/**
 * The words both the editor's server and its screens say about reviews, in one place: a screen
 * that hides what the server would refuse says it as the server would.
 */
export const reviewMessages = {
  /** Why there is no Publish for a person who is no reviewer, when approval is required. */
  approvalNeeded: (reviewers: string[]): string =>
    `On this site a reviewer approves each change before it is published: send it with Ask for review. Reviewers: ${listWords(reviewers) || 'none named yet'}.`,
  /** Why a review has no preview links here. */
  noPreviews: 'Preview links are not set up for this editor: ask whoever set up the site to connect it to the preview server.',
} as const;
