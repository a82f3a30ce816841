/**
 * The store in PostgreSQL (DATABASE_URL=postgres://…), through node-postgres: the same tables,
 * the same behaviour and the same API as the SQLite store (SubmissionStore, submission.ts), so that any
 * number of site servers, on any number of machines, share one store. Every submission is
 * committed, with the deliveries it is owed, in one transaction before the server answers.
 *
 * This file holds only what differs by engine, its SQL: what a submission is comes from the model
 * (submission.ts), and whether it is spam, when a delivery is tried next, what a purge deletes
 * and a delivery's message id from the rules (rules.ts). Where PostgreSQL differs, it is handled here:
 * - Two servers claim deliveries at once: `FOR UPDATE SKIP LOCKED` gives each a different row.
 * - Two servers store the same submission at once: the repeat check takes a transaction lock on
 *   the submission's digest first, so the second sees the first.
 * - PostgreSQL restarts, or another connection holds a lock: every connection has its error
 *   listener and its time limits (create-pool.ts), and such a failure is "not now"
 *   (postgres-error-code.ts), answered 503 with Retry-After.
 * - Neither lower() it has (in the C locale) folds a letter beyond ASCII: each address is stored
 *   with its key (email-key.ts), and a person is found by it.
 * - Deleting is really deleting: PostgreSQL leaves deleted rows in the table's file until it is
 *   rewritten, so a purge or an erasure that deleted anything rewrites the tables it touched
 *   (VACUUM FULL). What PostgreSQL's write-ahead log and any backups hold is recycled on their
 *   own schedule, which the database's operator sets (the README says so).
 */
import type pg from 'pg';
import type { Channel } from '../../notify/notify-settings';
import { emailKey } from '../email-key';
import { connectOnce, createPool } from './create-pool';
import { inTransaction } from './transaction';
import { postgresErrorCode } from './postgres-error-code';
import { iso, postgresOutbox } from './postgres-outbox';
import { fillEmailKeys, prepareTables } from './prepare-tables';
import type { Deleted, Retention } from '../retention';
import { rules } from '../rules';
import { StoreOpenError } from '../store-open-error';
import {
  type Delivered,
  type PersonExport,
  type StoredApplication,
  type StoredEnquiry,
  type Submission,
  type SubmissionKind,
  type SubmissionStore,
  submission as model,
  type Verdict,
} from '../submission';

const TABLES = { enquiry: model.forms.enquiry.table, application: model.forms.application.table } as const;
/** A form's stored fields as SELECT names them: each column as its field's key. */
const columnsOf = (kind: SubmissionKind): string =>
  [
    'id',
    `${iso('received_at')} AS "receivedAt"`,
    ...model.forms[kind].fields.map(({ key, column }) => (key === column ? key : `${column} AS "${key}"`)),
    ...(model.forms[kind].cv ? ['cv_name AS "cvName"', 'cv_type AS "cvType"'] : []),
  ].join(', ');
const ENQUIRY_COLUMNS = columnsOf('enquiry');
const APPLICATION_COLUMNS = columnsOf('application');

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
export async function openPostgres(
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
  const outbox = postgresOutbox(pool);

  /**
   * The verdict of the rules (rules.ts), its questions answered in PostgreSQL. The same
   * submission stored at once by two servers: before the repeat check, a transaction lock on its
   * digest makes the second wait for the first, and see it.
   */
  const verdictOf = async (client: pg.ClientBase, submission: Submission, now: number): Promise<Verdict> => {
    const asking = rules.verdict(submission.screening, now);
    for (let step = asking.next(); ; ) {
      if (step.done) return step.value;
      const question = step.value;
      if (question.ask === 'token-used') {
        const used = await client.query('INSERT INTO form_tokens (nonce, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          question.nonce,
          question.at,
        ]);
        step = asking.next(used.rowCount === 0);
      } else if (question.ask === 'repeated') {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [question.digest]);
        const repeated = await client.query('SELECT 1 FROM submission_digests WHERE digest = $1 AND at > $2 LIMIT 1', [
          question.digest,
          question.since,
        ]);
        step = asking.next(Boolean(repeated.rowCount));
      } else {
        await client.query('INSERT INTO submission_digests (digest, at) VALUES ($1, $2)', [question.digest, question.at]);
        step = asking.next(undefined);
      }
    }
  };

  const numbered = (from: number, count: number): string => Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
  const fieldColumns = (kind: SubmissionKind): string => model.forms[kind].fields.map(({ column }) => column).join(', ');
  const insertEnquiry = `INSERT INTO enquiries (${fieldColumns('enquiry')}, email_key, spam, suspected)
    VALUES (${numbered(1, model.forms.enquiry.fields.length + 3)}) RETURNING id`;
  const insertApplication = `INSERT INTO applications (${fieldColumns('application')}, email_key, cv_name, cv_type, cv, spam, suspected)
    VALUES (${numbered(1, model.forms.application.fields.length + 6)}) RETURNING id`;
  const insert = async (client: pg.ClientBase, submission: Submission): Promise<number> => {
    const now = Date.now();
    const { spam, suspected } = await verdictOf(client, submission, now);
    let id: number;
    if (submission.kind === 'enquiry') {
      const { enquiry } = submission;
      const result = await client.query<{ id: number }>(insertEnquiry, [
        ...model.valuesOf('enquiry', enquiry),
        emailKey(enquiry.email),
        spam,
        suspected,
      ]);
      id = result.rows[0]?.id ?? 0;
    } else {
      const { application } = submission;
      const cv = submission.cv ? Buffer.from(submission.cv.buffer, submission.cv.byteOffset, submission.cv.byteLength) : null;
      const result = await client.query<{ id: number }>(insertApplication, [
        ...model.valuesOf('application', application),
        emailKey(application.email),
        application.cvName,
        application.cvType,
        cv,
        spam,
        suspected,
      ]);
      id = result.rows[0]?.id ?? 0;
    }
    if (!spam)
      for (const channel of channels)
        await client.query('INSERT INTO outbox (message_id, kind, submission_id, channel, next_at) VALUES ($1, $2, $3, $4, $5)', [
          rules.messageId(),
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
        const plan = rules.purgePlan(retention, now);
        // Spam first, after its own 30 days; then what is past its form's window; then what spam screening remembers.
        const spamEnquiries = await deleteWhere(client, 'enquiry', 'spam IS NOT NULL AND received_at < $1', plan.spamBefore);
        const spamApplications = await deleteWhere(client, 'application', 'spam IS NOT NULL AND received_at < $1', plan.spamBefore);
        const enquiries = await deleteWhere(client, 'enquiry', 'received_at < $1', plan.enquiriesBefore);
        const applications = await deleteWhere(client, 'application', 'received_at < $1', plan.applicationsBefore);
        await client.query('DELETE FROM form_tokens WHERE used_at < $1', [plan.tokensBefore]);
        await client.query('DELETE FROM submission_digests WHERE at < $1', [plan.digestsBefore]);
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
    deliveriesOf: outbox.stateOf,
    outbox,
    close: () => pool.end(),
  };
}
