/**
 * What a submission's form token says (issue-token.ts makes it): genuine, forged, missing, or
 * genuine with odd timing.
 */
import { timingSafeEqual } from 'node:crypto';
import { type Claims, sign } from './issue-token';

/** Sooner than this after the form opened, no person has filled it in: the message alone takes longer. */
export const MIN_FILL_MS = 2000;
/** A form left open longer than this (a day) is sent with a token whose timing is suspect. */
export const TOKEN_LIFE_MS = 24 * 3600 * 1000;
/** A token's time may be ahead of this server's by a little: several servers' clocks differ. */
const CLOCK_SKEW_MS = 60_000;

/** What a submission's token says: its nonce when it is genuine (with why its timing is suspect, if it is), or why it is spam. */
export type TokenVerdict = { nonce: string; suspected: string | null } | { spam: string };

/** Why a genuine token's timing is suspect, in the words the team reads. */
const SUSPECT_TIMING = {
  tooSoon: `sent within ${MIN_FILL_MS / 1000} seconds of the form opening`,
  tooLate: 'sent more than a day after the form opened',
} as const;

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
  if (now - claims.t > TOKEN_LIFE_MS) return { nonce: claims.n, suspected: SUSPECT_TIMING.tooLate };
  if (now - claims.t < MIN_FILL_MS) return { nonce: claims.n, suspected: SUSPECT_TIMING.tooSoon };
  return { nonce: claims.n, suspected: null };
}
