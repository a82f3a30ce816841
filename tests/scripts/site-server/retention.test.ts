/**
 * The store keeps submissions only as long as their forms' schemas say (the careers page
 * promises 90 days for applications), exports one person's and erases them, and what it
 * deletes is gone from the database file and its log, byte for byte. What a purge deletes, on
 * SQLite and on PostgreSQL alike, is tested by the store's suite (store/engines.test.ts); here,
 * that the server purges as it opens its store, and the commands a person runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { retentionOf } from '../../../scripts/site-server/store/retention';
import { openSqlite as openStore } from '../../../scripts/site-server/store/open-sqlite';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { TSX, root } from '../../helpers/project';

const dir = mkdtempSync(join(tmpdir(), 'retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

/** Every byte the store has on disk: the database file and its write-ahead log. */
const onDisk = (path: string): Buffer => Buffer.concat([path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)));

/** Dates a stored submission back, as if it had arrived `days` ago. */
function backdate(path: string, table: 'enquiries' | 'applications', id: number, days: number): void {
  const db = new Database(path);
  db.prepare(`UPDATE ${table} SET received_at = ? WHERE id = ?`).run(daysAgo(days), id);
  db.close();
}

const application = (fullName: string, email: string, coverLetter: string) => ({
  fullName,
  phone: '9876543210',
  email,
  coverLetter,
  cvName: 'cv.pdf',
  cvType: 'application/pdf',
});
const enquiry = (name: string, email: string, message: string) => ({ name, mobile: '+91 9876543210', email, message });

describe('retention', () => {
  it('is declared by each form’s schema: applications 90 days, as the careers page says; enquiries 365', () => {
    expect(retentionOf(root)).toEqual({ enquiry: 365, application: 90 });
  });

  it('runs as the server’s store opens', async () => {
    const path = join(dir, 'at-start.db');
    const store = openStore(path);
    const old = store.addApplication(application('Gone', 'gone@example.com', 'Old'), null);
    store.close();
    backdate(path, 'applications', old, 120);
    const writer = await startStoreWriter(path, { retention: retentionOf(root) });
    const reader = openStore(path);
    expect(reader.applications()).toEqual([]);
    reader.close();
    await writer.close();
  });
});

describe('npm run enquiries -- --export and --erase', () => {
  const path = join(dir, 'person.db');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), ...args], {
      env: { ...process.env, STORE_PATH: path },
      encoding: 'utf8',
    });

  it('prints everything held about one person as JSON, and erases it all, leaving others and no byte of theirs', () => {
    const store = openStore(path, { channels: ['email'] });
    const first = store.addEnquiry(enquiry('Ana', 'Ana@Example.com', 'ANA-ENQUIRY-5e1b'));
    const second = store.addApplication(application('Ana Müller', 'ana@example.com', 'ANA-LETTER-0c7d'), Buffer.from('%PDF ANA-CV-77aa'));
    store.addEnquiry(enquiry('Ben', 'ben@example.com', 'Ben stays'));
    store.close();

    const exported = run('--export', 'ana@example.com');
    expect(exported.status).toBe(0);
    const held = JSON.parse(exported.stdout) as {
      enquiries: { id: number; message: string; deliveries: unknown[] }[];
      applications: { id: number; coverLetter: string; cv: string }[];
    };
    expect(held.enquiries.map((row) => [row.id, row.message, row.deliveries.length])).toEqual([[first, 'ANA-ENQUIRY-5e1b', 1]]);
    expect(held.applications.map((row) => [row.id, row.coverLetter, Buffer.from(row.cv, 'base64').toString()])).toEqual([
      [second, 'ANA-LETTER-0c7d', '%PDF ANA-CV-77aa'],
    ]);
    // What is logged says what was done, never to whom.
    expect(exported.stderr.trim()).toBe('Exported 1 enquiry and 1 application of one person.');

    const erased = run('--erase', 'ANA@example.com');
    expect(erased.status).toBe(0);
    expect(erased.stdout).toContain('Erased 1 enquiry and 1 application (1 CV) of that address, with their deliveries');
    expect(erased.stderr.trim()).toBe('Erased the submissions of one person: 2 in all.');
    expect(erased.stderr).not.toContain('ana');
    expect(JSON.parse(run('--export', 'ana@example.com').stdout)).toMatchObject({ enquiries: [], applications: [] });
    const bytes = onDisk(path);
    for (const gone of ['ANA-ENQUIRY-5e1b', 'ANA-LETTER-0c7d', 'ANA-CV-77aa', 'ana@example.com', 'Ana@Example.com'])
      expect(bytes.includes(gone), gone).toBe(false);
    expect(
      execFileSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), '--csv'], {
        env: { ...process.env, STORE_PATH: path },
        encoding: 'utf8',
      }),
    ).toContain('Ben stays');
  });

  it('finds the person by the address in another case or Unicode normal form', () => {
    const keyed = join(dir, 'keyed.db');
    const store = openStore(keyed);
    store.addEnquiry(enquiry('Änna', '\u00c4NNA@BEISPIEL.DE', 'ANNA-CAPITALS'));
    store.addEnquiry(enquiry('Anna', 'a\u0308nna@beispiel.de', 'ANNA-DECOMPOSED'));
    store.addEnquiry(enquiry('Anna', 'anna@beispiel.de', 'ANOTHER-ANNA'));
    store.close();
    const env = { ...process.env, STORE_PATH: keyed };
    const exported = spawnSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), '--export', '\u00e4nna@beispiel.de'], {
      env,
      encoding: 'utf8',
    });
    expect((JSON.parse(exported.stdout) as { enquiries: { message: string }[] }).enquiries.map((row) => row.message)).toEqual([
      'ANNA-CAPITALS',
      'ANNA-DECOMPOSED',
    ]);
    const erased = spawnSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), '--erase', 'A\u0308NNA@beispiel.de'], {
      env,
      encoding: 'utf8',
    });
    expect(erased.stdout).toContain('Erased 2 enquiries and 0 applications (0 CVs) of that address, with their deliveries');
  });

  it('refuses to guess whom it is about', () => {
    for (const args of [
      ['--erase', 'ana'],
      ['--export', 'a@example.com', '--erase', 'a@example.com'],
    ]) {
      const answer = run(...args);
      expect(answer.status).toBe(1);
      expect(answer.stderr).toContain('Name one person by their e-mail address, to export or to erase.');
    }
  });
});
