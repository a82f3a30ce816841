import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { postgresStartFallback, postgresStartMessages, storeStartFallback, storeStartMessages } from '../messages';
import type { Delivered } from '../notify/content';
import { createOutboxTable, type Delivery, openOutbox } from '../notify/outbox';
import { emailKey } from './email-key';
import { fillEmailKeys, openRetention } from './retention';
import { REPEAT_WINDOW_MS, type Screening } from '../spam/screening';
import { randomBytes } from 'node:crypto';
import type { Channel } from '../notify/settings';

export interface StoredEnquiry {
  id: number;
  receivedAt: string;
  name: string;
  mobile: string;
  email: string;
  message: string;
}

export interface StoredApplication {
  id: number;
  receivedAt: string;
  fullName: string;
  phone: string;
  email: string;
  coverLetter: string;
  cvName: string | null;
  cvType: string | null;
  cvSize: number | null;
}

export type NewEnquiry = Omit<StoredEnquiry, 'id' | 'receivedAt'>;
export type NewApplication = Omit<StoredApplication, 'id' | 'receivedAt' | 'cvSize'>;

/** What screening made of a stored submission: spam (never delivered), suspected (delivered, marked so), or neither. */
export interface Verdict {
  spam: string | null;
  suspected: string | null;
}

/** One accepted submission, as the endpoints hand it to the store, with what its request said of spam (none from a script). */
export type Submission = (
  | { kind: 'enquiry'; enquiry: NewEnquiry }
  | { kind: 'application'; application: NewApplication; cv: Uint8Array | null }
) & { screening?: Screening };

/** Where the store lives unless STORE_PATH says otherwise; data/ is git-ignored. */
export const DEFAULT_STORE_PATH = 'data/submissions.db';

/** How long opening the store waits for another process's lock before giving up. */
const OPEN_TIMEOUT_MS = 5000;

/** The SQLite (or file system) error code of an error, such as SQLITE_BUSY or EACCES. */
export function errorCode(error: unknown): string {
  return String((error as { code?: unknown }).code ?? 'UNKNOWN');
}

/** A busy or locked SQLite store: the write may succeed if tried again shortly (PostgreSQL's are in postgres-errors.ts). */
export const isBusy = (code: string): boolean => code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');

/** Opening the store failed; the message is one line: the path, what is wrong, what to do. */
export class StoreOpenError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    readonly detail: string,
    engine: 'sqlite' | 'postgres' = 'sqlite',
  ) {
    const [catalog, fallback] =
      engine === 'sqlite' ? [storeStartMessages, storeStartFallback] : [postgresStartMessages, postgresStartFallback];
    const describe = catalog[code] ?? catalog[code.replace(/_[A-Z]+$/, '')];
    super(describe ? describe(path) : fallback(path, code, detail));
    this.name = 'StoreOpenError';
  }
}

export interface StoreOptions {
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** The channels each submission stored is delivered through: its outbox rows are written with it. */
  channels?: readonly Channel[];
}

/**
 * The durable store of what visitors send: an embedded SQLite database. Inserts are
 * committed (synchronous=FULL, write-ahead log) before the endpoint answers, so a crash
 * right after a 2xx loses nothing. This API is synchronous: the server calls it from its
 * own worker thread (store-writer.ts), never from the thread that answers requests.
 */
export function openStore(path: string, { busyTimeoutMs = OPEN_TIMEOUT_MS, channels = [] }: StoreOptions = {}) {
  let db: Database.Database;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: OPEN_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // What is deleted is overwritten with zeros, not left in free pages (retention.ts).
    db.pragma('secure_delete = ON');
    db.exec(`
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
    `);
    createOutboxTable(db);
    // What a store made before lacks is added once, and its addresses given their keys: two
    // processes opening it at once take turns (an immediate transaction holds the write lock).
    db.transaction(() => {
      for (const table of ['enquiries', 'applications']) {
        const columns = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
        // Spam is kept flagged with why, a suspected submission delivered with why (screening.ts); each address has its key (email-key.ts).
        for (const column of ['spam', 'suspected', 'email_key'])
          if (!columns.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
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
  const insertEnquiry = db.prepare(
    'INSERT INTO enquiries (name, mobile, email, email_key, message, spam, suspected) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertApplication = db.prepare(
    'INSERT INTO applications (full_name, phone, email, email_key, cover_letter, cv_name, cv_type, cv, spam, suspected) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const useNonce = db.prepare('INSERT OR IGNORE INTO form_tokens (nonce, used_at) VALUES (?, ?)');
  const repeated = db.prepare('SELECT 1 FROM submission_digests WHERE digest = ? AND at > ? LIMIT 1');
  const seen = db.prepare('INSERT INTO submission_digests (digest, at) VALUES (?, ?)');
  /**
   * Why a submission is spam or suspected, finishing what its request said with what only the
   * store knows. Only what is delivered (suspected or not) is remembered for the repeat check:
   * spam never makes a later submission a repeat.
   */
  const verdictOf = (screening: Screening | undefined, now = Date.now()): Verdict => {
    if (!screening) return { spam: null, suspected: null };
    let spam = screening.spam;
    if (!spam && screening.nonce && useNonce.run(screening.nonce, now).changes === 0) spam = 'form token used twice';
    if (!spam && repeated.get(screening.digest, now - REPEAT_WINDOW_MS)) spam = 'the same submission again within minutes';
    if (spam) return { spam, suspected: null };
    seen.run(screening.digest, now);
    return { spam: null, suspected: screening.suspected };
  };
  const outbox = openOutbox(db);
  const retention = openRetention(db);
  const stored = (submission: Submission, { spam, suspected }: Verdict): number => {
    if (submission.kind === 'enquiry') {
      const { name, mobile, email, message } = submission.enquiry;
      return Number(insertEnquiry.run(name, mobile, email, emailKey(email), message, spam, suspected).lastInsertRowid);
    }
    const { fullName, phone, email, coverLetter, cvName, cvType } = submission.application;
    const cv = submission.cv ? Buffer.from(submission.cv.buffer, submission.cv.byteOffset, submission.cv.byteLength) : null;
    return Number(
      insertApplication.run(fullName, phone, email, emailKey(email), coverLetter, cvName, cvType, cv, spam, suspected).lastInsertRowid,
    );
  };
  // The submission and the deliveries it is owed (none for spam): always in one transaction (addAll's, or their own).
  const insert = (submission: Submission): number => {
    const verdict = verdictOf(submission.screening);
    const id = stored(submission, verdict);
    if (!verdict.spam) outbox.enqueue(submission.kind, id, channels);
    return id;
  };
  const verdicts = {
    enquiry: db.prepare('SELECT spam, suspected FROM enquiries WHERE id = ?'),
    application: db.prepare('SELECT spam, suspected FROM applications WHERE id = ?'),
  };
  const verdict = (kind: Submission['kind'], id: number): Verdict =>
    (verdicts[kind].get(id) as Verdict | undefined) ?? { spam: null, suspected: null };
  const enquiry = db.prepare('SELECT id, received_at AS receivedAt, name, mobile, email, message, suspected FROM enquiries WHERE id = ?');
  const application = db.prepare(
    'SELECT id, received_at AS receivedAt, full_name AS fullName, phone, email, cover_letter AS coverLetter, cv_name AS cvName, cv_type AS cvType, length(cv) AS cvSize, cv, suspected FROM applications WHERE id = ?',
  );
  // All or nothing, and one commit (one fsync) for the whole batch.
  const insertAll = db.transaction((submissions: Submission[]) => submissions.map(insert));
  return {
    /** Stores every submission in one transaction (taking the write lock at once) and returns their ids in order. */
    addAll: (submissions: Submission[]): number[] => insertAll.immediate(submissions),
    addEnquiry: (enquiry: NewEnquiry): number => db.transaction(() => insert({ kind: 'enquiry', enquiry }))(),
    addApplication: (application: NewApplication, cv: Uint8Array | null): number =>
      db.transaction(() => insert({ kind: 'application', application, cv }))(),
    enquiries: (): StoredEnquiry[] =>
      db.prepare('SELECT id, received_at AS receivedAt, name, mobile, email, message FROM enquiries ORDER BY id').all() as StoredEnquiry[],
    applications: (): StoredApplication[] =>
      db
        .prepare(
          'SELECT id, received_at AS receivedAt, full_name AS fullName, phone, email, cover_letter AS coverLetter, cv_name AS cvName, cv_type AS cvType, length(cv) AS cvSize FROM applications ORDER BY id',
        )
        .all() as StoredApplication[],
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
    /** Deletes what is older than its form's window; exports and erases one person's submissions (retention.ts). */
    purge: retention.purge,
    exportPerson: retention.exportPerson,
    erasePerson: retention.erasePerson,
    /** Why a stored submission was taken for spam; null when it was not. */
    spamOf: (kind: Submission['kind'], id: number): string | null => verdict(kind, id).spam,
    /** Why a stored submission was delivered marked suspected; null when it was not. */
    suspectedOf: (kind: Submission['kind'], id: number): string | null => verdict(kind, id).suspected,
    /** The key form tokens are signed with: made once, shared by every server process on this store. */
    formTokenKey: (): Buffer => (db.prepare("SELECT value FROM secrets WHERE name = 'form-token-key'").get() as { value: Buffer }).value,
    /** Where each delivery of one submission stands. */
    deliveriesOf: (kind: Submission['kind'], id: number) => outbox.stateOf(kind, id),
    close: (): void => void db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
