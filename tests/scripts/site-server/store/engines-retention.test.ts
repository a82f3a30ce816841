/**
 * The engines suite, retention: both engines delete what is past its window and export and erase one person, leaving no byte of it on disk.
 */
import { describe, expect, it } from 'vitest';
import { application, enquiry, RETENTION, screened, engines, setUpEngines } from './engines';

setUpEngines();

describe.each(engines)('the store on %s', (label, engine) => {
  const name = (what: string): string => `${label.toLowerCase()}_${what}`;

  it('deletes what is past its window, spam after 30 days, with CVs and deliveries, and leaves no byte of it on disk', async () => {
    const store = await engine.open(name('purge'), ['webhook']);
    const [old = 0, recent = 0, oldEnquiry = 0, keptEnquiry = 0, spam = 0] = await store.addAll([
      application('EXPIRED-LETTER-7f3a', 'old@example.com', '%PDF EXPIRED-CV-91c2'),
      application('Kept letter', 'new@example.com', '%PDF kept'),
      enquiry('EXPIRED-ENQUIRY-44d0', 'oldq@example.com'),
      enquiry('Still within its year', 'keep@example.com'),
      screened(enquiry('SPAM-MONTH-OLD-5e1b'), { spam: 'honeypot filled', suspected: null, nonce: null, digest: 'spam-digest' }),
    ]);
    await engine.backdate(name('purge'), 'applications', old, 91);
    await engine.backdate(name('purge'), 'applications', recent, 89);
    await engine.backdate(name('purge'), 'enquiries', oldEnquiry, 366);
    await engine.backdate(name('purge'), 'enquiries', keptEnquiry, 100);
    await engine.backdate(name('purge'), 'enquiries', spam, 31);
    // The check can see them: they are on disk before the purge.
    const before = await engine.onDisk(name('purge'));
    for (const held of ['EXPIRED-LETTER-7f3a', 'EXPIRED-CV-91c2', 'EXPIRED-ENQUIRY-44d0', 'SPAM-MONTH-OLD-5e1b'])
      expect(before.includes(held), held).toBe(true);

    expect(await store.purge(RETENTION)).toEqual({ enquiries: 2, applications: 1, cvs: 1 });
    expect((await store.applications()).map((row) => row.id)).toEqual([recent]);
    expect((await store.enquiries()).map((row) => row.id)).toEqual([keptEnquiry]);
    expect(await store.deliveriesOf('application', old)).toEqual([]);
    expect(await store.deliveriesOf('application', recent)).toHaveLength(1);
    await store.close();
    const after = await engine.onDisk(name('purge'));
    for (const gone of ['EXPIRED-LETTER-7f3a', 'EXPIRED-CV-91c2', 'EXPIRED-ENQUIRY-44d0', 'SPAM-MONTH-OLD-5e1b', 'old@example.com'])
      expect(after.includes(gone), gone).toBe(false);
    expect(after.includes('Kept letter')).toBe(true);
  });

  it('exports everything held about one person, then erases it, leaving no byte of it on disk', async () => {
    const store = await engine.open(name('person'), ['email']);
    const [mine = 0, cv = 0] = await store.addAll([
      enquiry('ERASE-ME-ENQUIRY-0b7e', 'Erase.Me@Example.com'),
      application('ERASE-ME-LETTER-2c9d', 'erase.me@example.com', '%PDF ERASE-ME-CV-8a41'),
      enquiry('Someone else’s words', 'other@example.com'),
    ]);
    const held = await store.exportPerson('ERASE.ME@example.com');
    expect(held.enquiries).toEqual([
      expect.objectContaining({
        id: mine,
        message: 'ERASE-ME-ENQUIRY-0b7e',
        deliveries: [expect.objectContaining({ channel: 'email', attempts: 0 })],
      }),
    ]);
    expect(held.applications).toEqual([
      expect.objectContaining({ id: cv, coverLetter: 'ERASE-ME-LETTER-2c9d', cv: Buffer.from('%PDF ERASE-ME-CV-8a41').toString('base64') }),
    ]);
    expect((await engine.onDisk(name('person'))).includes('ERASE-ME-LETTER-2c9d')).toBe(true);

    expect(await store.erasePerson('erase.me@EXAMPLE.com')).toEqual({ enquiries: 1, applications: 1, cvs: 1 });
    expect(await store.exportPerson('erase.me@example.com')).toEqual({ email: 'erase.me@example.com', enquiries: [], applications: [] });
    expect((await store.enquiries()).map((row) => row.message)).toEqual(['Someone else’s words']);
    expect(await store.erasePerson('erase.me@example.com')).toEqual({ enquiries: 0, applications: 0, cvs: 0 });
    await store.close();
    const after = await engine.onDisk(name('person'));
    for (const gone of ['ERASE-ME-ENQUIRY-0b7e', 'ERASE-ME-LETTER-2c9d', 'ERASE-ME-CV-8a41', 'Erase.Me@Example.com'])
      expect(after.includes(gone), gone).toBe(false);
    expect(after.includes('Someone else’s words')).toBe(true);
  });

  it('finds a person by an address typed in another case or Unicode normal form, to export and to erase', async () => {
    const store = await engine.open(name('keys'), ['email']);
    // Ä as one code point (NFC) and as A with a combining diaeresis (NFD); ß and SS; final ς and Σ.
    const [upper = 0, decomposed = 0, sharp = 0, greek = 0] = await store.addAll([
      enquiry('Stored in capitals', '\u00c4NNA@BEISPIEL.DE'),
      application('Stored decomposed', 'a\u0308nna@beispiel.de', '%PDF cv'),
      enquiry('Stored with ß', 'straße@beispiel.de'),
      enquiry('Stored with final sigma', 'σοφιας@παράδειγμα.gr'),
      enquiry('Another person', 'anna@beispiel.de'),
    ]);
    const held = await store.exportPerson('\u00e4nna@beispiel.de');
    expect([held.enquiries.map((row) => row.id), held.applications.map((row) => row.id)]).toEqual([[upper], [decomposed]]);
    expect((await store.exportPerson('STRASSE@BEISPIEL.DE')).enquiries.map((row) => row.id)).toEqual([sharp]);
    expect((await store.exportPerson('ΣΟΦΙΑΣ@ΠΑΡΆΔΕΙΓΜΑ.GR')).enquiries.map((row) => row.id)).toEqual([greek]);

    expect(await store.erasePerson('A\u0308NNA@Beispiel.de')).toEqual({ enquiries: 1, applications: 1, cvs: 1 });
    expect(await store.erasePerson('Strasse@beispiel.de')).toEqual({ enquiries: 1, applications: 0, cvs: 0 });
    expect((await store.enquiries()).map((row) => row.email)).toEqual(['σοφιας@παράδειγμα.gr', 'anna@beispiel.de']);
    await store.close();
  });

  it('gives the addresses of a store made before keys their keys as it opens, with two servers opening it at once', async () => {
    await engine.legacy(name('legacy'), ['\u00c4NNA@BEISPIEL.DE', 'a\u0308nna@beispiel.de', 'ben@example.com']);
    const [one, two] = await Promise.all([engine.reopen(name('legacy')), engine.reopen(name('legacy'))]);
    expect((await two.exportPerson('\u00e4nna@beispiel.de')).enquiries.map((row) => row.message)).toEqual([
      'from \u00c4NNA@BEISPIEL.DE',
      'from a\u0308nna@beispiel.de',
    ]);
    expect(await one.erasePerson('ÄNNA@beispiel.de')).toEqual({ enquiries: 2, applications: 0, cvs: 0 });
    expect((await one.enquiries()).map((row) => row.email)).toEqual(['ben@example.com']);
    // A submission stored now is found the same way.
    await one.addAll([enquiry('New one', 'BEN@EXAMPLE.COM')]);
    expect((await two.exportPerson('ben@example.com')).enquiries).toHaveLength(2);
    await Promise.all([one.close(), two.close()]);
  });
});
