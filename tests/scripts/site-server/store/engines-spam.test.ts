/**
 * The engines suite, spam: both engines finish screening a submission by the rules (a reused token, a repeat) and owe spam no delivery.
 */
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../../scripts/site-server/store/submission';
import { application, enquiry, screened, engines, setUpEngines } from './engines';

setUpEngines();

describe.each(engines)('the store on %s', (label, engine) => {
  const name = (what: string): string => `${label.toLowerCase()}_${what}`;

  it('takes a reused form token and the same submission again within minutes for spam, and owes spam no delivery', async () => {
    const store = await engine.open(name('spam'), ['email', 'webhook']);
    const clean = { spam: null, suspected: null, nonce: 'nonce-1', digest: 'digest-1' };
    const [first = 0] = await store.addAll([screened(enquiry('first'), clean)]);
    const [reused = 0] = await store.addAll([screened(enquiry('second'), { ...clean, digest: 'digest-2' })]);
    const [repeated = 0] = await store.addAll([screened(enquiry('third'), { ...clean, nonce: 'nonce-3' })]);
    const [trapped = 0] = await store.addAll([
      screened(enquiry('fourth'), { spam: 'honeypot filled', suspected: null, nonce: null, digest: 'digest-4' }),
    ]);
    const [person = 0] = await store.addAll([
      screened(enquiry('fifth'), { spam: null, suspected: null, nonce: 'nonce-5', digest: 'digest-5' }),
    ]);
    expect(await store.spamOf('enquiry', first)).toBeNull();
    expect(await store.spamOf('enquiry', reused)).toBe('form token used twice');
    expect(await store.spamOf('enquiry', repeated)).toBe('the same submission again within minutes');
    expect(await store.spamOf('enquiry', trapped)).toBe('honeypot filled');
    expect(await store.spamOf('enquiry', person)).toBeNull();
    for (const id of [reused, repeated, trapped]) expect(await store.deliveriesOf('enquiry', id)).toEqual([]);
    expect((await store.deliveriesOf('enquiry', first)).map((delivery) => delivery.channel)).toEqual(['email', 'webhook']);
    await store.close();
  });

  it('delivers a submission whose token only came too soon, marked suspected with why, and hands the reason to the deliverer', async () => {
    const store = await engine.open(name('suspected'), ['email', 'webhook']);
    const tooSoon = { spam: null, suspected: 'sent within 2 seconds of the form opening', nonce: 'nonce-s1', digest: 'digest-s1' };
    const [suspected = 0, reused = 0] = await store.addAll([
      screened(enquiry('autofilled'), tooSoon),
      // Its token used again: spam, whatever its timing.
      screened(enquiry('again with its token'), { ...tooSoon, digest: 'digest-s2' }),
    ]);
    const [applied = 0] = await store.addAll([
      screened(application('autofilled too', 'arjun@example.com', null), { ...tooSoon, nonce: 'nonce-s3', digest: 'digest-s3' }),
    ]);
    expect([await store.spamOf('enquiry', suspected), await store.suspectedOf('enquiry', suspected)]).toEqual([
      null,
      'sent within 2 seconds of the form opening',
    ]);
    expect((await store.deliveriesOf('enquiry', suspected)).map((delivery) => delivery.channel)).toEqual(['email', 'webhook']);
    expect(await store.deliveredOf({ kind: 'enquiry', submissionId: suspected })).toMatchObject({
      enquiry: { message: 'autofilled' },
      suspected: 'sent within 2 seconds of the form opening',
    });
    expect(await store.deliveredOf({ kind: 'application', submissionId: applied })).toMatchObject({
      application: { coverLetter: 'autofilled too' },
      suspected: 'sent within 2 seconds of the form opening',
    });
    expect([await store.spamOf('enquiry', reused), await store.suspectedOf('enquiry', reused)]).toEqual(['form token used twice', null]);
    expect(await store.deliveriesOf('enquiry', reused)).toEqual([]);
    await store.close();
  });

  it('never takes a submission for a repeat of one flagged as spam, only of one delivered or suspected', async () => {
    const store = await engine.open(name('repeats'), ['webhook']);
    const same = (nonce: string, spam: string | null, suspected: string | null = null): Submission =>
      screened(enquiry('the very same words'), { spam, suspected, nonce, digest: 'digest-same' });
    const [trapped = 0] = await store.addAll([same('r-1', 'no form token')]);
    const [person = 0] = await store.addAll([same('r-2', null, 'sent within 2 seconds of the form opening')]);
    const [again = 0] = await store.addAll([same('r-3', null)]);
    expect(await store.spamOf('enquiry', trapped)).toBe('no form token');
    // The spam before it made it no repeat: it is delivered (suspected, for its timing).
    expect(await store.spamOf('enquiry', person)).toBeNull();
    expect(await store.deliveriesOf('enquiry', person)).toHaveLength(1);
    // Sent again after the suspected one was delivered: that is a repeat.
    expect(await store.spamOf('enquiry', again)).toBe('the same submission again within minutes');
    expect(await store.deliveriesOf('enquiry', again)).toEqual([]);
    await store.close();
  });

  it('sees the same submission sent twice at once by two servers: one is stored as spam', async () => {
    const one = await engine.open(name('race'));
    const two = await engine.reopen(name('race'));
    const same = (nonce: string): Submission =>
      screened(enquiry('twice at once'), { spam: null, suspected: null, nonce, digest: 'digest-race' });
    const [[a = 0], [b = 0]] = await Promise.all([one.addAll([same('n-a')]), two.addAll([same('n-b')])]);
    const reasons = [await one.spamOf('enquiry', a), await one.spamOf('enquiry', b)];
    expect(reasons.filter((reason) => reason === null)).toHaveLength(1);
    expect(reasons).toContain('the same submission again within minutes');
    await Promise.all([one.close(), two.close()]);
  });
});
