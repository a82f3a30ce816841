/**
 * The outbox in SQLite: one row for each delivery a stored submission is owed (one per channel),
 * written in the same transaction as the submission, so that a submission is never stored without
 * them, nor they without it. A delivery is claimed with a lease before it is tried: a process
 * that dies mid-try (kill -9) leaves its lease to run out, and the next process tries again with
 * the same message id. When a failed try is tried next, the message id and where a delivery
 * stands are the store's rules (rules.ts); this file is only their SQL.
 */
import type Database from 'better-sqlite3';
import type { Channel } from '../notify/notify-settings';
import { rules } from './rules';
import type { Delivery, DeliveryRow, DeliveryState, SubmissionKind } from './submission';

/** The outbox's table, made when missing. */
const OUTBOX_TABLE = `
  CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    submission_id INTEGER NOT NULL,
    channel TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    lease_until INTEGER,
    delivered_at TEXT,
    failed_at TEXT,
    last_error TEXT
  );
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
  CREATE INDEX IF NOT EXISTS outbox_submission ON outbox (kind, submission_id);
`;

const iso = (ms: number): string => new Date(ms).toISOString();

/** The outbox's statements on an open store, its table made first when missing. */
export function sqliteOutbox(db: Database.Database) {
  db.exec(OUTBOX_TABLE);
  const insert = db.prepare('INSERT INTO outbox (message_id, kind, submission_id, channel, next_at) VALUES (?, ?, ?, ?, ?)');
  // One statement: two processes claiming at once never take the same row (SQLite writes one at a time).
  const claim = db.prepare(`
    UPDATE outbox SET lease_until = @lease, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox
      WHERE delivered_at IS NULL AND failed_at IS NULL AND next_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
      ORDER BY next_at, id LIMIT @limit
    )
    RETURNING id, message_id AS messageId, kind, submission_id AS submissionId, channel, attempts`);
  const delivered = db.prepare('UPDATE outbox SET delivered_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?');
  const retry = db.prepare('UPDATE outbox SET next_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const failed = db.prepare('UPDATE outbox SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const nextDue = db.prepare(
    'SELECT min(max(next_at, coalesce(lease_until, 0))) AS at FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL',
  );
  const states = db.prepare(`
    SELECT channel, message_id AS messageId, attempts, delivered_at AS deliveredAt, failed_at AS failedAt, last_error AS lastError, next_at AS nextAt
    FROM outbox WHERE kind = ? AND submission_id = ? ORDER BY id`);
  return {
    /** The deliveries a submission just stored is owed, one per channel: call inside the transaction that stores it. */
    enqueue(kind: SubmissionKind, submissionId: number, channels: readonly Channel[], now = Date.now()): void {
      for (const channel of channels) insert.run(rules.messageId(), kind, submissionId, channel, now);
    },
    /** Takes up to `limit` deliveries that are due and not leased, leasing them for `leaseMs`. */
    claim(now: number, leaseMs: number, limit: number): Delivery[] {
      return claim.all({ now, lease: now + leaseMs, limit }) as Delivery[];
    },
    delivered(id: number, now = Date.now()): void {
      delivered.run(iso(now), id);
    },
    /** Records a failed try: tried again when the rules say, or left as failed after the last. Says which. */
    failed(delivery: Delivery, error: string, delaysS: readonly number[], now = Date.now()): 'retry' | 'gave-up' {
      const next = rules.nextTry(delivery.attempts, delaysS, now);
      if (next === null) {
        failed.run(iso(now), error, delivery.id);
        return 'gave-up';
      }
      retry.run(next, error, delivery.id);
      return 'retry';
    },
    /** Leaves a delivery as failed without another try. */
    giveUp(id: number, error: string, now = Date.now()): void {
      failed.run(iso(now), error, id);
    },
    /** When the next delivery falls due (its lease run out, for one being tried), or null when none waits. */
    nextDueAt(): number | null {
      return (nextDue.get() as { at: number | null }).at;
    },
    /** Where each delivery of one submission stands. */
    stateOf(kind: SubmissionKind, submissionId: number): DeliveryState[] {
      return (states.all(kind, submissionId) as DeliveryRow[]).map(rules.deliveryState);
    },
  };
}
