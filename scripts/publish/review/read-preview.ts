/**
 * The token of a review's preview link: which review, which of its versions, which link (so that
 * one link can be revoked and not the others) and until when, signed with the site's preview
 * secret (HMAC-SHA256). The public site server checks a token with the same secret and nothing
 * else: no database, no session, and a token changed by one character, cut short, or made
 * without the secret is refused before anything is read for it.
 *
 * The token is two base64url parts joined by a dot: the claim as JSON, and its signature.
 * Everything in a claim is checked for its form too, as it will name a branch and a commit:
 * a review's id as newReviewId makes it, a full commit id, a link id of 16 hex digits.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isReviewId } from './read-review';

/** What a preview link lets its holder see, and until when. */
export interface PreviewClaim {
  /** The review's id. */
  review: string;
  /** The version of it shown: the review's tip when the link was made. */
  tip: string;
  /** This link's own id: revoking it leaves the review's other links working. */
  link: string;
  /** When it stops working: milliseconds since 1970, as Date.now() counts. */
  expires: number;
}

/** Where an editor's preview links are opened (the preview server's origin), and the secret that signs them. */
export interface PreviewLinks {
  site: string;
  secret: string;
}

/** A day as a link's words say it: "14 December 2026" (UTC). */
export const dayWords = (at: number | string): string =>
  new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The link id of the editor's own short-lived tokens, which only weigh a review's pages
 * (the preview server's `__weights`): no person is sent them, so no step shares or revokes them.
 */
export const MEASURING_LINK = '0000000000000000';

/** A claim of the editor's own, for weighing review `review`'s pages within a minute. */
export const measuringClaim = (review: string, now = Date.now()): PreviewClaim => ({
  review,
  tip: '0'.repeat(40),
  link: MEASURING_LINK,
  expires: now + 60_000,
});

/** How long a link works when the settings say nothing else. */
const DEFAULT_LINK_DAYS = 7;

/** Longer than any token this module makes: a longer one is refused before it is decoded. */
const MAX_TOKEN = 512;

/** A secret too short to sign with: refused, so that a blank or forgotten setting cannot make guessable links. */
const MIN_SECRET_BYTES = 16;

const signature = (secret: string, claim: string): Buffer => createHmac('sha256', secret).update(claim).digest();

/** Why a secret cannot sign links, or undefined when it can. */
export function secretProblem(secret: string | undefined): string | undefined {
  if (!secret || Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    return `Preview links need a secret of at least ${MIN_SECRET_BYTES} characters, the same for the editor and the site's server: ask whoever set up the site.`;
  return undefined;
}

/** A new link's claim for review `review` at version `tip`, working for `days` from `now`. */
export const newClaim = (review: string, tip: string, days = DEFAULT_LINK_DAYS, now = Date.now()): PreviewClaim => ({
  review,
  tip,
  link: randomBytes(8).toString('hex'),
  expires: now + days * 24 * 60 * 60 * 1000,
});

/** The token of `claim`, signed with `secret` (secretProblem must have found none). */
export function signPreview(secret: string, claim: PreviewClaim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** Whether `value` is a claim of the form signPreview signs. */
function isClaim(value: unknown): value is PreviewClaim {
  if (typeof value !== 'object' || value === null) return false;
  const { review, tip, link, expires } = value as Record<string, unknown>;
  return (
    isReviewId(review) &&
    typeof tip === 'string' &&
    /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(tip) &&
    typeof link === 'string' &&
    /^[0-9a-f]{16}$/.test(link) &&
    typeof expires === 'number' &&
    Number.isSafeInteger(expires)
  );
}

/**
 * The claim of `token` when `secret` signed it and it has not expired at `now`; otherwise why
 * not: 'invalid' (not a token, not signed with this secret, not of the form) or 'expired'.
 */
export function readPreview(secret: string, token: string, now = Date.now()): { claim: PreviewClaim } | { refused: 'invalid' | 'expired' } {
  if (secretProblem(secret) || typeof token !== 'string' || token.length > MAX_TOKEN) return { refused: 'invalid' };
  const [body, signed, ...rest] = token.split('.');
  if (!body || !signed || rest.length > 0 || !/^[\w-]+$/.test(body) || !/^[\w-]+$/.test(signed)) return { refused: 'invalid' };
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' };
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'invalid' };
  }
  if (!isClaim(claim)) return { refused: 'invalid' };
  return claim.expires <= now ? { refused: 'expired' } : { claim };
}
