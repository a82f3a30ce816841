/**
 * Retention, export and erasure in SQLite: the SQL of what rules.ts plans. One person is found by
 * their address's key (email-key.ts) in whatever case or normal form it was typed. A deletion is
 * really one: the store overwrites what it deletes (secure_delete, set as it opens) and folds its
 * write-ahead log back into the database file at once, so no byte of it is left in either file.
 */
import type Database from 'better-sqlite3';
import { emailKey } from './email-key';
import type { Deleted, Retention } from './retention';
import { rules } from './rules';
import { submission, type SubmissionKind } from './submission';

const { forms } = submission;

/**
 * Gives every stored address without a key its key: those of a store made before keys were, as
 * it opens, and any a process of an older version wrote meanwhile, before an export or erasure.
 */
export function fillEmailKeys(db: Database.Database): void {
  for (const { table } of Object.values(forms)) {
    const missing = db.prepare(`SELECT id, email FROM ${table} WHERE email_key IS NULL`).all() as { id: number; email: string }[];
    const fill = db.prepare(`UPDATE ${table} SET email_key = ? WHERE id = ?`);
    for (const { id, email } of missing) fill.run(emailKey(email), id);
  }
}

/** The statements of retention, export and erasure on an open store; `columnsOf` names a kind's stored fields for SELECT. */
export function sqliteRetention(db: Database.Database, columnsOf: (kind: SubmissionKind) => string) {
  const deleteWhere = (kind: SubmissionKind, where: string) => {
    const { table } = forms[kind];
    const ids = db.prepare(`SELECT id, ${forms[kind].cv ? 'cv IS NOT NULL' : '0'} AS cv FROM ${table} WHERE ${where}`);
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
    const plan = rules.purgePlan(retention, now);
    // Spam first, after its own 30 days; then what is past its form's window; then what spam screening remembers.
    const spam = [spamEnquiries(plan.spamBefore), spamApplications(plan.spamBefore)];
    const kept = deleted(expiredEnquiries(plan.enquiriesBefore), expiredApplications(plan.applicationsBefore));
    usedTokens.run(plan.tokensBefore);
    digests.run(plan.digestsBefore);
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
    enquiries: db.prepare(`SELECT ${columnsOf('enquiry')} FROM enquiries WHERE email_key = ? ORDER BY id`),
    applications: db.prepare(`SELECT ${columnsOf('application')}, cv FROM applications WHERE email_key = ? ORDER BY id`),
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
