/**
 * Site servers on one PostgreSQL database (DATABASE_URL), run as `npm start` runs them: they
 * share one store and one rate limit, a server killed with SIGKILL in the middle of a burst has
 * lost nothing it acknowledged, and `npm run enquiries` reads, exports and erases the same store.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../helpers/project';
import { startPostgres, type TestPostgres } from '../../../scripts/tooling/postgres';
import { ENQUIRY, root } from '../../helpers/site-server';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: TestPostgres;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterEach(() => {
  for (const server of servers.splice(0)) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
afterAll(async () => {
  await postgres?.stop();
});

/** `npm start` on a free port, with these settings; resolves once it answers. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts'), '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server stopped: ${output}`);
    if (
      await fetch(`${base}/`).then(
        () => true,
        () => false,
      )
    )
      return { child, base, output: () => output };
    await sleep(100);
  }
  throw new Error(`The server did not come up: ${output}`);
}

const send = (base: string, message: string): Promise<Response> =>
  fetch(`${base}/api/enquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ ...ENQUIRY, message }),
  });

async function rows<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('servers on one PostgreSQL database', () => {
  it('share one store and one rate limit: the fourth submission of a minute is refused by either', async () => {
    const url = await postgres.database('shared');
    const settings = { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '3' };
    const [one, two] = await Promise.all([startServer(settings), startServer(settings)]);
    expect(one.output()).toContain(`form submissions go to ${url}`);
    const answers = [];
    for (const [server, message] of [
      [one, 'first, to one'],
      [two, 'second, to two'],
      [one, 'third, to one'],
    ] as const)
      answers.push((await send(server.base, message)).status);
    expect(answers).toEqual([201, 201, 201]);
    const fourth = await send(two.base, 'fourth, to two');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(one.base, 'fifth, to one')).status).toBe(429);

    // One store: what either server took, `npm run enquiries` lists from the same database.
    const listed = runCommand('enquiries', ['--csv'], { env: { ...process.env, DATABASE_URL: url } });
    expect(listed.status, listed.stderr).toBe(0);
    for (const message of ['first, to one', 'second, to two', 'third, to one']) expect(listed.stdout).toContain(message);
    expect(listed.stdout).not.toContain('fourth');
  }, 60_000);

  it('loses no acknowledged submission when a server is killed with SIGKILL in the middle of a burst', async () => {
    const url = await postgres.database('burst');
    const server = await startServer({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '0' });
    const acknowledged: number[] = [];
    let sent = 0;
    let killed = false;
    // Fifty clients at once, each sending until the server is gone; it is killed after the 150th answer.
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (!killed) {
          sent += 1;
          const answer = await send(server.base, `burst ${sent}`).catch(() => undefined);
          if (answer?.status === 201) {
            acknowledged.push(((await answer.json()) as { id: number }).id);
            if (acknowledged.length === 150 && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          }
        }
      }),
    );
    await new Promise((resolve) =>
      server.child.exitCode === null && server.child.signalCode === null ? server.child.once('exit', resolve) : resolve(null),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    // Requests were still in flight when it died: more were sent than acknowledged.
    expect(sent).toBeGreaterThan(acknowledged.length);
    const stored = new Set((await rows<{ id: number }>(url, 'SELECT id FROM enquiries')).map((row) => row.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // Started again on the same database, it goes on where the store is.
    const again = await startServer({ DATABASE_URL: url });
    expect((await send(again.base, 'after the restart')).status).toBe(201);
  }, 60_000);

  it('is read, exported and erased by npm run enquiries through DATABASE_URL', async () => {
    const url = await postgres.database('cli');
    const server = await startServer({ DATABASE_URL: url });
    expect((await send(server.base, 'Please call me about a pilot.')).status).toBe(201);
    const env = { ...process.env, DATABASE_URL: url };
    const exported = runCommand('enquiries', ['--export', 'PRIYA@example.com'], { env });
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ enquiries: [{ message: 'Please call me about a pilot.' }], applications: [] });
    expect(exported.stderr).not.toContain('priya');
    const erased = runCommand('enquiries', ['--erase', 'priya@example.com'], { env });
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout).toContain('Erased 1 enquiry and 0 applications (0 CVs) of that address, with their deliveries');
    expect(await rows(url, 'SELECT id FROM enquiries')).toEqual([]);
  }, 60_000);

  it('answers 503 while its database is down, serves its pages meanwhile, and stores again once it is back', async () => {
    const url = await postgres.database('outage');
    const server = await startServer({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100' });
    expect((await send(server.base, 'before the outage')).status).toBe(201);
    postgres.pause();
    try {
      const during = await send(server.base, 'during the outage');
      expect(during.status).toBe(503);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await during.json()).toMatchObject({ ok: false });
      expect((await fetch(`${server.base}/careers`)).status).toBe(200);
    } finally {
      postgres.resume();
    }
    expect(server.child.exitCode).toBeNull();
    const after = await send(server.base, 'after the outage');
    expect(after.status).toBe(201);
    expect((await rows<{ message: string }>(url, 'SELECT message FROM enquiries ORDER BY id')).map((row) => row.message)).toEqual([
      'before the outage',
      'after the outage',
    ]);
  }, 60_000);

  it('will not start on a database it cannot reach, and says why in one line without the password', async () => {
    const url = new URL(await postgres.database('unused'));
    url.password = 'hunter2';
    url.pathname = '/missing_database';
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts'), '--no-build'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATABASE_URL: url.toString() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `The database of postgres://postgres:***@${url.host}/missing_database does not exist. Create it (createdb <name>), or correct its name in DATABASE_URL.`,
    );
  }, 30_000);
});
