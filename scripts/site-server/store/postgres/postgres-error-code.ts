/**
 * What a failure of the PostgreSQL store means to the visitor waiting on it: "not now", answered
 * 503 with Retry-After, or "not this", answered 500. Not now is anything that passes by itself:
 * PostgreSQL restarting, out of reach or out of connections, a lock another connection holds, a
 * statement or query that ran out of time, a transaction chosen to give way, a connection that
 * broke. Not this is what trying again would not change: a table dropped, a value refused.
 */
import { errorCode } from '../store-open-error';

/** The code of a node-postgres error: its SQLSTATE or system code, or a name for the ones it gives none. */
export function postgresErrorCode(error: unknown): string {
  const code = errorCode(error);
  if (code !== 'UNKNOWN') return code;
  const message = String((error as Error)?.message ?? '');
  if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout|^timeout expired$/i.test(message))
    return 'CONNECT_TIMEOUT';
  if (/Connection terminated|connection error and is not queryable|Client was closed and is not queryable/i.test(message))
    return 'CONNECTION_ENDED';
  if (/Query read timeout/i.test(message)) return 'QUERY_TIMEOUT';
  return code;
}

/**
 * SQLSTATE classes 08 (connection), 53 (out of connections, memory or disk) and 40 (a
 * transaction chosen to give way); 57P01-57P03 (shutting down, crashed, starting up), 57P05 (an
 * idle session ended), 57014 (a statement that ran out of time), 55P03 (a lock not had in time),
 * 25P03 (a transaction left open too long, ended). Then the system's network errors, and
 * node-postgres's own: a connection that could not be had in time, that ended, a query given up.
 */
const TRANSIENT =
  /^((08|53|40)[0-9A-Z]{3}|57P0[1235]|57014|55P03|25P03|ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPIPE|EHOSTUNREACH|EHOSTDOWN|ENETUNREACH|ENETDOWN|EAI_AGAIN|CONNECT_TIMEOUT|CONNECTION_ENDED|QUERY_TIMEOUT|CLOSED)$/;

/** Whether a failure with this code may pass if the submission is sent again shortly. */
export const isTransient = (code: string): boolean => TRANSIENT.test(code);
