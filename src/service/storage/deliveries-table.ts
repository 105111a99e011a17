import { LEASE_SECONDS } from './instances.js';
import type { Sql } from './sql.js';

/** A delivery a process has claimed: what to send, where, and how many times it was tried before. */
export interface ClaimedDelivery {
  id: number;
  channel: string;
  target: string;
  objectId: string;
  /** The event's id and exact body text, for a delivery of an event. */
  eventId: string | null;
  body: string | null;
  /** What a channel stored for itself when it queued the delivery (an e-mail's input). */
  message: unknown;
  attempts: number;
  created: Date;
}

/** What one attempt found. */
export interface AttemptRecord {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

/** Where a delivery goes after an attempt. */
export type NextStep = { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; nextAttemptAt: Date };

interface Row {
  id: string | number;
  channel: string;
  target: string;
  object_id: string;
  event_id: string | null;
  body: string | null;
  message: unknown;
  attempts: number;
  created_at: Date;
}

/**
 * The delivery outbox of every channel (webhooks, e-mail): rows claimed under a lease that expires, or
 * that ends sooner when its owner stops beating (service_instances, instances.ts), so a process killed
 * mid-delivery leaves its rows to another, or to itself restarted; per channel, target and object only the
 * oldest pending row can be claimed, so deliveries of one object go out in order.
 */
export function deliveryStore(sql: Sql) {
  return {
    /** Queues a delivery that is not an event's webhook (an e-mail), inside the caller's transaction. */
    async enqueue(delivery: { channel: string; target: string; objectId: string; message: unknown; at: Date }) {
      await sql.query(
        `INSERT INTO deliveries (channel, target, object_id, message, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $5)`,
        [delivery.channel, delivery.target, delivery.objectId, JSON.stringify(delivery.message), delivery.at],
      );
    },
    /** Claims up to `limit` due deliveries of `channels` for `owner` until `leaseUntil`. */
    async claim(
      channels: string[],
      owner: string,
      now: Date,
      leaseUntil: Date,
      limit: number,
    ): Promise<ClaimedDelivery[]> {
      const rows = await sql.query<Row>(
        `UPDATE deliveries d SET lease_until = $3, leased_by = $2
          WHERE d.id IN (
            SELECT c.id FROM deliveries c
             WHERE c.state = 'pending' AND c.channel = ANY ($1::text[]) AND c.next_attempt_at <= $4
               AND (c.lease_until IS NULL OR c.lease_until <= $4 OR NOT EXISTS (
                     SELECT 1 FROM service_instances i WHERE i.id = c.leased_by
                        AND i.heartbeat_at > now() - interval '${LEASE_SECONDS} seconds'))
               AND NOT EXISTS (SELECT 1 FROM deliveries p WHERE p.state = 'pending' AND p.channel = c.channel
                                  AND p.target = c.target AND p.object_id = c.object_id AND p.id < c.id)
             ORDER BY c.next_attempt_at, c.id LIMIT $5 FOR UPDATE SKIP LOCKED)
          RETURNING d.id, d.channel, d.target, d.object_id, d.message, d.attempts, d.created_at,
                    (SELECT e.id FROM events e WHERE e.seq = d.event_seq) AS event_id,
                    (SELECT e.body FROM events e WHERE e.seq = d.event_seq) AS body`,
        [channels, owner, leaseUntil, now, limit],
      );
      return rows
        .map((row) => ({
          id: Number(row.id),
          channel: row.channel,
          target: row.target,
          objectId: row.object_id,
          eventId: row.event_id,
          body: row.body,
          message: row.message,
          attempts: row.attempts,
          created: new Date(row.created_at),
        }))
        .sort((a, b) => a.id - b.id);
    },
    /**
     * Records attempts and moves their deliveries on, in one database transaction of two statements,
     * for those `owner` still holds (a process whose lease expired records its attempt but leaves the
     * row to the one that took it over).
     */
    async finish(owner: string, results: { id: number; attempt: AttemptRecord; next: NextStep }[]): Promise<void> {
      if (!results.length) return;
      const column = <T>(pick: (result: (typeof results)[number]) => T) => results.map(pick);
      await sql.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO delivery_attempts (delivery_id, attempted_at, duration_ms, status_code, error)
           SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::integer[], $4::integer[], $5::text[])`,
          [
            column((r) => r.id),
            column((r) => r.attempt.attemptedAt),
            column((r) => r.attempt.durationMs),
            column((r) => r.attempt.statusCode),
            column((r) => r.attempt.error),
          ],
        );
        await tx.query(
          `UPDATE deliveries d SET attempts = d.attempts + 1, state = n.state, lease_until = NULL, leased_by = NULL,
                  next_attempt_at = COALESCE(n.next_at, d.next_attempt_at),
                  finished_at = CASE WHEN n.state = 'pending' THEN NULL ELSE n.at END
             FROM unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::timestamptz[]) AS n(id, state, next_at, at)
            WHERE d.id = n.id AND d.leased_by = $1 AND d.state = 'pending'`,
          [
            owner,
            column((r) => r.id),
            column((r) => r.next.state),
            column((r) => (r.next.state === 'pending' ? r.next.nextAttemptAt : null)),
            column((r) => r.attempt.attemptedAt),
          ],
        );
      });
    },
    /** When the next pending delivery of `channels` is due, or null when none is pending. */
    async nextDue(channels: string[]): Promise<Date | null> {
      const [row] = await sql.query<{ at: Date | null }>(
        `SELECT min(GREATEST(next_attempt_at, COALESCE(lease_until, next_attempt_at))) AS at
           FROM deliveries WHERE state = 'pending' AND channel = ANY ($1::text[])`,
        [channels],
      );
      return row?.at ? new Date(row.at) : null;
    },
    /** How many deliveries of a channel are in each state (tests and `/readyz`-style checks). */
    async counts(channel: string): Promise<Record<'pending' | 'delivered' | 'failed', number>> {
      const rows = await sql.query<{ state: 'pending' | 'delivered' | 'failed'; n: number }>(
        'SELECT state, count(*)::integer AS n FROM deliveries WHERE channel = $1 GROUP BY state',
        [channel],
      );
      const counts = { pending: 0, delivered: 0, failed: 0 };
      for (const row of rows) counts[row.state] = row.n;
      return counts;
    },
  };
}

export type DeliveryStore = ReturnType<typeof deliveryStore>;
