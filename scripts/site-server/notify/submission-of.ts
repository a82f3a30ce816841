import type { Delivered, StoredApplication, StoredEnquiry } from '../store/submission';

/** The submission a delivery carries, whichever form it came through: the mail and the webhook both read it. */
export const submissionOf = (delivered: Delivered): StoredEnquiry | StoredApplication =>
  delivered.kind === 'enquiry' ? delivered.enquiry : delivered.application;
