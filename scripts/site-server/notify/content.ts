/**
 * What a delivery says about a submission, for the mail and the webhook alike: the form it came
 * through, and its fields in the words the site's forms use (their schemas' titles, through the
 * model: store/submission.ts), in order.
 */
import { type Delivered, type StoredApplication, type StoredEnquiry, submission } from '../store/submission';

/** The form a submission came through, in words. */
export const FORM_NAMES = { enquiry: 'the enquiry form (“Get in Touch”)', application: 'the job application form' } as const;

/** The submission's fields, labelled, in the order the mail lists them; an application's CV last. */
export function fieldsOf(delivered: Delivered): [label: string, value: string][] {
  const form = submission.forms[delivered.kind];
  const values = submissionOf(delivered) as unknown as Record<string, string | null>;
  const fields = form.mailed.map(({ key, label }): [string, string] => [label, values[key] ?? '']);
  if (delivered.kind === 'enquiry' || !form.cv) return fields;
  const { cvName, cvSize } = delivered.application;
  return [...fields, [form.cv.label, cvName ? `${cvName} (${Math.max(1, Math.round((cvSize ?? 0) / 1024))} KB, attached)` : 'none']];
}

/** Who sent it, as they gave their name. */
export const senderOf = (delivered: Delivered): string =>
  delivered.kind === 'enquiry' ? delivered.enquiry.name : delivered.application.fullName;

export const submissionOf = (delivered: Delivered): StoredEnquiry | StoredApplication =>
  delivered.kind === 'enquiry' ? delivered.enquiry : delivered.application;

/** The words that mark a suspected submission, before its reason. */
export const SUSPECTED = 'Suspected spam';
