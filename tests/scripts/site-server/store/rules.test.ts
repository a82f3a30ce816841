/**
 * The store's rules (rules.ts), once for both engines: each engine only answers what they ask
 * and writes what they decide, so these cases hold for SQLite and PostgreSQL alike.
 */
import { describe, expect, it } from 'vitest';
import { rules, type VerdictQuestion } from '../../../../scripts/site-server/store/rules';
import type { Screening, Verdict } from '../../../../scripts/site-server/store/submission';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const screening = (over: Partial<Screening> = {}): Screening => ({ spam: null, suspected: null, nonce: 'n1', digest: 'd1', ...over });

/** Runs a verdict, answering its questions from `answers`; the questions asked and the verdict. */
function judge(given: Screening | undefined, answers: { tokenUsed?: boolean; repeated?: boolean } = {}) {
  const asked: VerdictQuestion[] = [];
  const asking = rules.verdict(given, NOW);
  for (let step = asking.next(); ; ) {
    if (step.done) return { asked, verdict: step.value as Verdict };
    asked.push(step.value);
    const question = step.value;
    step = asking.next(
      question.ask === 'token-used' ? Boolean(answers.tokenUsed) : question.ask === 'repeated' ? Boolean(answers.repeated) : undefined,
    );
  }
}

describe('the spam verdict', () => {
  it('asks nothing of a submission without screening (a script’s) and takes it as it is', () => {
    expect(judge(undefined)).toEqual({ asked: [], verdict: { spam: null, suspected: null } });
  });

  it('records the token, looks for a repeat in the last ten minutes, and remembers a submission it keeps', () => {
    expect(judge(screening({ suspected: 'sent within 2 seconds of the form opening' }))).toEqual({
      asked: [
        { ask: 'token-used', nonce: 'n1', at: NOW },
        { ask: 'repeated', digest: 'd1', since: NOW - 10 * 60 * 1000 },
        { ask: 'remember', digest: 'd1', at: NOW },
      ],
      verdict: { spam: null, suspected: 'sent within 2 seconds of the form opening' },
    });
  });

  it('takes a token used before for spam, neither looking for a repeat nor remembering it', () => {
    expect(judge(screening({ suspected: 'too soon' }), { tokenUsed: true })).toEqual({
      asked: [{ ask: 'token-used', nonce: 'n1', at: NOW }],
      verdict: { spam: 'form token used twice', suspected: null },
    });
  });

  it('takes the same submission again within minutes for spam, and does not remember it', () => {
    const { asked, verdict } = judge(screening(), { repeated: true });
    expect(asked.map((question) => question.ask)).toEqual(['token-used', 'repeated']);
    expect(verdict).toEqual({ spam: 'the same submission again within minutes', suspected: null });
  });

  it('keeps what the request said of spam, and asks nothing: spam never records a token nor makes a later submission a repeat', () => {
    expect(judge(screening({ spam: 'honeypot filled', suspected: 'too soon' }))).toEqual({
      asked: [],
      verdict: { spam: 'honeypot filled', suspected: null },
    });
  });

  it('looks for a repeat of a submission without a token to record', () => {
    expect(judge(screening({ nonce: null })).asked.map((question) => question.ask)).toEqual(['repeated', 'remember']);
  });
});

describe('the next try', () => {
  it('waits as the schedule says after each failed try, and gives up after the last', () => {
    const delays = [10, 60, 300];
    expect(rules.nextTry(1, delays, NOW)).toBe(NOW + 10_000);
    expect(rules.nextTry(2, delays, NOW)).toBe(NOW + 60_000);
    expect(rules.nextTry(3, delays, NOW)).toBe(NOW + 300_000);
    expect(rules.nextTry(4, delays, NOW)).toBeNull();
    expect(rules.nextTry(1, [], NOW)).toBeNull();
  });
});

describe('the purge plan', () => {
  it('deletes each form’s submissions past its window, spam after 30 days, used tokens after a day and an hour, digests after ten minutes', () => {
    expect(rules.purgePlan({ enquiry: 365, application: 90 }, NOW)).toEqual({
      spamBefore: '2026-10-28T12:00:00.000Z',
      enquiriesBefore: '2025-11-27T12:00:00.000Z',
      applicationsBefore: '2026-08-29T12:00:00.000Z',
      tokensBefore: NOW - 25 * 3600_000,
      digestsBefore: NOW - 10 * 60_000,
    });
  });
});

describe('the message id', () => {
  it('is "msg_" and 18 bytes in base64url, new each time', () => {
    expect(rules.messageId(Buffer.alloc(18, 0xff))).toBe('msg_________________________');
    expect(rules.messageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(rules.messageId()).not.toBe(rules.messageId());
  });
});

describe('where a delivery stands', () => {
  const row = {
    channel: 'email' as const,
    messageId: 'msg_x',
    attempts: 1,
    deliveredAt: null,
    failedAt: null,
    lastError: 'refused',
    nextAt: NOW,
  };

  it('is waiting, with when it is tried next, until it is delivered or given up', () => {
    const { failedAt: _, ...shown } = row;
    expect(rules.deliveryState(row)).toEqual({ ...shown, state: 'waiting', nextAt: '2026-11-27T12:00:00.000Z' });
    expect(rules.deliveryState({ ...row, deliveredAt: '2026-11-27T12:00:01.000Z' })).toMatchObject({ state: 'delivered', nextAt: null });
    expect(rules.deliveryState({ ...row, failedAt: '2026-11-28T12:00:00.000Z' })).toEqual({
      channel: 'email',
      messageId: 'msg_x',
      attempts: 1,
      deliveredAt: null,
      lastError: 'refused',
      state: 'failed',
      nextAt: null,
    });
  });
});
