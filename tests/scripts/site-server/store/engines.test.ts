/**
 * One store suite, run against both engines the store runs on: SQLite (the embedded default)
 * and PostgreSQL (DATABASE_URL), a real server of Debian's started in a temporary folder. Each
 * case goes through the API the server, the deliverer and `npm run enquiries` use
 * (submission-store.ts): storing with the deliveries owed, spam screening, the outbox's leases
 * and retries, retention, export and erasure that leave no byte behind in the database's files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../../../scripts/site-server/store/postgres-store';
import type { Submission } from '../../../../scripts/site-server/store/store';
import { StoreOpenError } from '../../../../scripts/site-server/store/store';
import { openSqliteSubmissionStore, type SubmissionStore } from '../../../../scripts/site-server/store/submission-store';
import { startPostgres, type TestPostgres } from '../../../../scripts/tooling/postgres';

const DAY = 86_400_000;
const RETENTION = { enquiry: 365, application: 90 };
const RETRIES = [10, 60];

/** What each engine gives the suite: a new store, and ways to look under it. */
interface Engine {
  /** A new, empty store (`name` tells it apart), delivering through `channels`. */
  open(name: string, channels?: ('email' | 'webhook')[]): Promise<SubmissionStore>;
  /** A second connection to the same store, as another server process would open. */
  reopen(name: string, channels?: ('email' | 'webhook')[]): Promise<SubmissionStore>;
  /** Dates a stored submission back, as if it had arrived `days` ago. */
  backdate(name: string, table: 'enquiries' | 'applications', id: number, days: number): Promise<void>;
  /** Every byte the store's database holds on disk now (its files written out first), as one buffer. */
  onDisk(name: string): Promise<Buffer>;
  /** A store as a version before address keys left it, holding one enquiry from each address. */
  legacy(name: string, emails: string[]): Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), 'store-engines-'));
let server: TestPostgres;
const urls = new Map<string, string>();
beforeAll(async () => {
  server = await startPostgres();
});
// Stopping a PostgreSQL server takes a while on a busy machine.
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under a folder, read. */
const filesUnder = (folder: string): Buffer[] =>
  readdirSync(folder, { recursive: true })
    .map((entry) => join(folder, String(entry)))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file));

const sqlite: Engine = {
  async open(name, channels = []) {
    return openSqliteSubmissionStore(join(dir, `${name}.db`), { channels });
  },
  async reopen(name, channels = []) {
    return openSqliteSubmissionStore(join(dir, `${name}.db`), { channels });
  },
  async backdate(name, table, id, days) {
    const db = new Database(join(dir, `${name}.db`));
    db.prepare(`UPDATE ${table} SET received_at = ? WHERE id = ?`).run(new Date(Date.now() - days * DAY).toISOString(), id);
    db.close();
  },
  async onDisk(name) {
    const path = join(dir, `${name}.db`);
    return Buffer.concat([path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)));
  },
  async legacy(name, emails) {
    const db = new Database(join(dir, `${name}.db`));
    db.exec(`
      CREATE TABLE enquiries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        name TEXT NOT NULL, mobile TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL, spam TEXT
      );
      CREATE TABLE applications (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        full_name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, cover_letter TEXT NOT NULL,
        cv_name TEXT, cv_type TEXT, cv BLOB, spam TEXT
      );
    `);
    const insert = db.prepare("INSERT INTO enquiries (name, mobile, email, message) VALUES ('Old', '+91 9876543210', ?, ?)");
    for (const email of emails) insert.run(email, `from ${email}`);
    db.close();
  },
};

/** Runs one statement on a test database as its superuser. */
async function query(url: string, text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

const postgres: Engine = {
  async open(name, channels = []) {
    const url = await server.database(name);
    urls.set(name, url);
    return openPostgresStore(url, { channels });
  },
  async reopen(name, channels = []) {
    return openPostgresStore(urls.get(name) ?? '', { channels });
  },
  async backdate(name, table, id, days) {
    await query(urls.get(name) ?? '', `UPDATE ${table} SET received_at = $1 WHERE id = $2`, [
      new Date(Date.now() - days * DAY).toISOString(),
      id,
    ]);
  },
  async onDisk(name) {
    // Written out from PostgreSQL's buffers into the table files; its write-ahead log (pg_wal) is left aside (README).
    await query(urls.get(name) ?? '', 'CHECKPOINT');
    return Buffer.concat(filesUnder(join(server.dataDir, 'base')));
  },
  async legacy(name, emails) {
    const url = await server.database(name);
    urls.set(name, url);
    await query(
      url,
      `CREATE TABLE enquiries (
         id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now(),
         name text NOT NULL, mobile text NOT NULL, email text NOT NULL, message text NOT NULL, spam text
       );
       CREATE TABLE applications (
         id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now(),
         full_name text NOT NULL, phone text NOT NULL, email text NOT NULL, cover_letter text NOT NULL,
         cv_name text, cv_type text, cv bytea, spam text
       )`,
    );
    for (const email of emails)
      await query(url, "INSERT INTO enquiries (name, mobile, email, message) VALUES ('Old', '+91 9876543210', $1, $2)", [
        email,
        `from ${email}`,
      ]);
  },
};

const enquiry = (message: string, email = 'priya@example.com'): Submission => ({
  kind: 'enquiry',
  enquiry: { name: 'Priya Raman', mobile: '+91 9876543210', email, message },
});
const application = (coverLetter: string, email: string, cv: string | null): Submission => ({
  kind: 'application',
  application: {
    fullName: 'Arjun Mehta',
    phone: '9876543210',
    email,
    coverLetter,
    cvName: cv ? 'cv.pdf' : null,
    cvType: cv ? 'application/pdf' : null,
  },
  cv: cv === null ? null : Buffer.from(cv),
});
const screened = (submission: Submission, screening: Submission['screening']): Submission => ({ ...submission, screening });

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const)('the store on %s', (label, engine) => {
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

describe('the store on PostgreSQL, when it cannot be used', () => {
  it('says in one line what is wrong and what to do, with no password in it', async () => {
    const url = await server.database('refusals');
    const port = new URL(url).port;
    const attempt = (target: string) =>
      openPostgresStore(target).then(
        () => 'opened',
        (error: unknown) => (error instanceof StoreOpenError ? error.message : `not a StoreOpenError: ${String(error)}`),
      );
    expect(await attempt(`postgres://postgres:s3cret@127.0.0.1:${port}/no_such_database`)).toBe(
      `The database of postgres://postgres:***@127.0.0.1:${port}/no_such_database does not exist. Create it (createdb <name>), or correct its name in DATABASE_URL.`,
    );
    expect(await attempt('localhost:5432/site')).toBe(
      'DATABASE_URL is not a PostgreSQL address (it is localhost:5432/site). Write it as postgres://user:password@host:5432/database, or leave it unset to keep submissions in SQLite.',
    );
    expect(await attempt('mysql://site:s3cret@db.example.com/site')).toBe(
      'DATABASE_URL is not a PostgreSQL address (it is mysql://site:***@db.example.com/site). Write it as postgres://user:password@host:5432/database, or leave it unset to keep submissions in SQLite.',
    );
    expect(await attempt('not a url at all')).toBe(
      'DATABASE_URL is not a PostgreSQL address (it is something that is not a URL). Write it as postgres://user:password@host:5432/database, or leave it unset to keep submissions in SQLite.',
    );
    // A port where nothing listens: this file's own server, stopped, would be one; a closed one is found by asking the OS.
    const closed = execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ])
      .toString()
      .trim();
    expect(await attempt(`postgres://postgres:s3cret@127.0.0.1:${closed}/store`)).toBe(
      `Nothing answers at postgres://postgres:***@127.0.0.1:${closed}/store (connection refused). Start PostgreSQL there, or correct the host and port in DATABASE_URL.`,
    );
  });
});
