import type { PersonName, PublishingAnswer } from '../../content/api-types';
import { reviewMessages } from '../../content/review-messages';

/**
 * Whether `person` publishes directly under the site's review settings: always, unless approval
 * is required and they are not one of the reviewers (by e-mail address). The server checks it
 * again on every publish; this only spares the person a button that would be refused.
 */
export function publishDirectly(approval: PublishingAnswer['approval'], person: PersonName | null | undefined): boolean {
  if (!approval?.required) return true;
  const email = person?.email.trim().toLowerCase();
  return email !== undefined && email !== '' && approval.reviewers.some((reviewer) => reviewer.email.toLowerCase() === email);
}

/** What a person who may not publish directly is told instead of a Publish button: what the server would answer. */
export const approvalWords = (approval: NonNullable<PublishingAnswer['approval']>): string =>
  reviewMessages.approvalNeeded(approval.reviewers.map((reviewer) => reviewer.name));
