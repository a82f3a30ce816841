/**
 * The store on PostgreSQL when it cannot be used: one line saying what is wrong and what to do.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openPostgres as openPostgresStore } from '../../../../scripts/site-server/store/postgres/open-postgres';
import { StoreOpenError } from '../../../../scripts/site-server/store/store-open-error';
import { server, setUpEngines } from './engines';

setUpEngines();

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
