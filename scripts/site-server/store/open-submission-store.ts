/**
 * One asynchronous API over the two engines the store runs on: SQLite, the embedded default
 * (open-sqlite.ts, a file at STORE_PATH), and PostgreSQL, when DATABASE_URL names one
 * (open-postgres.ts); the operations are SubmissionStore's (submission.ts). `npm run enquiries`, its export and erasure, and the store's tests use
 * it, so they read and change the same store the server writes, whichever it is.
 */
import type { Channel } from '../notify/notify-settings';
import { openSqlite } from './open-sqlite';
import type { PersonExport, SubmissionStore } from './submission';

export interface OpenOptions {
  /** The channels each stored submission is delivered through. */
  channels?: readonly Channel[];
}

/**
 * The SQLite store at `path` behind the asynchronous API. Its calls run on the calling thread:
 * for scripts and tests, not for the server's request thread (which writes through
 * store-writer.ts's thread).
 */
export function openSqliteSubmissionStore(path: string, { channels = [] }: OpenOptions = {}): SubmissionStore {
  const store = openSqlite(path, { channels });
  return {
    engine: 'sqlite',
    where: path,
    addAll: async (submissions) => store.addAll(submissions),
    enquiries: async () => store.enquiries(),
    applications: async () => store.applications(),
    cvOf: async (id) => store.cvOf(id),
    deliveredOf: async (delivery) => store.deliveredOf(delivery),
    purge: async (retention, now) => store.purge(retention, now),
    exportPerson: async (email) => store.exportPerson(email) as PersonExport,
    erasePerson: async (email) => store.erasePerson(email),
    spamOf: async (kind, id) => store.spamOf(kind, id),
    suspectedOf: async (kind, id) => store.suspectedOf(kind, id),
    formTokenKey: async () => store.formTokenKey(),
    deliveriesOf: async (kind, id) => store.deliveriesOf(kind, id),
    outbox: store.outbox,
    close: async () => store.close(),
  };
}

/** Which store the settings name: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export type StoreLocation = { engine: 'postgres'; url: string } | { engine: 'sqlite'; path: string };

/** The store the environment names; `defaultPath` is the SQLite file when neither setting is given. */
export function storeLocation(env: NodeJS.ProcessEnv, resolvePath: (path: string) => string, defaultPath: string): StoreLocation {
  const url = env.DATABASE_URL?.trim();
  if (url) return { engine: 'postgres', url };
  return { engine: 'sqlite', path: resolvePath(env.STORE_PATH ?? defaultPath) };
}

/** Opens the store at a location, whichever engine it is on. */
export async function openSubmissionStore(location: StoreLocation, options: OpenOptions = {}): Promise<SubmissionStore> {
  if (location.engine === 'sqlite') return openSqliteSubmissionStore(location.path, options);
  const { openPostgres } = await import('./postgres/open-postgres');
  return openPostgres(location.url, options);
}
