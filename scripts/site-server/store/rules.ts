/**
 * The store's rules, written once for both engines (open-sqlite.ts, open-postgres.ts), which supply only
 * their SQL: whether a submission is spam, when a failed delivery is tried next, what a purge
 * deletes, a delivery's message id and where it stands. Pure: what an engine must look up, it is
 * asked for, and what it must write, it is told.
 */
import { randomBytes } from 'node:crypto';
import { TOKEN_LIFE_MS } from '../spam/check-token';
import type { DeliveryRow, DeliveryState, Screening, Verdict } from './submission';

/** Spam is kept this many days, to look into, then deleted. */
const SPAM_DAYS = 30;
/** How long the same submission again counts as a repeat of one delivered (or suspected), never of spam. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;
/** A used form token is remembered this long past its own life, then forgotten: it could no longer be used anyway. */
const TOKEN_MEMORY_MS = TOKEN_LIFE_MS + 3600_000;
const DAY_MS = 86_400_000;

/**
 * What finishing a verdict asks of the engine, in order, each only when the answer can still
 * matter: whether the token's nonce was used before (the engine records it now), whether the
 * same submission was kept within the window, and, for one not spam, to remember its digest.
 */
export type VerdictQuestion =
  | { ask: 'token-used'; nonce: string; at: number }
  | { ask: 'repeated'; digest: string; since: number }
  | { ask: 'remember'; digest: string; at: number };

/** What a purge deletes: each kind past its form's window, spam past its own, and what screening no longer needs. */
export interface PurgePlan {
  /** Spam received before this (ISO) is deleted. */
  spamBefore: string;
  /** Enquiries and applications received before these (ISO) are deleted. */
  enquiriesBefore: string;
  applicationsBefore: string;
  /** Used form tokens and submission digests older than these (ms) are forgotten. */
  tokensBefore: number;
  digestsBefore: number;
}

const before = (days: number, now: number): string => new Date(now - days * DAY_MS).toISOString();

export const rules = {
  spamDays: SPAM_DAYS,
  repeatWindowMs: REPEAT_WINDOW_MS,

  /**
   * Why a submission is spam or suspected, finishing what its request said with what only the
   * store knows: a token used twice, the same submission again within minutes. Only what is
   * delivered (suspected or not) is remembered for the repeat check: spam never makes a later
   * submission a repeat. The engine answers each question it yields, and the verdict is returned.
   */
  *verdict(screening: Screening | undefined, now: number): Generator<VerdictQuestion, Verdict, boolean | undefined> {
    if (!screening) return { spam: null, suspected: null };
    let spam = screening.spam;
    if (!spam && screening.nonce && (yield { ask: 'token-used', nonce: screening.nonce, at: now })) spam = 'form token used twice';
    if (!spam && (yield { ask: 'repeated', digest: screening.digest, since: now - REPEAT_WINDOW_MS }))
      spam = 'the same submission again within minutes';
    if (spam) return { spam, suspected: null };
    yield { ask: 'remember', digest: screening.digest, at: now };
    return { spam: null, suspected: screening.suspected };
  },

  /** When a delivery that failed its `attempts`-th try is tried next (ms), waiting as `delaysS` says; null when it is given up. */
  nextTry(attempts: number, delaysS: readonly number[], now: number): number | null {
    const delay = delaysS[attempts - 1];
    return delay === undefined ? null : now + delay * 1000;
  },

  /** What a purge at `now` deletes, with each form's window in days. */
  purgePlan(retention: { enquiry: number; application: number }, now: number): PurgePlan {
    return {
      spamBefore: before(SPAM_DAYS, now),
      enquiriesBefore: before(retention.enquiry, now),
      applicationsBefore: before(retention.application, now),
      tokensBefore: now - TOKEN_MEMORY_MS,
      digestsBefore: now - REPEAT_WINDOW_MS,
    };
  },

  /** A new message id: "msg_" and 18 random bytes in base64url, as Standard Webhooks' examples name theirs. */
  messageId(bytes: Buffer = randomBytes(18)): string {
    return `msg_${bytes.toString('base64url')}`;
  },

  /** Where a delivery stands, from its row. */
  deliveryState({ failedAt, nextAt, ...row }: DeliveryRow): DeliveryState {
    return {
      ...row,
      state: row.deliveredAt ? 'delivered' : failedAt ? 'failed' : 'waiting',
      nextAt: row.deliveredAt || failedAt ? null : new Date(nextAt).toISOString(),
    };
  },
};
