/**
 * The store in PostgreSQL (DATABASE_URL=postgres://…), through node-postgres: the same tables,
 * the same behaviour and the same API as the SQLite store (submission-store.ts), so that any
 * number of site servers, on any number of machines, share one store. Every submission is
 * committed, with the deliveries it is owed, in one transaction before the server answers.
 *
 * Where PostgreSQL differs, it is handled here:
 * - Two servers claim deliveries at once: `FOR UPDATE SKIP LOCKED` gives each a different row.
 * - Two servers store the same submission at once: the repeat check takes a transaction lock on
 *   the submission's digest first, so the second sees the first.
 * - PostgreSQL restarts, or another connection holds a lock: every connection has its error
 *   listener and its time limits (postgres-connections.ts), and such a failure is "not now"
 *   (postgres-errors.ts), answered 503 with Retry-After.
 * - Neither lower() it has (in the C locale) folds a letter beyond ASCII: each address is stored
 *   with its key (email-key.ts), and a person is found by it.
 * - Deleting is really deleting: PostgreSQL leaves deleted rows in the table's file until it is
 *   rewritten, so a purge or an erasure that deleted anything rewrites the tables it touched
 *   (VACUUM FULL). What PostgreSQL's write-ahead log and any backups hold is recycled on their
 *   own schedule, which the database's operator sets (the README says so).
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Delivered } from '../notify/content';
import { type Delivery, type DeliveryRow, type DeliveryState, type SubmissionKind, stateOf } from '../notify/outbox';
import type { Channel } from '../notify/settings';
import { TOKEN_LIFE_MS } from '../spam/form-token';
import { REPEAT_WINDOW_MS, type Screening } from '../spam/screening';
import { emailKey } from './email-key';
import { connectOnce, createPool, inTransaction } from './postgres-connections';
import { postgresErrorCode } from './postgres-errors';
import { fillEmailKeys, prepareTables } from './postgres-schema';
import type { Deleted, Retention } from './retention';
import { SPAM_DAYS } from './retention';
import { StoreOpenError, type StoredApplication, type StoredEnquiry, type Submission, type Verdict } from './store';
import type { PersonExport, SubmissionStore } from './submission-store';

/** A timestamp column as the SQLite store gives it: ISO 8601 in UTC, to the millisecond. */
const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const TABLES = { enquiry: 'enquiries', application: 'applications' } as const;
const ENQUIRY_COLUMNS = `id, ${iso('received_at')} AS "receivedAt", name, mobile, email, message`;
const APPLICATION_COLUMNS = `id, ${iso('received_at')} AS "receivedAt", full_name AS "fullName", phone, email, cover_letter AS "coverLetter", cv_name AS "cvName", cv_type AS "cvType"`;
const DELIVERY_COLUMNS = `id, message_id AS "messageId", kind, submission_id AS "submissionId", channel, attempts`;

/** The URL with its password left out, for messages and logs. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'something that is not a URL';
  }
}

export interface PostgresStoreOptions {
  /** The channels each stored submission is delivered through: its outbox rows are written with it. */
  channels?: readonly Channel[];
  /** The most connections this process opens. */
  connections?: number;
}

/**
 * Opens the store in the database at `url`, making its tables when they are missing (once,
 * however many servers start at once). Rejects with a StoreOpenError whose message is one line
 * saying what is wrong and what to do (nothing answers, a wrong password, no such database…).
 */
export async function openPostgresStore(
  url: string,
  { channels = [], connections }: PostgresStoreOptions = {},
): Promise<SubmissionStore & { pool: pg.Pool }> {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new StoreOpenError(describeDatabase(url), 'NOT_POSTGRES_URL', 'not a postgres:// URL', 'postgres');
  try {
    await prepareTables(url);
  } catch (error) {
    throw new StoreOpenError(describeDatabase(url), postgresErrorCode(error), (error as Error).message, 'postgres');
  }
  const pool = createPool(url, connections);

  /**
   * Why a submission is spam or suspected, finishing what its request said with what only the
   * store knows. Only what is delivered (suspected or not) is remembered for the repeat check:
   * spam never makes a later submission a repeat.
   */
  const verdictOf = async (client: pg.ClientBase, screening: Screening | undefined, now: number): Promise<Verdict> => {
    if (!screening) return { spam: null, suspected: null };
    let spam = screening.spam;
    if (!spam && screening.nonce) {
      const used = await client.query('INSERT INTO form_tokens (nonce, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        screening.nonce,
        now,
      ]);
      if (used.rowCount === 0) spam = 'form token used twice';
    }
    // The same submission stored at once by two servers: the second waits here for the first.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [screening.digest]);
    if (!spam) {
      const repeated = await client.query('SELECT 1 FROM submission_digests WHERE digest = $1 AND at > $2 LIMIT 1', [
        screening.digest,
        now - REPEAT_WINDOW_MS,
      ]);
      if (repeated.rowCount) spam = 'the same submission again within minutes';
    }
    if (spam) return { spam, suspected: null };
    await client.query('INSERT INTO submission_digests (digest, at) VALUES ($1, $2)', [screening.digest, now]);
    return { spam: null, suspected: screening.suspected };
  };

  const insert = async (client: pg.ClientBase, submission: Submission): Promise<number> => {
    const now = Date.now();
    const { spam, suspected } = await verdictOf(client, submission.screening, now);
    let id: number;
    if (submission.kind === 'enquiry') {
      const { name, mobile, email, message } = submission.enquiry;
      const result = await client.query<{ id: number }>(
        'INSERT INTO enquiries (name, mobile, email, email_key, message, spam, suspected) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [name, mobile, email, emailKey(email), message, spam, suspected],
      );
      id = result.rows[0]?.id ?? 0;
    } else {
      const { fullName, phone, email, coverLetter, cvName, cvType } = submission.application;
      const cv = submission.cv ? Buffer.from(submission.cv.buffer, submission.cv.byteOffset, submission.cv.byteLength) : null;
      const result = await client.query<{ id: number }>(
        `INSERT INTO applications (full_name, phone, email, email_key, cover_letter, cv_name, cv_type, cv, spam, suspected)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [fullName, phone, email, emailKey(email), coverLetter, cvName, cvType, cv, spam, suspected],
      );
      id = result.rows[0]?.id ?? 0;
    }
    if (!spam)
      for (const channel of channels)
        await client.query('INSERT INTO outbox (message_id, kind, submission_id, channel, next_at) VALUES ($1, $2, $3, $4, $5)', [
          `msg_${randomBytes(18).toString('base64url')}`,
          submission.kind,
          id,
          channel,
          now,
        ]);
    return id;
  };

  /** Deletes the rows of one kind that `where` picks, with their deliveries. */
  const deleteWhere = async (
    client: pg.ClientBase,
    kind: SubmissionKind,
    where: string,
    value: string,
  ): Promise<{ count: number; cvs: number }> => {
    const { rows } = await client.query<{ id: number; cv: boolean }>(
      `DELETE FROM ${TABLES[kind]} WHERE ${where} RETURNING id, ${kind === 'application' ? 'cv IS NOT NULL' : 'false'} AS cv`,
      [value],
    );
    if (rows.length > 0)
      await client.query('DELETE FROM outbox WHERE kind = $1 AND submission_id = ANY($2::integer[])', [kind, rows.map((row) => row.id)]);
    return { count: rows.length, cvs: rows.filter((row) => row.cv).length };
  };

  /**
   * Rewrites the submission tables and the outbox so that no deleted row is left in their files.
   * It runs on a connection of its own, without the query time limit: a large table takes a while.
   */
  const scrub = async (): Promise<void> => {
    const client = await connectOnce(url);
    try {
      await client.query('VACUUM (FULL) enquiries, applications, outbox');
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const verdict = async (kind: SubmissionKind, id: number): Promise<Verdict> =>
    (await pool.query<Verdict>(`SELECT spam, suspected FROM ${TABLES[kind]} WHERE id = $1`, [id])).rows[0] ?? {
      spam: null,
      suspected: null,
    };

  const cutoff = (days: number, now: number): string => new Date(now - days * 86_400_000).toISOString();
  const deliveriesOf = async (kind: SubmissionKind, id: number): Promise<DeliveryState[]> => {
    const { rows } = await pool.query<DeliveryRow>(
      `SELECT channel, message_id AS "messageId", attempts, ${iso('delivered_at')} AS "deliveredAt", ${iso('failed_at')} AS "failedAt",
         last_error AS "lastError", next_at AS "nextAt"
       FROM outbox WHERE kind = $1 AND submission_id = $2 ORDER BY id`,
      [kind, id],
    );
    return rows.map(stateOf);
  };
  const deliveryRecords = async (kind: SubmissionKind, id: number) =>
    (
      await pool.query(
        `SELECT channel, message_id AS "messageId", ${iso('created_at')} AS "createdAt", attempts,
           ${iso('delivered_at')} AS "deliveredAt", ${iso('failed_at')} AS "failedAt"
         FROM outbox WHERE kind = $1 AND submission_id = $2 ORDER BY id`,
        [kind, id],
      )
    ).rows;

  return {
    engine: 'postgres',
    where: describeDatabase(url),
    pool,
    addAll: (submissions) =>
      inTransaction(pool, async (client) => {
        const ids: number[] = [];
        for (const submission of submissions) ids.push(await insert(client, submission));
        return ids;
      }),
    enquiries: async () => (await pool.query<StoredEnquiry>(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries ORDER BY id`)).rows,
    applications: async () =>
      (await pool.query<StoredApplication>(`SELECT ${APPLICATION_COLUMNS}, octet_length(cv) AS "cvSize" FROM applications ORDER BY id`))
        .rows,
    cvOf: async (id) =>
      (await pool.query<{ cv: Buffer | null }>('SELECT cv FROM applications WHERE id = $1', [id])).rows[0]?.cv ?? undefined,
    async deliveredOf(delivery): Promise<Delivered | undefined> {
      if (delivery.kind === 'enquiry') {
        const found = (
          await pool.query<StoredEnquiry & Pick<Verdict, 'suspected'>>(
            `SELECT ${ENQUIRY_COLUMNS}, suspected FROM enquiries WHERE id = $1`,
            [delivery.submissionId],
          )
        ).rows[0];
        if (!found) return undefined;
        const { suspected, ...rest } = found;
        return { kind: 'enquiry', enquiry: rest, suspected };
      }
      const found = (
        await pool.query<StoredApplication & { cv: Buffer | null } & Pick<Verdict, 'suspected'>>(
          `SELECT ${APPLICATION_COLUMNS}, octet_length(cv) AS "cvSize", cv, suspected FROM applications WHERE id = $1`,
          [delivery.submissionId],
        )
      ).rows[0];
      if (!found) return undefined;
      const { cv, suspected, ...rest } = found;
      return { kind: 'application', application: rest, cv, suspected };
    },
    async purge(retention: Retention, now = Date.now()): Promise<Deleted> {
      const result = await inTransaction(pool, async (client) => {
        // Spam first, after its own 30 days; then what is past its form's window; then what spam screening remembers.
        const spamEnquiries = await deleteWhere(client, 'enquiry', 'spam IS NOT NULL AND received_at < $1', cutoff(SPAM_DAYS, now));
        const spamApplications = await deleteWhere(client, 'application', 'spam IS NOT NULL AND received_at < $1', cutoff(SPAM_DAYS, now));
        const enquiries = await deleteWhere(client, 'enquiry', 'received_at < $1', cutoff(retention.enquiry, now));
        const applications = await deleteWhere(client, 'application', 'received_at < $1', cutoff(retention.application, now));
        await client.query('DELETE FROM form_tokens WHERE used_at < $1', [now - TOKEN_LIFE_MS - 3600_000]);
        await client.query('DELETE FROM submission_digests WHERE at < $1', [now - REPEAT_WINDOW_MS]);
        return {
          enquiries: enquiries.count + spamEnquiries.count,
          applications: applications.count + spamApplications.count,
          cvs: applications.cvs + spamApplications.cvs,
        };
      });
      if (result.enquiries + result.applications > 0) await scrub();
      return result;
    },
    async exportPerson(email): Promise<PersonExport> {
      await fillEmailKeys(pool);
      const key = emailKey(email);
      const enquiries = (
        await pool.query<StoredEnquiry>(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries WHERE email_key = $1 ORDER BY id`, [key])
      ).rows;
      const applications = (
        await pool.query<StoredApplication & { cv: Buffer | null }>(
          `SELECT ${APPLICATION_COLUMNS}, cv FROM applications WHERE email_key = $1 ORDER BY id`,
          [key],
        )
      ).rows;
      return {
        email,
        enquiries: await Promise.all(enquiries.map(async (row) => ({ ...row, deliveries: await deliveryRecords('enquiry', row.id) }))),
        applications: await Promise.all(
          applications.map(async ({ cv, ...row }) => ({
            ...row,
            cv: cv ? cv.toString('base64') : null,
            deliveries: await deliveryRecords('application', row.id),
          })),
        ),
      };
    },
    async erasePerson(email): Promise<Deleted> {
      const result = await inTransaction(pool, async (client) => {
        await fillEmailKeys(client);
        const enquiries = await deleteWhere(client, 'enquiry', 'email_key = $1', emailKey(email));
        const applications = await deleteWhere(client, 'application', 'email_key = $1', emailKey(email));
        return { enquiries: enquiries.count, applications: applications.count, cvs: applications.cvs };
      });
      if (result.enquiries + result.applications > 0) await scrub();
      return result;
    },
    spamOf: async (kind, id) => (await verdict(kind, id)).spam,
    suspectedOf: async (kind, id) => (await verdict(kind, id)).suspected,
    formTokenKey: async () =>
      (await pool.query<{ value: Buffer }>("SELECT value FROM secrets WHERE name = 'form-token-key'")).rows[0]?.value ?? Buffer.alloc(0),
    deliveriesOf,
    outbox: {
      async claim(now, leaseMs, limit): Promise<Delivery[]> {
        // SKIP LOCKED: a row another server is claiming this moment is left to it.
        const { rows } = await pool.query<Delivery>(
          `UPDATE outbox SET lease_until = $2, attempts = attempts + 1
           WHERE id IN (
             SELECT id FROM outbox
             WHERE delivered_at IS NULL AND failed_at IS NULL AND next_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
             ORDER BY next_at, id LIMIT $3 FOR UPDATE SKIP LOCKED
           )
           RETURNING ${DELIVERY_COLUMNS}`,
          [now, now + leaseMs, limit],
        );
        return rows;
      },
      async delivered(id, now = Date.now()) {
        await pool.query('UPDATE outbox SET delivered_at = $1, lease_until = NULL, last_error = NULL WHERE id = $2', [
          new Date(now).toISOString(),
          id,
        ]);
      },
      async failed(delivery, error, delaysS, now = Date.now()) {
        const delay = delaysS[delivery.attempts - 1];
        if (delay === undefined) {
          await pool.query('UPDATE outbox SET failed_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [
            new Date(now).toISOString(),
            error,
            delivery.id,
          ]);
          return 'gave-up';
        }
        await pool.query('UPDATE outbox SET next_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [
          now + delay * 1000,
          error,
          delivery.id,
        ]);
        return 'retry';
      },
      async giveUp(id, error, now = Date.now()) {
        await pool.query('UPDATE outbox SET failed_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [
          new Date(now).toISOString(),
          error,
          id,
        ]);
      },
      async nextDueAt() {
        const { rows } = await pool.query<{ at: number | null }>(
          'SELECT min(greatest(next_at, coalesce(lease_until, 0))) AS at FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL',
        );
        return rows[0]?.at ?? null;
      },
      stateOf: deliveriesOf,
    },
    close: () => pool.end(),
  };
}
