/**
 * The store in SQLite, the embedded default: its tables and its SQL, nothing more. What a
 * submission is comes from the model (submission.ts), whether it is spam and everything else
 * that is decided from the rules (rules.ts), the outbox's statements from sqlite-outbox.ts and
 * retention's from sqlite-retention.ts. Inserts are committed (synchronous=FULL, write-ahead
 * log) before the endpoint answers, so a crash right after a 2xx loses nothing. This API is
 * synchronous: the server calls it from its own worker thread (store-writer.ts), never from the
 * thread that answers requests.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Channel } from '../notify/notify-settings';
import { emailKey } from './email-key';
import { rules } from './rules';
import { sqliteOutbox } from './sqlite-outbox';
import { fillEmailKeys, sqliteRetention } from './sqlite-retention';
import { errorCode, StoreOpenError } from './store-open-error';
import {
  type Delivered,
  type Delivery,
  type NewApplication,
  type NewEnquiry,
  type StoredApplication,
  type StoredEnquiry,
  type Submission,
  type SubmissionKind,
  submission as model,
  type Verdict,
} from './submission';

/** Where the store lives unless STORE_PATH says otherwise; data/ is git-ignored. */
export const DEFAULT_STORE_PATH = 'data/submissions.db';

/** How long opening the store waits for another process's lock before giving up. */
const OPEN_TIMEOUT_MS = 5000;

/** A busy or locked SQLite store: the write may succeed if tried again shortly (PostgreSQL's are in postgres-error-code.ts). */
export const isBusy = (code: string): boolean => code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');

/** The submission tables; a form's own fields are its columns (a column added to a form's schema is added here too). */
const TABLES = `
  CREATE TABLE IF NOT EXISTS enquiries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    name TEXT NOT NULL, mobile TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS applications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    full_name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, cover_letter TEXT NOT NULL,
    cv_name TEXT, cv_type TEXT, cv BLOB
  );
`;

/** Columns added since the tables were first made, to a store made before them: spam and suspected with why (screen.ts), the address's key (email-key.ts). */
const ADDED_COLUMNS = { enquiries: ['spam', 'suspected', 'email_key'], applications: ['spam', 'suspected', 'email_key'] };

/** A form's stored fields as SELECT names them: each column as its field's key. */
const columnsOf = (kind: SubmissionKind): string =>
  [
    'id',
    'received_at AS receivedAt',
    ...model.forms[kind].fields.map(({ key, column }) => (key === column ? key : `${column} AS ${key}`)),
    ...(model.forms[kind].cv ? ['cv_name AS cvName', 'cv_type AS cvType'] : []),
  ].join(', ');

export interface StoreOptions {
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** The channels each submission stored is delivered through: its outbox rows are written with it. */
  channels?: readonly Channel[];
}

/** Opens (making or upgrading) the SQLite store at `path`; a store that cannot be opened throws a StoreOpenError. */
export function openSqlite(path: string, { busyTimeoutMs = OPEN_TIMEOUT_MS, channels = [] }: StoreOptions = {}) {
  let db: Database.Database;
  let outbox: ReturnType<typeof sqliteOutbox>;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: OPEN_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // What is deleted is overwritten with zeros, not left in free pages (sqlite-retention.ts).
    db.pragma('secure_delete = ON');
    db.exec(TABLES);
    outbox = sqliteOutbox(db);
    // What a store made before lacks is added once, and its addresses given their keys: two
    // processes opening it at once take turns (an immediate transaction holds the write lock).
    db.transaction(() => {
      for (const [table, added] of Object.entries(ADDED_COLUMNS)) {
        const columns = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
        for (const column of added) if (!columns.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
        db.exec(`CREATE INDEX IF NOT EXISTS ${table}_email_key ON ${table} (email_key)`);
      }
      fillEmailKeys(db);
    }).immediate();
    db.exec(`
      CREATE TABLE IF NOT EXISTS form_tokens (nonce TEXT PRIMARY KEY, used_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS submission_digests (digest TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS submission_digests_digest ON submission_digests (digest, at);
      CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL);
    `);
    db.prepare('INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)').run('form-token-key', randomBytes(32));
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
  } catch (error) {
    throw new StoreOpenError(path, errorCode(error), (error as Error).message);
  }
  const { enquiry: enquiryForm, application: applicationForm } = model.forms;
  const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');
  const fieldColumns = (kind: SubmissionKind): string => model.forms[kind].fields.map(({ column }) => column).join(', ');
  const insertEnquiry = db.prepare(
    `INSERT INTO enquiries (${fieldColumns('enquiry')}, email_key, spam, suspected) VALUES (${placeholders(enquiryForm.fields.length + 3)})`,
  );
  const insertApplication = db.prepare(
    `INSERT INTO applications (${fieldColumns('application')}, email_key, cv_name, cv_type, cv, spam, suspected) VALUES (${placeholders(applicationForm.fields.length + 6)})`,
  );
  // What the verdict asks of the store (rules.ts), in SQLite.
  const useNonce = db.prepare('INSERT OR IGNORE INTO form_tokens (nonce, used_at) VALUES (?, ?)');
  const repeated = db.prepare('SELECT 1 FROM submission_digests WHERE digest = ? AND at > ? LIMIT 1');
  const seen = db.prepare('INSERT INTO submission_digests (digest, at) VALUES (?, ?)');
  const verdictOf = (submission: Submission): Verdict => {
    const asking = rules.verdict(submission.screening, Date.now());
    for (let step = asking.next(); ; ) {
      if (step.done) return step.value;
      const question = step.value;
      if (question.ask === 'token-used') step = asking.next(useNonce.run(question.nonce, question.at).changes === 0);
      else if (question.ask === 'repeated') step = asking.next(Boolean(repeated.get(question.digest, question.since)));
      else step = asking.next(void seen.run(question.digest, question.at));
    }
  };
  const retention = sqliteRetention(db, columnsOf);
  const stored = (submission: Submission, { spam, suspected }: Verdict): number => {
    if (submission.kind === 'enquiry') {
      const { enquiry } = submission;
      return Number(insertEnquiry.run(...model.valuesOf('enquiry', enquiry), emailKey(enquiry.email), spam, suspected).lastInsertRowid);
    }
    const { application } = submission;
    const cv = submission.cv ? Buffer.from(submission.cv.buffer, submission.cv.byteOffset, submission.cv.byteLength) : null;
    const values = model.valuesOf('application', application);
    return Number(
      insertApplication.run(...values, emailKey(application.email), application.cvName, application.cvType, cv, spam, suspected)
        .lastInsertRowid,
    );
  };
  // The submission and the deliveries it is owed (none for spam): always in one transaction (addAll's, or their own).
  const insert = (submission: Submission): number => {
    const verdict = verdictOf(submission);
    const id = stored(submission, verdict);
    if (!verdict.spam) outbox.enqueue(submission.kind, id, channels);
    return id;
  };
  const verdicts = {
    enquiry: db.prepare('SELECT spam, suspected FROM enquiries WHERE id = ?'),
    application: db.prepare('SELECT spam, suspected FROM applications WHERE id = ?'),
  };
  const verdict = (kind: SubmissionKind, id: number): Verdict =>
    (verdicts[kind].get(id) as Verdict | undefined) ?? { spam: null, suspected: null };
  const enquiry = db.prepare(`SELECT ${columnsOf('enquiry')}, suspected FROM enquiries WHERE id = ?`);
  const application = db.prepare(`SELECT ${columnsOf('application')}, length(cv) AS cvSize, cv, suspected FROM applications WHERE id = ?`);
  // All or nothing, and one commit (one fsync) for the whole batch.
  const insertAll = db.transaction((submissions: Submission[]) => submissions.map(insert));
  return {
    /** Stores every submission in one transaction (taking the write lock at once) and returns their ids in order. */
    addAll: (submissions: Submission[]): number[] => insertAll.immediate(submissions),
    addEnquiry: (enquiry: NewEnquiry): number => db.transaction(() => insert({ kind: 'enquiry', enquiry }))(),
    addApplication: (application: NewApplication, cv: Uint8Array | null): number =>
      db.transaction(() => insert({ kind: 'application', application, cv }))(),
    enquiries: (): StoredEnquiry[] => db.prepare(`SELECT ${columnsOf('enquiry')} FROM enquiries ORDER BY id`).all() as StoredEnquiry[],
    applications: (): StoredApplication[] =>
      db.prepare(`SELECT ${columnsOf('application')}, length(cv) AS cvSize FROM applications ORDER BY id`).all() as StoredApplication[],
    cvOf: (id: number): Buffer | undefined =>
      (db.prepare('SELECT cv FROM applications WHERE id = ?').get(id) as { cv: Buffer | null } | undefined)?.cv ?? undefined,
    /** The outbox: the deliveries each stored submission is owed. */
    outbox,
    /** The stored submission a delivery is of, with an application's CV; undefined when it is gone. */
    deliveredOf: (delivery: Pick<Delivery, 'kind' | 'submissionId'>): Delivered | undefined => {
      if (delivery.kind === 'enquiry') {
        const found = enquiry.get(delivery.submissionId) as (StoredEnquiry & Pick<Verdict, 'suspected'>) | undefined;
        if (!found) return undefined;
        const { suspected, ...rest } = found;
        return { kind: 'enquiry', enquiry: rest, suspected };
      }
      const found = application.get(delivery.submissionId) as
        | (StoredApplication & { cv: Buffer | null } & Pick<Verdict, 'suspected'>)
        | undefined;
      if (!found) return undefined;
      const { cv, suspected, ...rest } = found;
      return { kind: 'application', application: rest, cv, suspected };
    },
    /** Deletes what is older than its form's window; exports and erases one person's submissions (sqlite-retention.ts). */
    purge: retention.purge,
    exportPerson: retention.exportPerson,
    erasePerson: retention.erasePerson,
    /** Why a stored submission was taken for spam; null when it was not. */
    spamOf: (kind: SubmissionKind, id: number): string | null => verdict(kind, id).spam,
    /** Why a stored submission was delivered marked suspected; null when it was not. */
    suspectedOf: (kind: SubmissionKind, id: number): string | null => verdict(kind, id).suspected,
    /** The key form tokens are signed with: made once, shared by every server process on this store. */
    formTokenKey: (): Buffer => (db.prepare("SELECT value FROM secrets WHERE name = 'form-token-key'").get() as { value: Buffer }).value,
    /** Where each delivery of one submission stands. */
    deliveriesOf: (kind: SubmissionKind, id: number) => outbox.stateOf(kind, id),
    close: (): void => void db.close(),
  };
}

export type SqliteStore = ReturnType<typeof openSqlite>;
