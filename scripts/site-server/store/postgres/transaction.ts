import pg from 'pg';

/** Connections that failed in a way that leaves them unfit for another transaction. */
const unfit = new WeakSet<pg.ClientBase>();

/**
 * Runs `work` in one transaction on `client`, and throws on what it throws. A failure PostgreSQL
 * answered for (a lock or statement limit, a refused value) is rolled back on the same
 * connection. Any other (the connection broke, or this side gave up on a query that may still be
 * running there) cannot be: the connection is marked unfit, and closing it ends the transaction.
 */
export async function transaction<T>(client: pg.ClientBase, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (error instanceof pg.DatabaseError) await client.query('ROLLBACK').catch(() => unfit.add(client));
    else unfit.add(client);
    throw error;
  }
}

/** Runs `work` in one transaction on a connection of the pool; a connection left unfit is closed, not given back. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await transaction(client, work);
  } finally {
    client.release(unfit.has(client) ? new Error('the connection is unfit for another transaction') : undefined);
  }
}
