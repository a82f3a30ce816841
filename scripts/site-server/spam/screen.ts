/**
 * Spam, told from people without a third party and at no cost to them. Four signals: the
 * honeypot (a field no person sees, hears or reaches, which the form sends back in the
 * X-Form-Trap header: anything in it is a bot's), the form token (check-token.ts: missing,
 * forged, or used twice), the same submission again within ten minutes of one that was
 * delivered, and the rate limit (forms-api/submission-limit.ts). Spam is answered exactly as a real submission
 * is (201 and an id), stored flagged, never delivered, and deleted after 30 days. What only the
 * store can tell (a reused token, a repeat) it finishes by the rules (store/rules.ts). A genuine token
 * whose only fault is its timing (too soon, or a day late) makes a submission suspected, not
 * spam: it is delivered, marked so, since a person may well have sent it.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { emailKey } from '../store/email-key';
import type { Screening, Submission } from '../store/submission';
import { checkToken } from './check-token';

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A submission's fields, as a person would see them, hashed: its kind and every value, case and spacing aside, the address by its key. */
function digestOf(submission: Submission): string {
  const { email, ...rest } = submission.kind === 'enquiry' ? submission.enquiry : submission.application;
  const fields = [
    ...Object.values(rest),
    submission.kind === 'application' && submission.cv ? createHash('sha256').update(submission.cv).digest('hex') : '',
  ];
  const normal = fields.map((value) =>
    String(value ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return createHash('sha256')
    .update(JSON.stringify([submission.kind, emailKey(email), ...normal]))
    .digest('hex');
}

/** What the request says of a submission; the store adds what only it can tell (a reused token, a repeat). */
export function screen(req: IncomingMessage, submission: Submission, key: Buffer, form: string, now = Date.now()): Screening {
  const digest = digestOf(submission);
  const trap = one(req.headers['x-form-trap']);
  if (trap) return { spam: 'honeypot filled', suspected: null, nonce: null, digest };
  const verdict = checkToken(key, one(req.headers['x-form-token']), form, now);
  return 'spam' in verdict
    ? { spam: verdict.spam, suspected: null, nonce: null, digest }
    : { spam: null, suspected: verdict.suspected, nonce: verdict.nonce, digest };
}
