/**
 * Every connection the PostgreSQL store opens, and the limits each works within: the pool its
 * requests run on, and a connection of its own for long work (connectOnce). Two rules hold for
 * all of them:
 * - Each has an 'error' listener from its first moment to its last. node-postgres emits 'error'
 *   on a client whose connection ends (PostgreSQL restarting, a network fault, a backend
 *   terminated) even while a query of it is under way, and pg-pool listens only while a client
 *   waits idle in the pool: a client checked out for a transaction, without a listener of its
 *   own, would end the process. The query under way fails, and its caller answers for it.
 * - No wait is without a limit. PostgreSQL gives up a lock after LOCK_WAIT_MS and a statement
 *   after STATEMENT_MS, and the connection stays usable; should the server or the network not
 *   answer at all, this side gives the query up after QUERY_MS and closes the connection.
 */
import pg from 'pg';

/** How long a statement of a request waits for a lock another connection holds (lock_timeout). */
export const LOCK_WAIT_MS = 2000;
/** How long PostgreSQL lets one statement of a request run (statement_timeout). */
export const STATEMENT_MS = 10_000;
/** How long this side waits for any answer to a query: beyond the statement's limit, for a server or network that says nothing. */
const QUERY_MS = STATEMENT_MS + 5000;
/** How long opening a connection, or waiting for a free one of the pool, may take. */
const CONNECT_MS = 5000;
/** A transaction left open this long by a process that froze is ended by PostgreSQL, with the locks it held. */
const IDLE_IN_TRANSACTION_MS = 60_000;

const ignore = (): undefined => undefined;

/** The outbox's times in ms are bigints: they come back as numbers, not strings. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The pool the store's requests run on: at most `max` connections, each with the limits above. */
export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_MS,
    query_timeout: QUERY_MS,
    statement_timeout: STATEMENT_MS,
    lock_timeout: LOCK_WAIT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    types,
  });
  // An idle connection that drops is an error event on the pool; the next query opens a new one.
  pool.on('error', ignore);
  // 'connect' comes before a new client is first handed out: its listener outlives every checkout.
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/**
 * A connection of its own, for work that may rightly take long: making or upgrading the tables
 * as a server starts (a second server waits here for the first), or rewriting the tables after a
 * deletion. Its statements have no time limit; it still has its listener from the first moment.
 */
export async function connectOnce(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_MS, types });
  client.on('error', ignore);
  await client.connect();
  return client;
}
