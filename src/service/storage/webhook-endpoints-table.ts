import type { EventType } from '../../shared/wire.js';
import type { Sql } from './sql.js';
import type { Scope } from './types.js';

/** A webhook endpoint as stored: its secret sealed by the vault (and the one before a rotation, until its time). */
export interface WebhookEndpointRecord {
  id: string;
  scope: Scope;
  url: string;
  enabledEvents: (EventType | '*')[];
  vaultKeyId: string;
  sealedSecret: string;
  previousVaultKeyId: string | null;
  previousSealed: string | null;
  previousUntil: Date | null;
  status: 'enabled' | 'failing';
  created: Date;
  deleted: boolean;
}

/** One attempt at delivering an event to an endpoint, as recorded. */
export interface DeliveryAttemptRecord {
  eventId: string;
  eventType: EventType;
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

interface Row {
  id: string;
  account_id: number;
  via_account_id: number | null;
  url: string;
  enabled_events: (EventType | '*')[];
  vault_key_id: string;
  sealed_secret: string;
  previous_vault_key_id: string | null;
  previous_sealed: string | null;
  previous_until: Date | null;
  status: 'enabled' | 'failing';
  created_at: Date;
  deleted_at: Date | null;
}

const toRecord = (row: Row): WebhookEndpointRecord => ({
  id: row.id,
  scope: { accountId: row.account_id, viaAccountId: row.via_account_id },
  url: row.url,
  enabledEvents: row.enabled_events,
  vaultKeyId: row.vault_key_id,
  sealedSecret: row.sealed_secret,
  previousVaultKeyId: row.previous_vault_key_id,
  previousSealed: row.previous_sealed,
  previousUntil: row.previous_until ? new Date(row.previous_until) : null,
  status: row.status,
  created: new Date(row.created_at),
  deleted: row.deleted_at !== null,
});

const IN_SCOPE = 'account_id = $1 AND COALESCE(via_account_id, 0) = $2 AND deleted_at IS NULL';

/** Webhook endpoints of each scope, and what was tried for them. */
export function webhookEndpointStore(sql: Sql) {
  return {
    async insert(endpoint: Omit<WebhookEndpointRecord, 'deleted' | 'status'>): Promise<void> {
      await sql.query(
        `INSERT INTO webhook_endpoints (id, account_id, via_account_id, url, enabled_events, vault_key_id,
           sealed_secret, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          endpoint.id,
          endpoint.scope.accountId,
          endpoint.scope.viaAccountId,
          endpoint.url,
          endpoint.enabledEvents,
          endpoint.vaultKeyId,
          endpoint.sealedSecret,
          endpoint.created,
        ],
      );
    },
    /** A live endpoint of the scope; another scope's, or a deleted one, is not found. */
    async find(id: string, scope: Scope): Promise<WebhookEndpointRecord | null> {
      const [row] = await sql.query<Row>(`SELECT * FROM webhook_endpoints WHERE id = $3 AND ${IN_SCOPE}`, [
        scope.accountId,
        scope.viaAccountId ?? 0,
        id,
      ]);
      return row ? toRecord(row) : null;
    },
    /** An endpoint by id whatever its scope, deleted ones too: what the delivery runner sends to. */
    async forDelivery(id: string): Promise<WebhookEndpointRecord | null> {
      const [row] = await sql.query<Row>('SELECT * FROM webhook_endpoints WHERE id = $1', [id]);
      return row ? toRecord(row) : null;
    },
    async list(scope: Scope): Promise<WebhookEndpointRecord[]> {
      const rows = await sql.query<Row>(`SELECT * FROM webhook_endpoints WHERE ${IN_SCOPE} ORDER BY created_at, id`, [
        scope.accountId,
        scope.viaAccountId ?? 0,
      ]);
      return rows.map(toRecord);
    },
    /** Deletes a live endpoint of the scope; its pending deliveries are dropped (the events stay). */
    async delete(id: string, scope: Scope, at: Date): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE webhook_endpoints SET deleted_at = $4 WHERE id = $3 AND ${IN_SCOPE} RETURNING id`,
          [scope.accountId, scope.viaAccountId ?? 0, id, at],
        );
        if (!rows.length) return false;
        await tx.query(
          `UPDATE deliveries SET state = 'failed', finished_at = $2
            WHERE channel = 'webhook' AND target = $1 AND state = 'pending'`,
          [id, at],
        );
        return true;
      });
    },
    /** A new secret; the current one keeps signing beside it until `previousUntil`. */
    async rotate(
      id: string,
      scope: Scope,
      secret: { vaultKeyId: string; sealedSecret: string },
      previousUntil: Date,
    ): Promise<WebhookEndpointRecord | null> {
      const [row] = await sql.query<Row>(
        `UPDATE webhook_endpoints SET previous_vault_key_id = vault_key_id, previous_sealed = sealed_secret,
                previous_until = $6, vault_key_id = $4, sealed_secret = $5
          WHERE id = $3 AND ${IN_SCOPE} RETURNING *`,
        [scope.accountId, scope.viaAccountId ?? 0, id, secret.vaultKeyId, secret.sealedSecret, previousUntil],
      );
      return row ? toRecord(row) : null;
    },
    async setStatus(id: string, status: 'enabled' | 'failing'): Promise<void> {
      await sql.query('UPDATE webhook_endpoints SET status = $2 WHERE id = $1 AND status <> $2', [id, status]);
    },
    /** The endpoint's delivery attempts, newest first. */
    async attempts(id: string, limit: number, offset: number): Promise<DeliveryAttemptRecord[]> {
      const rows = await sql.query<DeliveryAttemptRecord>(
        `SELECT e.id AS "eventId", e.type AS "eventType", a.attempted_at AS "attemptedAt",
                a.duration_ms AS "durationMs", a.status_code AS "statusCode", a.error
           FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id JOIN events e ON e.seq = d.event_seq
          WHERE d.channel = 'webhook' AND d.target = $1
          ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
        [id, limit, offset],
      );
      return rows.map((row) => ({ ...row, attemptedAt: new Date(row.attemptedAt) }));
    },
  };
}

export type WebhookEndpointStore = ReturnType<typeof webhookEndpointStore>;
