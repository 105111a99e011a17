import { LEASE_SECONDS } from './instances.js';
import type { Sql } from './sql.js';
import type { Scope } from './types.js';

/** What an idempotency claim found (docs/api.md#idempotency). */
export type Claim =
  | { state: 'claimed' }
  | { state: 'running' }
  | { state: 'mismatch' }
  | { state: 'done'; status: number; headers: Record<string, string>; body: unknown };

export interface IdempotencyKey {
  scope: Scope;
  operation: string;
  key: string;
  /** The service process (ops/instance.ts) running the request. */
  owner: string;
}

/** How long an idempotency key holds (docs/api.md#idempotency). */
const IDEMPOTENCY_HOURS = 24;

/** A stored claim: the request's hash, and its answer once it has one. */
interface ClaimRow {
  requestHash: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: unknown;
}

/** A claimed key's answer: its status, headers and body. */
export interface ClaimAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The UPDATE that stores the answer of a key this process claimed (`complete`), its parameters
 * numbered from `$first`; another statement may run it as one of its parts, so that a claim is
 * completed with what it guarded in one round trip (schedules-table.ts's `recordRun`). It changes
 * no row when the claim is no longer this process's (taken over after its lease).
 */
export function completing(
  { scope, operation, key, owner }: IdempotencyKey,
  answer: ClaimAnswer,
  first: number,
): { text: string; params: unknown[] } {
  const $ = (n: number) => `$${first + n}`;
  return {
    text: `UPDATE idempotency_keys SET status = ${$(4)}::integer, headers = ${$(5)}::jsonb, body = ${$(6)}::jsonb
      WHERE account_id = ${$(0)}::integer AND via_account_id = ${$(1)}::integer AND operation = ${$(2)}::text
        AND key = ${$(3)}::text AND owner = ${$(7)}::text AND status IS NULL`,
    params: [
      scope.accountId,
      scope.viaAccountId ?? 0,
      operation,
      key,
      answer.status,
      JSON.stringify(answer.headers),
      JSON.stringify(answer.body),
      owner,
    ],
  };
}

/** The idempotency_keys table: one row per key and scope, claimed before the operation runs. */
export function idempotencyStore(sql: Sql) {
  const via = (scope: Scope) => scope.viaAccountId ?? 0;

  return {
    /**
     * Claims a key in the database, so two requests racing with one key cannot both run:
     * the insert wins once; the loser reads what the winner stored (or that it is still running).
     * A claim whose process is gone (no heartbeat for `LEASE_SECONDS`) committed nothing, so it is
     * taken over; a claim of a live process never is.
     */
    async claim({ scope, operation, key, owner }: IdempotencyKey, requestHash: string): Promise<Claim> {
      const params = [scope.accountId, via(scope), operation, key];
      const insert = () =>
        sql.query(
          `INSERT INTO idempotency_keys (account_id, via_account_id, operation, key, request_hash, owner) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING RETURNING key`,
          [...params, requestHash, owner],
        );
      // A new key, the usual case, in one round trip; a key older than its 24 hours is cleared, then claimed.
      if ((await insert()).length) return { state: 'claimed' };
      const expired = await sql.query(
        `DELETE FROM idempotency_keys WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4
           AND created_at < now() - interval '${IDEMPOTENCY_HOURS} hours' RETURNING key`,
        params,
      );
      if (expired.length && (await insert()).length) return { state: 'claimed' };
      const takenOver = await sql.query(
        `UPDATE idempotency_keys k SET owner = $6, request_hash = $5, created_at = now()
         WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4 AND status IS NULL
           AND NOT EXISTS (SELECT 1 FROM service_instances i
                           WHERE i.id = k.owner AND i.heartbeat_at > now() - interval '${LEASE_SECONDS} seconds')
         RETURNING key`,
        [...params, requestHash, owner],
      );
      if (takenOver.length) return { state: 'claimed' };
      const [row] = await sql.query<ClaimRow>(
        `SELECT request_hash AS "requestHash", status, headers, body FROM idempotency_keys
         WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4`,
        params,
      );
      if (!row) return this.claim({ scope, operation, key, owner }, requestHash); // released between our insert and select
      if (row.requestHash !== requestHash) return { state: 'mismatch' };
      if (row.status === null) return { state: 'running' };
      return { state: 'done', status: row.status, headers: row.headers ?? {}, body: row.body };
    },
    /**
     * Stores the answer of a claimed key; false when the claim is no longer this process's (taken
     * over after its lease), and then the caller's transaction must not commit.
     */
    async complete(
      key: IdempotencyKey,
      status: number,
      headers: Record<string, string>,
      body: unknown,
    ): Promise<boolean> {
      const update = completing(key, { status, headers, body }, 1);
      return (await sql.query(`${update.text} RETURNING key`, update.params)).length === 1;
    },
    /** Deletes keys older than 24 hours (docs/api.md#transactions: a key holds for 24 hours). */
    async purgeExpired(): Promise<number> {
      const purged = await sql.query(
        `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_HOURS} hours' RETURNING key`,
      );
      return purged.length;
    },
    /** Frees a key whose request failed unexpectedly, so a retry can run it. */
    async release({ scope, operation, key, owner }: IdempotencyKey): Promise<void> {
      await sql.query(
        'DELETE FROM idempotency_keys WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4 AND owner = $5 AND status IS NULL',
        [scope.accountId, via(scope), operation, key, owner],
      );
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
