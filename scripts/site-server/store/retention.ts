/**
 * What the store keeps, and for how long, as each form's schema declares it
 * (`x-retention-days`: the careers page promises 90 days for applications): expired
 * submissions are deleted with their CVs and their deliveries, at start and every day after.
 * One person's submissions can be exported as JSON and erased, found by their address's key
 * (email-key.ts) in whatever case or normal form it was typed. A deletion is really one: the
 * store overwrites what it deletes (SQLite's secure_delete) and folds its write-ahead log back
 * into the database file at once, so no byte of it is left in either file.
 */
import type Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOKEN_LIFE_MS } from '../spam/form-token';
import { REPEAT_WINDOW_MS } from '../spam/screening';
import { emailKey } from './email-key';

/** Spam is kept this many days, to look into, then deleted. */
export const SPAM_DAYS = 30;

/** How many days each kind of submission is kept after it arrives. */
export interface Retention {
  enquiry: number;
  application: number;
}

/** The retention each form's schema declares; throws, saying which, when one declares none. */
export function retentionOf(root: string): Retention {
  const days = (file: string): number => {
    const schema = JSON.parse(readFileSync(join(root, 'schemas/forms', file), 'utf8')) as { 'x-retention-days'?: unknown };
    const value = schema['x-retention-days'];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new Error(
        `schemas/forms/${file} declares no "x-retention-days" (a whole number of days, at least 1): say how long its submissions are kept.`,
      );
    return value;
  };
  return { enquiry: days('enquiry.schema.json'), application: days('apply.schema.json') };
}

/** What a purge or an erasure deleted. */
export interface Deleted {
  enquiries: number;
  applications: number;
  /** Of those applications, how many had a CV. */
  cvs: number;
}

const TABLES = { enquiry: 'enquiries', application: 'applications' } as const;

/**
 * Gives every stored address without a key its key: those of a store made before keys were, as
 * it opens, and any a process of an older version wrote meanwhile, before an export or erasure.
 */
export function fillEmailKeys(db: Database.Database): void {
  for (const table of Object.values(TABLES)) {
    const missing = db.prepare(`SELECT id, email FROM ${table} WHERE email_key IS NULL`).all() as { id: number; email: string }[];
    const fill = db.prepare(`UPDATE ${table} SET email_key = ? WHERE id = ?`);
    for (const { id, email } of missing) fill.run(emailKey(email), id);
  }
}

/** The statements of retention, export and erasure on an open store. */
export function openRetention(db: Database.Database) {
  const cutoff = (days: number, now: number): string => new Date(now - days * 86_400_000).toISOString();
  const deleteWhere = (kind: keyof typeof TABLES, where: string) => {
    const table = TABLES[kind];
    const ids = db.prepare(`SELECT id, ${kind === 'application' ? 'cv IS NOT NULL' : '0'} AS cv FROM ${table} WHERE ${where}`);
    const outbox = db.prepare(`DELETE FROM outbox WHERE kind = '${kind}' AND submission_id = ?`);
    const rows = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    return (value: string): { count: number; cvs: number } => {
      const found = ids.all(value) as { id: number; cv: number }[];
      for (const { id } of found) {
        outbox.run(id);
        rows.run(id);
      }
      return { count: found.length, cvs: found.filter((row) => row.cv).length };
    };
  };
  const expiredEnquiries = deleteWhere('enquiry', 'received_at < ?');
  const expiredApplications = deleteWhere('application', 'received_at < ?');
  const enquiriesOf = deleteWhere('enquiry', 'email_key = ?');
  const applicationsOf = deleteWhere('application', 'email_key = ?');
  // Deleted pages are overwritten, and the log that still held them is emptied into the file.
  const scrub = (): void => void db.pragma('wal_checkpoint(TRUNCATE)');
  const deleted = (enquiries: { count: number }, applications: { count: number; cvs: number }): Deleted => ({
    enquiries: enquiries.count,
    applications: applications.count,
    cvs: applications.cvs,
  });

  const spamEnquiries = deleteWhere('enquiry', 'spam IS NOT NULL AND received_at < ?');
  const spamApplications = deleteWhere('application', 'spam IS NOT NULL AND received_at < ?');
  const usedTokens = db.prepare('DELETE FROM form_tokens WHERE used_at < ?');
  const digests = db.prepare('DELETE FROM submission_digests WHERE at < ?');
  const purge = db.transaction((retention: Retention, now: number) => {
    // Spam first, after its own 30 days; then what is past its form's window; then what spam screening remembers.
    const spam = [spamEnquiries(cutoff(SPAM_DAYS, now)), spamApplications(cutoff(SPAM_DAYS, now))];
    const kept = deleted(expiredEnquiries(cutoff(retention.enquiry, now)), expiredApplications(cutoff(retention.application, now)));
    usedTokens.run(now - TOKEN_LIFE_MS - 3600_000);
    digests.run(now - REPEAT_WINDOW_MS);
    return {
      enquiries: kept.enquiries + (spam[0]?.count ?? 0),
      applications: kept.applications + (spam[1]?.count ?? 0),
      cvs: kept.cvs + (spam[1]?.cvs ?? 0),
    };
  });
  const erase = db.transaction((email: string) => {
    fillEmailKeys(db);
    return deleted(enquiriesOf(emailKey(email)), applicationsOf(emailKey(email)));
  });
  const person = {
    enquiries: db.prepare(
      'SELECT id, received_at AS receivedAt, name, mobile, email, message FROM enquiries WHERE email_key = ? ORDER BY id',
    ),
    applications: db.prepare(
      'SELECT id, received_at AS receivedAt, full_name AS fullName, phone, email, cover_letter AS coverLetter, cv_name AS cvName, cv_type AS cvType, cv FROM applications WHERE email_key = ? ORDER BY id',
    ),
    deliveries: db.prepare(
      'SELECT channel, message_id AS messageId, created_at AS createdAt, attempts, delivered_at AS deliveredAt, failed_at AS failedAt FROM outbox WHERE kind = ? AND submission_id = ? ORDER BY id',
    ),
  };

  return {
    /** Deletes every submission older than its form's window, with its CV and its deliveries. */
    purge(retention: Retention, now = Date.now()): Deleted {
      const result = purge.immediate(retention, now);
      if (result.enquiries + result.applications > 0) scrub();
      return result;
    },
    /** Everything held about the person with this e-mail address (by its key): submissions, CVs in base64, deliveries. */
    exportPerson(email: string) {
      db.transaction(() => fillEmailKeys(db)).immediate();
      const key = emailKey(email);
      const enquiries = (person.enquiries.all(key) as { id: number }[]).map((row) => ({
        ...row,
        deliveries: person.deliveries.all('enquiry', row.id),
      }));
      const applications = (person.applications.all(key) as { id: number; cv: Buffer | null }[]).map(({ cv, ...row }) => ({
        ...row,
        cv: cv ? cv.toString('base64') : null,
        deliveries: person.deliveries.all('application', row.id),
      }));
      return { email, enquiries, applications };
    },
    /** Deletes everything held about the person with this e-mail address (by its key). */
    erasePerson(email: string): Deleted {
      const result = erase.immediate(email);
      if (result.enquiries + result.applications > 0) scrub();
      return result;
    },
  };
}

/** How often expired submissions are looked for, after the look at start. */
const DAY_MS = 86_400_000;

/**
 * Deletes what is past its form's window now and every day after, in either store, and says how
 * much in one line without anything of what was deleted.
 */
export function dailyPurge(
  store: { purge(retention: Retention, now?: number): Deleted | Promise<Deleted> },
  retention: Retention,
): { stop(): void } {
  const purge = async (): Promise<void> => {
    try {
      const { enquiries, applications, cvs } = await store.purge(retention);
      if (enquiries + applications > 0)
        console.log(
          `Deleted ${enquiries} ${enquiries === 1 ? 'enquiry' : 'enquiries'} older than ${retention.enquiry} days and ${applications} ${applications === 1 ? 'application' : 'applications'} (${cvs} with a CV) older than ${retention.application} days.`,
        );
    } catch (error) {
      console.error(
        `Expired submissions could not be deleted (${String((error as { code?: unknown }).code ?? 'UNKNOWN')}: ${(error as Error).message}); they are looked for again tomorrow.`,
      );
    }
  };
  void purge();
  const daily = setInterval(() => void purge(), DAY_MS);
  return { stop: () => clearInterval(daily) };
}
