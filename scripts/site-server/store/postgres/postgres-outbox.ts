/**
 * The outbox in PostgreSQL: the deliveries each stored submission is owed, claimed by any number
 * of servers at once (`FOR UPDATE SKIP LOCKED` gives each a different row). When a failed try is
 * tried next and where a delivery stands are the rules' (rules.ts); this is their SQL.
 */
import type pg from 'pg';
import { rules } from '../rules';
import type { Delivery, DeliveryRow, DeliveryState, OutboxApi, SubmissionKind } from '../submission';

/** A timestamp column as the SQLite store gives it: ISO 8601 in UTC, to the millisecond. */
export const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DELIVERY_COLUMNS = `id, message_id AS "messageId", kind, submission_id AS "submissionId", channel, attempts`;

/** The outbox's statements on the store's pool. */
export function postgresOutbox(pool: pg.Pool): OutboxApi & { stateOf(kind: SubmissionKind, id: number): Promise<DeliveryState[]> } {
  return {
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
      const next = rules.nextTry(delivery.attempts, delaysS, now);
      if (next === null) {
        await pool.query('UPDATE outbox SET failed_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [
          new Date(now).toISOString(),
          error,
          delivery.id,
        ]);
        return 'gave-up';
      }
      await pool.query('UPDATE outbox SET next_at = $1, lease_until = NULL, last_error = $2 WHERE id = $3', [next, error, delivery.id]);
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
    /** Where each delivery of one submission stands. */
    async stateOf(kind: SubmissionKind, id: number): Promise<DeliveryState[]> {
      const { rows } = await pool.query<DeliveryRow>(
        `SELECT channel, message_id AS "messageId", attempts, ${iso('delivered_at')} AS "deliveredAt", ${iso('failed_at')} AS "failedAt",
           last_error AS "lastError", next_at AS "nextAt"
         FROM outbox WHERE kind = $1 AND submission_id = $2 ORDER BY id`,
        [kind, id],
      );
      return rows.map(rules.deliveryState);
    },
  };
}
