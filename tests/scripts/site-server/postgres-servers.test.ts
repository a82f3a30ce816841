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
import { waitFor } from '../../helpers/wait';
import { startPostgres, type TestPostgres } from '../../../scripts/tooling/start-postgres';
import { ENQUIRY, root } from '../../helpers/site-server';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: TestPostgres;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
});
afterEach(() => {
  for (const server of servers.splice(0)) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
// Stopping a PostgreSQL server takes a while on a busy machine.
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
  await waitFor(
    'the server to answer (or stop)',
    async () =>
      child.exitCode !== null ||
      fetch(`${base}/`).then(
        () => true,
        () => false,
      ),
  );
  if (child.exitCode !== null) throw new Error(`The server stopped: ${output}`);
  return { child, base, output: () => output };
}

const send = (base: string, message: string, email = ENQUIRY.email): Promise<Response> =>
  fetch(`${base}/api/enquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ ...ENQUIRY, email, message }),
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
  });

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
  });

  it('is read, exported and erased by npm run enquiries through DATABASE_URL, by the address in any case or normal form', async () => {
    const url = await postgres.database('cli');
    const server = await startServer({ DATABASE_URL: url });
    expect((await send(server.base, 'Please call me about a pilot.', '\u00c4NNA@BEISPIEL.DE')).status).toBe(201);
    const env = { ...process.env, DATABASE_URL: url };
    // Asked in lower case and decomposed (A and a combining diaeresis), as another keyboard types it.
    const exported = runCommand('enquiries', ['--export', 'a\u0308nna@beispiel.de'], { env });
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ enquiries: [{ message: 'Please call me about a pilot.' }], applications: [] });
    expect(exported.stderr).not.toContain('nna');
    const erased = runCommand('enquiries', ['--erase', '\u00e4nna@beispiel.de'], { env });
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout).toContain('Erased 1 enquiry and 0 applications (0 CVs) of that address, with their deliveries');
    expect(await rows(url, 'SELECT id FROM enquiries')).toEqual([]);
  });

  it('answers 503 while its database is down, serves its pages meanwhile, and stores again once it is back', async () => {
    const url = await postgres.database('outage');
    const server = await startServer({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100' });
    expect((await send(server.base, 'before the outage')).status).toBe(201);
    await postgres.pause();
    try {
      const during = await send(server.base, 'during the outage');
      expect(during.status).toBe(503);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await during.json()).toMatchObject({ ok: false });
      // Read to its end: a page left unread holds its connection, which the next request could be given.
      const page = await fetch(`${server.base}/careers`);
      await page.arrayBuffer();
      expect(page.status).toBe(200);
    } finally {
      await postgres.resume();
    }
    expect(server.child.exitCode).toBeNull();
    const after = await send(server.base, 'after the outage');
    expect(after.status).toBe(201);
    expect((await rows<{ message: string }>(url, 'SELECT message FROM enquiries ORDER BY id')).map((row) => row.message)).toEqual([
      'before the outage',
      'after the outage',
    ]);
  });

  it('stays up through a database restart in the middle of a burst on two servers: every 201 is a row, every other answer 503 with Retry-After', async () => {
    const url = await postgres.database('restart');
    const settings = { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100000' };
    const pair = await Promise.all([startServer(settings), startServer(settings)]);
    type Phase = 'before' | 'down' | 'after';
    const answers: { server: number; phase: Phase; status: number; retryAfter: number; id?: number; error?: string }[] = [];
    let phase: Phase = 'before';
    let sending = true;
    // Four clients, two on each server, each sending until told to stop.
    const clients = Array.from({ length: 4 }, async (_, client) => {
      const server = client % 2;
      const base = pair[server]?.base ?? '';
      for (let count = 1; sending; count += 1) {
        const at = phase;
        try {
          const response = await send(base, `client ${client}, enquiry ${count}`);
          const body = (await response.json()) as { id?: number; error?: string };
          answers.push({ server, phase: at, status: response.status, retryAfter: Number(response.headers.get('retry-after')), ...body });
        } catch (error) {
          answers.push({ server, phase: at, status: 0, retryAfter: 0, error: String(error) });
          // A server that no longer answers: nothing more to learn from it.
          if (pair[server]?.child.exitCode !== null) return;
        }
      }
    });
    /** Waits until each server has answered `count` times with `status` (or, for 0, anything but 201) in `during`. */
    const until = async (during: Phase, count: number, status: number): Promise<void> => {
      const enough = (server: number): boolean =>
        answers.filter(
          (answer) => answer.server === server && answer.phase === during && (status ? answer.status === status : answer.status !== 201),
        ).length >= count;
      for (let waited = 0; !(enough(0) && enough(1)); waited += 100) {
        const gone = pair.find((server) => server.child.exitCode !== null || server.child.signalCode !== null);
        if (gone) throw new Error(`A server stopped: ${gone.output()}`);
        if (waited > 240_000) throw new Error(`Not enough answers ${during}: ${JSON.stringify(answers.slice(-8))}`);
        await sleep(100);
      }
    };
    try {
      await until('before', 10, 201);
      // Each insert made slow, as on a loaded database, so that transactions are under way when it stops.
      await rows(
        url,
        `CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$;
         CREATE TRIGGER slow_insert BEFORE INSERT ON enquiries FOR EACH ROW EXECUTE FUNCTION slow_insert()`,
      );
      for (let waited = 0; (await rows(url, "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'")).length < 2; waited += 20) {
        if (waited > 240_000) throw new Error('No insert is under way.');
        await sleep(20);
      }
      // Stopped as a crash would stop it, in the middle of the burst; kept down until each server has answered while it is.
      await postgres.pause();
      phase = 'down';
      await until('down', 3, 0);
    } finally {
      await postgres.resume();
    }
    phase = 'after';
    await until('after', 10, 201).finally(() => (sending = false));
    await Promise.all(clients);

    expect(pair.map((server) => [server.child.exitCode, server.child.signalCode])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(answers.filter((answer) => answer.status !== 201 && !(answer.status === 503 && answer.retryAfter > 0))).toEqual([]);
    for (const answer of answers.filter((each) => each.status === 503))
      expect(answer.error).toBe('The server is busy and saved nothing; please try again in 5 seconds.');
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.id);
    const stored = new Set((await rows<{ id: number }>(url, 'SELECT id FROM enquiries')).map((row) => row.id));
    expect(acknowledged.filter((id) => !stored.has(id ?? 0))).toEqual([]);
    // Both still take submissions.
    for (const server of pair) expect((await send(server.base, 'after it all')).status).toBe(201);
  });

  it('answers 503 with Retry-After while another connection holds its table (the lock wait, not the statement, runs out: postgres-faults.test.ts), and stays well', async () => {
    const url = await postgres.database('locked');
    const server = await startServer({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '100' });
    expect((await send(server.base, 'before the lock')).status).toBe(201);
    // As from psql: BEGIN; LOCK TABLE enquiries IN ACCESS EXCLUSIVE MODE; and left open.
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE enquiries IN ACCESS EXCLUSIVE MODE');
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, async (_, index) => {
          const response = await send(server.base, `while locked ${index}`);
          return {
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: await response.json(),
          };
        }),
      );
      for (const answer of answers) {
        expect(answer).toMatchObject({
          status: 503,
          retryAfter: '5',
          body: { ok: false, error: 'The server is busy and saved nothing; please try again in 5 seconds.' },
        });
      }
      // Pages are served meanwhile.
      const page = await fetch(`${server.base}/careers`);
      await page.arrayBuffer();
      expect(page.status).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(server.child.exitCode).toBeNull();
    expect((await send(server.base, 'after the lock')).status).toBe(201);
    expect((await rows<{ message: string }>(url, 'SELECT message FROM enquiries ORDER BY id')).map((row) => row.message)).toEqual([
      'before the lock',
      'after the lock',
    ]);
  });

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
  });
});
