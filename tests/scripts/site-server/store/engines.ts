/**
 * The engines suite's harness: the two engines the store runs on, SQLite (the embedded default)
 * and PostgreSQL (DATABASE_URL), a real server of Debian's started in a temporary folder for each
 * test file, with ways to look under each; and the submissions the cases store. Each case goes
 * through the API the server, the deliverer and `npm run enquiries` use (SubmissionStore).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres } from '../../../../scripts/site-server/store/postgres/open-postgres';
import type { Submission, SubmissionStore } from '../../../../scripts/site-server/store/submission';
import { openSqliteSubmissionStore } from '../../../../scripts/site-server/store/open-submission-store';
import { startPostgres, type TestPostgres } from '../../../../scripts/tooling/start-postgres';

export const DAY = 86_400_000;
export const RETENTION = { enquiry: 365, application: 90 };
export const RETRIES = [10, 60];

/** What each engine gives the suite: a new store, and ways to look under it. */
export interface Engine {
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
let started: TestPostgres | undefined;
const urls = new Map<string, string>();

/** The test file's PostgreSQL server, once setUpEngines() has started it. */
export const server = {
  database: (name: string): Promise<string> => (started as TestPostgres).database(name),
  get dataDir(): string {
    return (started as TestPostgres).dataDir;
  },
};

/** Starts the file's PostgreSQL server before its tests and stops it, with the SQLite files, after them. */
export function setUpEngines(): void {
  beforeAll(async () => {
    started = await startPostgres();
  });
  // Stopping a PostgreSQL server takes a while on a busy machine.
  afterAll(async () => {
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
}

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
    return openPostgres(url, { channels });
  },
  async reopen(name, channels = []) {
    return openPostgres(urls.get(name) ?? '', { channels });
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

export const enquiry = (message: string, email = 'priya@example.com'): Submission => ({
  kind: 'enquiry',
  enquiry: { name: 'Priya Raman', mobile: '+91 9876543210', email, message },
});
export const application = (coverLetter: string, email: string, cv: string | null): Submission => ({
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
export const screened = (submission: Submission, screening: Submission['screening']): Submission => ({ ...submission, screening });

/** Both engines, for `describe.each`: the suite runs unchanged on each. */
export const engines = [
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const;
