/**
 * The signed time token a form asks for as it opens (GET /api/form-token?form=enquiry): the
 * form's name, the moment it was issued and a one-time nonce, signed with the store's own key
 * (HMAC-SHA256), so that any server process on the same store can check it and none can be
 * forged without the key. A submission without one, with a forged one, or one for another form
 * is spam; a token used twice is caught where the submission is stored (screen.ts). A genuine
 * token sent within two seconds of its issue, or more than a day after it, says only that the
 * timing is odd: a person with autofill sends in a second, and one who left the dialog open
 * overnight sends a day later. Such a submission is delivered marked suspected, never dropped.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What a token says, signed: the form, the moment it was issued, a one-time nonce. */
export interface Claims {
  f: string;
  t: number;
  n: string;
}

/** The token's signature over its payload, with the store's key. */
export const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload).digest('base64url');

/** A new token for `form`, issued `now`. */
export function issueToken(key: Buffer, form: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ f: form, t: now, n: randomBytes(12).toString('base64url') } satisfies Claims)).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload)}`;
}
