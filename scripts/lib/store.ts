import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** Where the store lives unless STORE_PATH says otherwise; data/ is git-ignored. */
export const DEFAULT_STORE_PATH = 'data/submissions.db';

/**
 * The durable store of what visitors send: an embedded SQLite database. Each insert is its
 * own transaction, committed (synchronous=FULL, write-ahead log) before the endpoint
 * answers, so a crash right after a 2xx loses nothing.
 */
export function openStore(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
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
  const insertEnquiry = db.prepare('INSERT INTO enquiries (name, mobile, email, message) VALUES (?, ?, ?, ?)');
  const insertApplication = db.prepare('INSERT INTO applications (full_name, phone, email, cover_letter, cv_name, cv_type, cv) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return {
    addEnquiry: (enquiry: Omit<StoredEnquiry, 'id' | 'receivedAt'>): number => Number(insertEnquiry.run(enquiry.name, enquiry.mobile, enquiry.email, enquiry.message).lastInsertRowid),
    addApplication: (application: Omit<StoredApplication, 'id' | 'receivedAt' | 'cvSize'>, cv: Buffer | null): number =>
      Number(insertApplication.run(application.fullName, application.phone, application.email, application.coverLetter, application.cvName, application.cvType, cv).lastInsertRowid),
    enquiries: (): StoredEnquiry[] =>
      db.prepare('SELECT id, received_at AS receivedAt, name, mobile, email, message FROM enquiries ORDER BY id').all() as StoredEnquiry[],
    applications: (): StoredApplication[] =>
      db
        .prepare('SELECT id, received_at AS receivedAt, full_name AS fullName, phone, email, cover_letter AS coverLetter, cv_name AS cvName, cv_type AS cvType, length(cv) AS cvSize FROM applications ORDER BY id')
        .all() as StoredApplication[],
    cvOf: (id: number): Buffer | undefined => (db.prepare('SELECT cv FROM applications WHERE id = ?').get(id) as { cv: Buffer | null } | undefined)?.cv ?? undefined,
    close: (): void => void db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
