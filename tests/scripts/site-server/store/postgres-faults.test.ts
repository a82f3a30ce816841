/**
 * The PostgreSQL store under every transient fault, each made for real on a PostgreSQL server of
 * Debian's: a connection ended in the middle of a transaction, a lock held by another
 * connection on any table a submission writes, a statement that runs too long, too many
 * connections, a network that stops answering. None ends the process; each write is refused as
 * busy (what the endpoints answer 503 with Retry-After), never stored half, and the next write,
 * once the fault has passed, is stored.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, connect, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifySettings, type NotifySettings } from '../../../../scripts/site-server/notify/notify-settings';
import { LOCK_WAIT_MS, STATEMENT_MS } from '../../../../scripts/site-server/store/postgres/create-pool';
import { startPostgresWriter } from '../../../../scripts/site-server/store/postgres/start-postgres-writer';
import type { Submission } from '../../../../scripts/site-server/store/submission';
import { StoreWriteError, type StoreWriter } from '../../../../scripts/site-server/store/store-writer';
import { startPostgres, type TestPostgres } from '../../../../scripts/tooling/start-postgres';
import { waitFor } from '../../../helpers/wait';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestPostgres;
let hook: { url: string; close: () => Promise<void> };
// An error event nobody listens to would end a server process; here it would end the test's.
const uncaught: unknown[] = [];
const monitor = (error: unknown): void => void uncaught.push(error);
beforeAll(async () => {
  process.on('uncaughtExceptionMonitor', monitor);
  server = await startPostgres();
  const receiver = createHttpServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
});
beforeEach(() => {
  uncaught.length = 0;
});
// Stopping a PostgreSQL server takes a while on a busy machine.
afterAll(async () => {
  process.off('uncaughtExceptionMonitor', monitor);
  await hook?.close();
  await server?.stop();
});

/** Runs statements as the server's superuser, on a connection of their own. */
async function admin<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A connection that holds what `statements` take (locks) until `release`. */
async function holding(url: string, statements: string[]): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  for (const statement of statements) await client.query(statement);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** Each insert into enquiries whose message starts with "slow" sleeps first, as on a database too busy to answer. */
const SLOW_INSERTS = `
  CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.message LIKE 'slow%' THEN PERFORM pg_sleep(substr(NEW.message, 6)::float); END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER slow_insert BEFORE INSERT ON enquiries FOR EACH ROW EXECUTE FUNCTION slow_insert();
`;

let count = 0;
/** An enquiry as the endpoint hands it over, screened as a person's with a fresh token. */
const enquiry = (message: string): Submission => {
  count += 1;
  return {
    kind: 'enquiry',
    enquiry: { name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message },
    screening: { spam: null, suspected: null, nonce: `nonce-${count}-${randomBytes(4).toString('hex')}`, digest: `digest-${count}` },
  };
};

/** What a write came to: its id, or the refusal with its code and whether it is worth trying again. */
async function attempt(writer: StoreWriter, submission: Submission) {
  return await writer.add(submission).then(
    (id) => ({ id }),
    (error: unknown) =>
      error instanceof StoreWriteError ? { code: error.code, busy: error.busy } : { code: `not a StoreWriteError: ${String(error)}` },
  );
}

async function messagesIn(url: string): Promise<string[]> {
  return (await admin<{ message: string }>(url, 'SELECT message FROM enquiries ORDER BY id')).map((row) => row.message);
}

describe('the PostgreSQL store, when PostgreSQL fails it for a moment', () => {
  it('ends no process when PostgreSQL ends a connection in the middle of a transaction, and stores the next write', async () => {
    const url = await server.database('terminated');
    const writer = await startPostgresWriter(url);
    await admin(url, SLOW_INSERTS);
    const cut = attempt(writer, enquiry('slow 60'));
    const sleeping = async () => (await admin<{ pid: number }>(url, "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep'"))[0];
    await waitFor('the insert is under way', async () => (await sleeping()) !== undefined);
    await admin(url, 'SELECT pg_terminate_backend($1)', [(await sleeping())?.pid]);
    expect(await cut).toMatchObject({ busy: true });
    // A beat for any error event the broken connection still has to give.
    await sleep(200);
    expect(uncaught).toEqual([]);
    expect(await attempt(writer, enquiry('after the cut'))).toMatchObject({ id: expect.any(Number) });
    expect(await messagesIn(url)).toEqual(['after the cut']);
    await writer.close();
  });

  it('ends no process when PostgreSQL stops at once with a transaction under way, and stores again once it is back', async () => {
    const url = await server.database('restarted');
    const writer = await startPostgresWriter(url);
    await admin(url, SLOW_INSERTS);
    const cut = attempt(writer, enquiry('slow 60'));
    await waitFor(
      'the insert is under way',
      async () => (await admin(url, "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep'")).length > 0,
    );
    await server.pause();
    try {
      expect(await cut).toMatchObject({ busy: true });
      expect(await attempt(writer, enquiry('while it is down'))).toMatchObject({ busy: true });
    } finally {
      await server.resume();
    }
    await sleep(200);
    expect(uncaught).toEqual([]);
    expect(await attempt(writer, enquiry('once it is back'))).toMatchObject({ id: expect.any(Number) });
    expect(await messagesIn(url)).toEqual(['once it is back']);
    await writer.close();
  });

  it(`gives up a lock another connection holds, on any table a submission writes, within ${LOCK_WAIT_MS / 1000} seconds, as busy`, async () => {
    const url = await server.database('locked');
    const notify = notifySettings({
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    }) as NotifySettings;
    const writer = await startPostgresWriter(url, { notify });
    const submission = enquiry('held up');
    const digest = submission.screening?.digest ?? '';
    const locks = [
      ...['enquiries', 'outbox', 'form_tokens', 'submission_digests'].map((table) => `LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`),
      // The repeat check's own lock on this submission, held by another server storing the same one.
      `SELECT pg_advisory_xact_lock(hashtextextended('${digest}', 0))`,
    ];
    for (const lock of locks) {
      const held = await holding(url, [lock]);
      try {
        const refused = await attempt(writer, submission);
        // 55P03: PostgreSQL gave the lock up (lock_timeout), not the statement (statement_timeout, 57014).
        expect(refused, lock).toMatchObject({ code: '55P03', busy: true });
      } finally {
        await held.release();
      }
    }
    expect(uncaught).toEqual([]);
    expect(await attempt(writer, submission)).toMatchObject({ id: expect.any(Number) });
    expect(await messagesIn(url)).toEqual(['held up']);
    await writer.close();
  });

  it(`gives up a statement that runs longer than ${STATEMENT_MS / 1000} seconds, as busy, and keeps its connection for the next`, async () => {
    const url = await server.database('slow');
    const writer = await startPostgresWriter(url);
    await admin(url, SLOW_INSERTS);
    expect(await attempt(writer, enquiry(`slow ${(STATEMENT_MS + 20_000) / 1000}`))).toMatchObject({ code: '57014', busy: true });
    expect(await attempt(writer, enquiry('quick again'))).toMatchObject({ id: expect.any(Number) });
    expect(await messagesIn(url)).toEqual(['quick again']);
    await writer.close();
  });

  it('refuses a write as busy when PostgreSQL has no connection left for it', async () => {
    const url = new URL(await server.database('crowded'));
    await admin(url.toString(), 'CREATE ROLE crowded LOGIN CONNECTION LIMIT 2; ALTER DATABASE crowded OWNER TO crowded');
    url.username = 'crowded';
    const writer = await startPostgresWriter(url.toString());
    // The writer holds one connection, idle in its pool; another holds the second the role may have.
    const other = await holding(url.toString(), ['SELECT 1']);
    try {
      const outcomes = await Promise.all(Array.from({ length: 3 }, (_, index) => attempt(writer, enquiry(`crowded ${index}`))));
      expect(outcomes.filter((outcome) => 'id' in outcome)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !('id' in outcome))).toEqual([
        expect.objectContaining({ code: '53300', busy: true }),
        expect.objectContaining({ code: '53300', busy: true }),
      ]);
    } finally {
      await other.release();
    }
    expect(uncaught).toEqual([]);
    await writer.close();
  });

  it('gives up a query the network never answers, as busy, and uses a new connection for the next write', async () => {
    const direct = await server.database('silent');
    const proxy = await silenceableProxy(Number(new URL(direct).port));
    const url = new URL(direct);
    url.port = String(proxy.port);
    const writer = await startPostgresWriter(url.toString());
    proxy.silence();
    try {
      expect(await attempt(writer, enquiry('into the void'))).toMatchObject({ busy: true });
    } finally {
      proxy.restore();
    }
    expect(await attempt(writer, enquiry('heard again'))).toMatchObject({ id: expect.any(Number) });
    expect(await messagesIn(direct)).toEqual(['heard again']);
    expect(uncaught).toEqual([]);
    await writer.close();
    await proxy.close();
  });
});

/**
 * A TCP proxy in front of PostgreSQL that can go silent: while silenced, nothing passes either
 * way and nothing is closed, as with a network that drops every packet.
 */
async function silenceableProxy(upstream: number) {
  const pairs: [Socket, Socket][] = [];
  let silent = false;
  const proxy = createServer((near) => {
    const far = connect(upstream, '127.0.0.1');
    pairs.push([near, far]);
    for (const [from, to] of [
      [near, far],
      [far, near],
    ] as const) {
      from.on('data', (chunk: Buffer) => {
        if (!silent) to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    silence: () => {
      silent = true;
    },
    restore: () => {
      silent = false;
    },
    close: async () => {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
