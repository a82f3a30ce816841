/**
 * What a delivery says about a submission, for the mail and the webhook alike: the form it came
 * through, and its fields in the words the site's forms use, in order.
 */
import type { StoredApplication, StoredEnquiry } from '../store/store';

/**
 * A stored submission as it is delivered; an application's CV (its bytes) goes along with the
 * mail. `suspected` says why its timing looked like a bot's (spam/screening.ts), when it did:
 * the team is told, and judges.
 */
export type Delivered = (
  | { kind: 'enquiry'; enquiry: StoredEnquiry }
  | { kind: 'application'; application: StoredApplication; cv: Buffer | null }
) & { suspected?: string | null };

/** The form a submission came through, in words. */
export const FORM_NAMES = { enquiry: 'the enquiry form (“Get in Touch”)', application: 'the job application form' } as const;

/** The submission's fields, labelled, in the order its form shows them. */
export function fieldsOf(delivered: Delivered): [label: string, value: string][] {
  if (delivered.kind === 'enquiry') {
    const { name, email, mobile, message } = delivered.enquiry;
    return [
      ['Name', name],
      ['Email', email],
      ['Phone', mobile],
      ['Message', message],
    ];
  }
  const { fullName, email, phone, coverLetter, cvName, cvSize } = delivered.application;
  return [
    ['Full name', fullName],
    ['Email', email],
    ['Phone', phone],
    ['Cover letter', coverLetter],
    ['CV', cvName ? `${cvName} (${Math.max(1, Math.round((cvSize ?? 0) / 1024))} KB, attached)` : 'none'],
  ];
}

/** Who sent it, as they gave their name. */
export const senderOf = (delivered: Delivered): string =>
  delivered.kind === 'enquiry' ? delivered.enquiry.name : delivered.application.fullName;

export const submissionOf = (delivered: Delivered): StoredEnquiry | StoredApplication =>
  delivered.kind === 'enquiry' ? delivered.enquiry : delivered.application;

/** The words that mark a suspected submission, before its reason. */
export const SUSPECTED = 'Suspected spam';
