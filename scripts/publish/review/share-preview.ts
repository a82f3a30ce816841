/**
 * Sharing a review's preview link, and revoking one: each is a step on the review's branch
 * (read-review.ts) that changes no file and names the link (`Review-link:`), so that the site
 * server, which fetches the branch, refuses a revoked link as soon as it has seen the step. The
 * token itself is never stored: it is signed again from the step whenever the editor shows it
 * (read-preview.ts), with the secret the editor and the site server share.
 */
import { type Refusal, refusal } from '../checked-request';
import { dayWords, newClaim } from './read-preview';
import { type PlainStepRequest, plainStep, type ReviewResult } from './ask-for-review';
import { stepMessage } from './read-review';
import type { Review } from '../../../src/content/review-types';

export interface PreviewLinkRequest extends PlainStepRequest {
  /** How long a new link works (the settings' link lifetime). */
  days?: number;
}

/** A step that changes no file, its words and trailers from the review as it is now. */
const linkStep = (root: string, id: unknown, options: PreviewLinkRequest, step: (review: Review) => string | Refusal) =>
  plainStep(root, id, options, async (_, review) => step(review));

/** Shares a new preview link of review `id`, working for the settings' days: the review's newest link is it. */
export function sharePreview(root: string, id: unknown, options: PreviewLinkRequest): Promise<ReviewResult> {
  return linkStep(root, id, options, (review) => {
    const claim = newClaim(review.id, review.tip, options.days);
    const expires = new Date(claim.expires).toISOString();
    return stepMessage(`Shared a preview link, working until ${dayWords(claim.expires)}.`, review.id, 'link-shared', {
      id: claim.link,
      expires,
    });
  });
}

/** Revokes preview link `link` of review `id`: the site server answers it with 404 once it has fetched the step. */
export function revokePreview(root: string, id: unknown, link: unknown, options: PreviewLinkRequest): Promise<ReviewResult> {
  return linkStep(root, id, options, (review) => {
    const shared = review.links.find((each) => each.id === link);
    if (!shared) return refusal('unchanged', 'There is no such preview link in this review.');
    if (shared.revoked) return refusal('unchanged', 'This preview link has been revoked already.');
    return stepMessage(`Revoked the preview link shared on ${dayWords(Date.parse(shared.at))}.`, review.id, 'link-revoked', {
      id: shared.id,
    });
  });
}
