import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storeStartMessages } from '../../../../scripts/site-server/store/store-start-messages';
import { openSqlite as openStore } from '../../../../scripts/site-server/store/open-sqlite';
import { StoreOpenError } from '../../../../scripts/site-server/store/store-open-error';
import { startStoreWriter } from '../../../../scripts/site-server/store/store-writer';
import { APPLICATION_FIELDS, ENQUIRY, MULTIPART, multipart, root, startSite } from '../../../helpers/site-server';
import { TSX } from '../../../helpers/project';

const dir = mkdtempSync(join(tmpdir(), 'store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const postEnquiry = (base: string) =>
  fetch(`${base}/api/enquiry`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ENQUIRY) });
const postApplication = (base: string) =>
  fetch(`${base}/api/apply`, { method: 'POST', headers: { 'Content-Type': MULTIPART }, body: multipart(APPLICATION_FIELDS) });

/** Runs `npm start` (without its build step) and returns what it printed on stderr and its exit code. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...TSX, join(root, 'scripts/start.ts'), '--no-build'],
      { env: { ...process.env, ...env }, timeout: 300_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

describe('store under faults', () => {
  it('answers 503 with Retry-After while another process holds the lock, without slowing pages, then stores again', async () => {
    const site = await startSite({ storePath: join(dir, 'locked.db'), busyTimeoutMs: 600 });
    const holder = new Database(site.storePath);
    holder.exec('BEGIN EXCLUSIVE');
    let enquiryDone = false;
    const enquiry = postEnquiry(site.base).then((response) => {
      enquiryDone = true;
      return response;
    });
    // A page asked for while the write waits on the lock is answered at once.
    expect((await fetch(`${site.base}/about`)).status).toBe(200);
    expect(enquiryDone).toBe(false);
    const refused = await enquiry;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ ok: false, error: 'The server is busy and saved nothing; please try again in 5 seconds.' });
    expect((await postApplication(site.base)).status).toBe(503);
    holder.exec('ROLLBACK');
    holder.close();
    expect((await postEnquiry(site.base)).status).toBe(201);
    expect((await postApplication(site.base)).status).toBe(201);
    await site.stop();
  });

  it('answers 500 in one logged line when the store is damaged, and keeps serving', async () => {
    const path = join(dir, 'damaged.db');
    const store = openStore(path);
    store.addEnquiry({ name: 'a', mobile: '+91 9876543210', email: 'a@example.com', message: 'm' });
    store.close();
    // Pages 2 to 4 hold the tables: overwrite them, keeping the header and schema on page 1.
    const file = openSync(path, 'r+');
    writeSync(file, Buffer.alloc(3 * 4096, 0xa5), 0, 3 * 4096, 4096);
    closeSync(file);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const site = await startSite({ storePath: path });
    for (const response of [await postEnquiry(site.base), await postApplication(site.base)]) {
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        ok: false,
        error: 'The server could not save this submission, and nothing was saved. Please try again later or write to us by email.',
      });
    }
    const logged = expect.stringMatching(
      /^The store refused a write \(SQLITE_CORRUPT[A-Z_]*: [^\n]+\); the client was told nothing was saved\.$/,
    );
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([logged, logged]);
    error.mockRestore();
    expect((await fetch(`${site.base}/about`)).status).toBe(200);
    await site.stop();
  });

  it('refuses to start on a file that is not a database, or a path it cannot create, in one line naming the path', async () => {
    const notADatabase = join(dir, 'notes.db');
    writeFileSync(notADatabase, 'These are my notes, not a database. '.repeat(200));
    await expect(startStoreWriter(notADatabase)).rejects.toThrow(new StoreOpenError(notADatabase, 'SQLITE_NOTADB', '').message);
    expect(new StoreOpenError(notADatabase, 'SQLITE_NOTADB', '').message).toBe(storeStartMessages.SQLITE_NOTADB?.(notADatabase));
    const blocked = join(dir, 'notes.db', 'store', 'submissions.db');
    await expect(startStoreWriter(blocked)).rejects.toThrow(
      `${blocked} cannot be created: part of its path is a file, not a folder. Set STORE_PATH to another place.`,
    );
  });

  it('prints one line and exits 1 when npm start cannot open its store or its port', async () => {
    const notADatabase = join(dir, 'notes.db');
    const badStore = await start({ STORE_PATH: notADatabase, PORT: '0' });
    expect(badStore.code).toBe(1);
    expect(badStore.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([
      storeStartMessages.SQLITE_NOTADB?.(notADatabase),
    ]);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const busyPort = await start({ STORE_PATH: join(dir, 'ok.db'), PORT: String(port), HOST: '127.0.0.1' });
    taken.close();
    expect(busyPort.code).toBe(1);
    expect(busyPort.stderr.trim()).toBe(
      `Port ${port} on 127.0.0.1 is in use: stop the other server, or choose another port (PORT=8080 npm start).`,
    );
  });
});
