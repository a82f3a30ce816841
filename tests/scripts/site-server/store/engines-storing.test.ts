/**
 * The engines suite, storing: both engines keep what is sent, in order and exactly, all of a batch or none, and share one form-token key.
 */
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../../scripts/site-server/store/submission';
import { application, enquiry, engines, setUpEngines } from './engines';

setUpEngines();

describe.each(engines)('the store on %s', (label, engine) => {
  const name = (what: string): string => `${label.toLowerCase()}_${what}`;

  it('stores submissions in order, with an application’s CV, and reads them back as they were sent', async () => {
    const store = await engine.open(name('add'));
    const ids = await store.addAll([enquiry('A pilot, please.'), application('I design dashboards.', 'arjun@example.com', '%PDF-1.7 cv')]);
    expect(ids).toHaveLength(2);
    const [first] = await store.enquiries();
    expect(first).toMatchObject({ id: ids[0], name: 'Priya Raman', message: 'A pilot, please.' });
    expect(first?.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(first?.receivedAt ?? '') - Date.now())).toBeLessThan(60_000);
    expect(await store.applications()).toEqual([
      expect.objectContaining({ id: ids[1], fullName: 'Arjun Mehta', cvName: 'cv.pdf', cvType: 'application/pdf', cvSize: 11 }),
    ]);
    expect((await store.cvOf(ids[1] ?? 0))?.toString()).toBe('%PDF-1.7 cv');
    expect(await store.deliveredOf({ kind: 'application', submissionId: ids[1] ?? 0 })).toMatchObject({
      kind: 'application',
      application: { coverLetter: 'I design dashboards.', cvSize: 11 },
      cv: Buffer.from('%PDF-1.7 cv'),
    });
    expect(await store.deliveredOf({ kind: 'enquiry', submissionId: 999 })).toBeUndefined();
    await store.close();
  });

  it('keeps every character a person typed, exactly: scripts, joiners, emoji, tabs and line breaks', async () => {
    const store = await engine.open(name('characters'));
    const typed = 'علی\u200cرضا 山田 — Ünïcödé\r\n\tline two 👨\u200d👩\u200d👧 \u2764\ufe0f \\u{1b}';
    const [id = 0] = await store.addAll([
      { kind: 'enquiry', enquiry: { name: 'علی\u200cرضا', mobile: '+91 9876543210', email: 'josé@exämple.com', message: typed } },
    ]);
    expect(await store.deliveredOf({ kind: 'enquiry', submissionId: id })).toMatchObject({
      enquiry: { name: 'علی\u200cرضا', email: 'josé@exämple.com', message: typed },
    });
    await store.close();
  });

  it('stores all of a batch or none of it', async () => {
    const store = await engine.open(name('batch'));
    const broken = { kind: 'enquiry', enquiry: { name: null, mobile: '1', email: 'x@example.com', message: 'm' } } as unknown as Submission;
    await expect(store.addAll([enquiry('first of the batch'), broken])).rejects.toThrow();
    expect(await store.enquiries()).toEqual([]);
    await store.close();
  });

  it('gives every submission stored at once its own id, and keeps every one', async () => {
    const store = await engine.open(name('concurrent'));
    const ids = (await Promise.all(Array.from({ length: 40 }, (_, index) => store.addAll([enquiry(`message ${index}`)])))).flat();
    expect(new Set(ids).size).toBe(40);
    expect((await store.enquiries()).map((row) => row.message).sort()).toEqual(
      Array.from({ length: 40 }, (_, index) => `message ${index}`).sort(),
    );
    await store.close();
  });

  it('makes the form-token key once, and every process on the store gets the same', async () => {
    const first = await engine.open(name('key'));
    const [second, third] = await Promise.all([engine.reopen(name('key')), engine.reopen(name('key'))]);
    const key = await first.formTokenKey();
    expect(key).toHaveLength(32);
    expect(await second.formTokenKey()).toEqual(key);
    expect(await third.formTokenKey()).toEqual(key);
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
