/**
 * The signed time token a form asks for as it opens (GET /api/form-token?form=enquiry): the
 * form's name, the moment it was issued and a one-time nonce, signed with the store's own key
 * (HMAC-SHA256), so that any server process on the same store can check it and none can be
 * forged without the key. A submission without one, with a forged one, one for another form,
 * one older than a day, or one sent within two seconds of its issue is spam; a token used twice
 * is caught where the submission is stored (screening.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Sooner than this after the form opened, no person has filled it in: the message alone takes longer. */
export const MIN_FILL_MS = 2000;
/** A form left open longer than this (a day) is sent with a token that no longer counts. */
export const TOKEN_LIFE_MS = 24 * 3600 * 1000;
/** A token's time may be ahead of this server's by a little: several servers' clocks differ. */
const CLOCK_SKEW_MS = 60_000;

interface Claims {
  f: string;
  t: number;
  n: string;
}

const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload).digest('base64url');

/** A new token for `form`, issued `now`. */
export function issueToken(key: Buffer, form: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ f: form, t: now, n: randomBytes(12).toString('base64url') } satisfies Claims)).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload)}`;
}

/** What a submission's token says: its nonce when it counts, or why it is spam. */
export type TokenVerdict = { nonce: string } | { spam: string };

export function checkToken(key: Buffer, token: string | undefined, form: string, now = Date.now()): TokenVerdict {
  if (!token) return { spam: 'no form token' };
  const [payload = '', signature = '', ...rest] = token.split('.');
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return { spam: 'forged form token' };
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
  } catch {
    return { spam: 'forged form token' };
  }
  if (claims.f !== form || typeof claims.t !== 'number' || typeof claims.n !== 'string' || claims.t > now + CLOCK_SKEW_MS)
    return { spam: 'forged form token' };
  if (now - claims.t > TOKEN_LIFE_MS) return { spam: 'expired form token' };
  if (now - claims.t < MIN_FILL_MS) return { spam: 'sent too soon after the form opened' };
  return { nonce: claims.n };
}
