/**
 * Opening the store failed, on either engine: the message is one line saying where, what is
 * wrong and what to do, in the words of its catalog (store-start-messages.ts).
 */
import { postgresStartFallback, postgresStartMessages, storeStartFallback, storeStartMessages } from './store-start-messages';

/** The SQLite, PostgreSQL or file system error code of an error, such as SQLITE_BUSY, 28P01 or EACCES. */
export function errorCode(error: unknown): string {
  return String((error as { code?: unknown }).code ?? 'UNKNOWN');
}

export class StoreOpenError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    readonly detail: string,
    engine: 'sqlite' | 'postgres' = 'sqlite',
  ) {
    const [catalog, fallback] =
      engine === 'sqlite' ? [storeStartMessages, storeStartFallback] : [postgresStartMessages, postgresStartFallback];
    const describe = catalog[code] ?? catalog[code.replace(/_[A-Z]+$/, '')];
    super(describe ? describe(path) : fallback(path, code, detail));
    this.name = 'StoreOpenError';
  }
}
