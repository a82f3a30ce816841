/**
 * `npm start` refuses a setting that cannot work before it builds or serves anything: the real
 * command, run with one bad variable, prints one line naming it and stops with status 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../helpers/project';

const folder = mkdtempSync(join(tmpdir(), 'start-refusals-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * What `npm start` prints and ends with, given `env` on top of a working environment. Its output
 * folder holds no build, so a start that got past its settings would say it is building one.
 */
function start(env: NodeJS.ProcessEnv): { status: number | null; stderr: string; stdout: string } {
  const { status, stderr, stdout } = runCommand('start', ['--dist', join(folder, 'dist')], {
    env: { ...process.env, PORT: '0', STORE_PATH: join(folder, 'store.db'), BUILD_CACHE_DIR: join(folder, 'cache'), ...env },
    timeout: 300_000,
  });
  return { status, stderr, stdout };
}

describe('npm start with a setting that cannot work', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number, 1 to 65535, or 0 for any free one (the default is 4173); it is "eighty".'],
    [{ PORT: '70000' }, 'PORT must be a port number, 1 to 65535, or 0 for any free one (the default is 4173); it is "70000".'],
    [{ WORKERS: 'two' }, 'WORKERS must be a whole number of server processes, 1 or more (the default is 1); it is "two".'],
    [{ WORKERS: '0' }, 'WORKERS must be a whole number of server processes, 1 or more (the default is 1); it is "0".'],
    [
      { TRUST_PROXY: 'the-proxy' },
      'TRUST_PROXY is not a list of addresses or ranges (invalid IP address: the-proxy). Write, for example, TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8.',
    ],
    [
      { DATABASE_URL: 'mysql://site:Pa55-word-kept@db.example.com/site' },
      'DATABASE_URL must be a PostgreSQL address, postgres://user@host:5432/database or postgresql://…, with the password after the user if it needs one; it is "mysql://site:***@db.example.com/site".',
    ],
  ])('refuses %o at start in one line, building and serving nothing', (env, line) => {
    const started = start(env);
    expect(started.status).toBe(1);
    expect(started.stderr).toBe(`${line}\n`);
    expect(started.stdout).toBe('');
  });

  it('never prints the password of a DATABASE_URL it refuses, even one that is no address', () => {
    const started = start({ DATABASE_URL: 'postgres//site:Pa55-word-kept@db.example.com/site' });
    expect(started.status).toBe(1);
    expect(started.stderr).toBe(
      'DATABASE_URL must be a PostgreSQL address, postgres://user@host:5432/database or postgresql://…, with the password after the user if it needs one; it is "postgres//site:***@db.example.com/site".\n',
    );
  });
});
