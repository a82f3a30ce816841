/**
 * The engines suite, the outbox: both engines lease each delivery to one claimer, and try it again as the rules say.
 */
import { describe, expect, it } from 'vitest';
import { enquiry, RETRIES, engines, setUpEngines } from './engines';

setUpEngines();

describe.each(engines)('the store on %s', (label, engine) => {
  const name = (what: string): string => `${label.toLowerCase()}_${what}`;

  it('leases a delivery to one claimer, tries it again with the same id once the lease runs out, and retries, then gives up', async () => {
    const store = await engine.open(name('outbox'), ['webhook']);
    const [id = 0] = await store.addAll([enquiry('deliver me')]);
    const now = Date.now();
    const [claimed] = await store.outbox.claim(now, 1000, 10);
    expect(claimed).toMatchObject({ kind: 'enquiry', submissionId: id, channel: 'webhook', attempts: 1 });
    expect(claimed?.messageId).toMatch(/^msg_[\w-]{24}$/);
    // Leased: nobody else takes it, until the lease runs out (its claimer killed mid-try).
    expect(await store.outbox.claim(now + 500, 1000, 10)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(now + 1000);
    const [again] = await store.outbox.claim(now + 1000, 1000, 10);
    expect(again).toMatchObject({ id: claimed?.id, messageId: claimed?.messageId, attempts: 2 });
    if (!again) throw new Error('not claimed again');
    // The second try fails: tried again after the second delay.
    expect(await store.outbox.failed(again, 'the receiver answered 503', RETRIES, now + 1000)).toBe('retry');
    expect(await store.deliveriesOf('enquiry', id)).toEqual([
      expect.objectContaining({
        state: 'waiting',
        attempts: 2,
        lastError: 'the receiver answered 503',
        nextAt: new Date(now + 61_000).toISOString(),
      }),
    ]);
    expect(await store.outbox.claim(now + 60_999, 1000, 10)).toEqual([]);
    const [third] = await store.outbox.claim(now + 61_000, 1000, 10);
    if (!third) throw new Error('not claimed a third time');
    expect(await store.outbox.failed(third, 'still 503', RETRIES, now + 61_000)).toBe('gave-up');
    expect(await store.deliveriesOf('enquiry', id)).toEqual([
      expect.objectContaining({ state: 'failed', attempts: 3, lastError: 'still 503', nextAt: null }),
    ]);
    expect(await store.outbox.nextDueAt()).toBeNull();

    const [other = 0] = await store.addAll([enquiry('deliver me too')]);
    const [next] = await store.outbox.claim(Date.now(), 1000, 10);
    if (!next) throw new Error('not claimed');
    await store.outbox.delivered(next.id);
    expect(await store.deliveriesOf('enquiry', other)).toEqual([
      expect.objectContaining({ state: 'delivered', attempts: 1, lastError: null, nextAt: null }),
    ]);
    await store.close();
  });

  it('never hands the same delivery to two claimers at once', async () => {
    const one = await engine.open(name('claimers'), ['webhook']);
    const two = await engine.reopen(name('claimers'), ['webhook']);
    await one.addAll(Array.from({ length: 30 }, (_, index) => enquiry(`claim ${index}`)));
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? one : two).outbox.claim(now, 60_000, 4)));
    const ids = claims.flat().map((delivery) => delivery.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    await Promise.all([one.close(), two.close()]);
  });
});
