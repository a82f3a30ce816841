/**
 * One asynchronous API over the two engines the store runs on: SQLite, the embedded default
 * (store.ts, a file at STORE_PATH), and PostgreSQL, when DATABASE_URL names one
 * (postgres-store.ts). `npm run enquiries`, its export and erasure, and the store's tests use
 * it, so they read and change the same store the server writes, whichever it is.
 */
import type { Delivered } from '../notify/content';
import type { Delivery, DeliveryState, OutboxApi, SubmissionKind } from '../notify/outbox';
import type { Channel } from '../notify/settings';
import type { Deleted, Retention } from './retention';
import { openStore, type StoredApplication, type StoredEnquiry, type Submission } from './store';

/** A delivery as an export shows it. */
interface DeliveryRecord {
  channel: Channel;
  messageId: string;
  createdAt: string;
  attempts: number;
  deliveredAt: string | null;
  failedAt: string | null;
}

/** Everything held about one person, as `npm run enquiries -- --export` prints it. */
export interface PersonExport {
  email: string;
  enquiries: (StoredEnquiry & { deliveries: DeliveryRecord[] })[];
  applications: (Omit<StoredApplication, 'cvSize'> & { cv: string | null; deliveries: DeliveryRecord[] })[];
}

export interface SubmissionStore {
  readonly engine: 'sqlite' | 'postgres';
  /** Where the store is, for messages: the file, or the database's URL without its password. */
  readonly where: string;
  /** Stores every submission (with the deliveries each is owed) in one transaction; their ids in order. */
  addAll(submissions: Submission[]): Promise<number[]>;
  enquiries(): Promise<StoredEnquiry[]>;
  applications(): Promise<StoredApplication[]>;
  cvOf(id: number): Promise<Buffer | undefined>;
  /** The stored submission a delivery is of, with an application's CV; undefined when it is gone. */
  deliveredOf(delivery: Pick<Delivery, 'kind' | 'submissionId'>): Promise<Delivered | undefined>;
  /** Deletes what is older than its form's window (and spam after 30 days), leaving no byte of it in the store. */
  purge(retention: Retention, now?: number): Promise<Deleted>;
  /** Everything held about the person with this address, found by its key (email-key.ts): in any case or normal form. */
  exportPerson(email: string): Promise<PersonExport>;
  /** Deletes everything held about the person with this address, found by its key. */
  erasePerson(email: string): Promise<Deleted>;
  /** Why a stored submission was taken for spam; null when it was not. */
  spamOf(kind: SubmissionKind, id: number): Promise<string | null>;
  /** Why a stored submission was delivered marked suspected; null when it was not. */
  suspectedOf(kind: SubmissionKind, id: number): Promise<string | null>;
  /** The key form tokens are signed with: made once, shared by every server on this store. */
  formTokenKey(): Promise<Buffer>;
  deliveriesOf(kind: SubmissionKind, id: number): Promise<DeliveryState[]>;
  outbox: OutboxApi & { stateOf(kind: SubmissionKind, id: number): DeliveryState[] | Promise<DeliveryState[]> };
  close(): Promise<void>;
}

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
  const store = openStore(path, { channels });
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
  const { openPostgresStore } = await import('./postgres-store');
  return openPostgresStore(location.url, options);
}
