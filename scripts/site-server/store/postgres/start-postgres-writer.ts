/**
 * The server's store when DATABASE_URL names a PostgreSQL database: the endpoints write through
 * it as they write through the SQLite writer thread (store-writer.ts), and it also gives them a
 * rate limit kept in the same database, so that every server on it shares one count per client.
 * node-postgres never blocks the thread that answers requests, so no thread of its own is needed;
 * this process also delivers what the outbox owes (each server claims different deliveries) and
 * deletes expired submissions at start and every day.
 */
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import { startDeliverer } from '../../notify/start-deliverer';
import { channelsOf, type NotifySettings } from '../../notify/notify-settings';
import { postgresErrorCode, isTransient } from './postgres-error-code';
import { describeDatabase, openPostgres } from './open-postgres';
import { RATE_LIMIT_TABLE } from './prepare-tables';
import { dailyPurge, type Retention } from '../retention';
import { StoreWriteError, type StoreWriter } from '../store-writer';

export interface PostgresWriterOptions {
  notify?: NotifySettings;
  retention?: Retention;
  /** The most connections this process opens to the database. */
  connections?: number;
}

export async function startPostgresWriter(
  url: string,
  { notify, retention, connections }: PostgresWriterOptions = {},
): Promise<StoreWriter> {
  const where = describeDatabase(url);
  const store = await openPostgres(url, { channels: channelsOf(notify), connections });
  const formTokenKey = await store.formTokenKey();
  const deliverer = notify
    ? startDeliverer({
        outbox: store.outbox,
        submission: (delivery) => store.deliveredOf(delivery),
        settings: notify,
        log: (line) => console.error(line),
      })
    : undefined;
  const purging = retention ? dailyPurge(store, retention) : undefined;
  let closing = false;
  return {
    path: where,
    formTokenKey,
    async add(submission) {
      if (closing) throw new StoreWriteError('CLOSED', 'the store is closing', true);
      try {
        const [id = 0] = await store.addAll([submission]);
        deliverer?.kick();
        return id;
      } catch (error) {
        const code = postgresErrorCode(error);
        throw new StoreWriteError(code, (error as Error).message, isTransient(code));
      }
    },
    sharedLimiter: (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient: store.pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        // The database out of reach a moment: each server counts on its own meanwhile, rather than refusing everyone.
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    async close() {
      closing = true;
      purging?.stop();
      await deliverer?.stop();
      await store.close();
    },
  };
}
