/**
 * A real PostgreSQL server for a test file or a benchmark: Debian's programs (scripts/ensure-tools.sh
 * installs them), a new cluster in a temporary folder, listening on 127.0.0.1 on a free port,
 * stopped and removed after the file. initdb refuses to run as root: as root, the cluster
 * belongs to the `postgres` user the package made.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** The newest installed server's programs. */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed: run bash scripts/ensure-tools.sh postgresql (npm test does).');
  return join(base, versions[0], 'bin');
}

export interface TestPostgres {
  /** The cluster's folder: base/ holds the databases' files. */
  readonly dataDir: string;
  /** A new, empty database on the server: its postgres:// URL. */
  database(name: string): Promise<string>;
  /**
   * Stops the server as a crash or a restart would, keeping its files; `resume` starts it again on
   * the same port. Both leave this process's event loop running meanwhile, as the clients of a
   * real database go on while it restarts.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pagebuilder-pg-'));
  const asRoot = process.getuid?.() === 0;
  // Runs one of the server's programs, as the postgres user when this process is root.
  const commandOf = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  const run = (program: string, args: string[]): void => {
    const [command, commandArgs] = commandOf(program, args);
    execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const runAsync = (program: string, args: string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const [command, commandArgs] = commandOf(program, args);
      execFile(command, commandArgs, (error) => (error ? reject(error) : resolve()));
    });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const startArgs = ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'server.log'), 'start', '-w'];
  run('pg_ctl', startArgs);
  const url = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    dataDir: data,
    async database(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    pause: () => runAsync('pg_ctl', ['-D', data, '-m', 'immediate', 'stop', '-w']),
    resume: () => runAsync('pg_ctl', startArgs),
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
