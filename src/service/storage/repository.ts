import type { FeeSchedules } from '../fees/schedule.js';
import type { TokenResponse } from '../../shared/wire.js';
import type { Sql } from './sql.js';
import { batcher } from './batcher.js';
import { transactionStore } from './transactions.js';

export interface Account {
  id: number;
  name: string;
  /** A system acts for its linked clients through their impersonation keys (spec §5.1). */
  kind: 'system' | 'client';
  apiKey: string;
  apiSecretHash: string;
  publicKey: string;
  impersonationKey: string | null;
  systemAccountId: number | null;
  feeSchedules: FeeSchedules;
  /** Browser origins allowed to use the public key; empty allows any. */
  allowedOrigins: string[];
}

export type NewAccount = Omit<Account, 'id'>;

/** Who a resource belongs to: the account it is booked to, and the system that acted for it, if any. */
export interface Scope {
  accountId: number;
  viaAccountId: number | null;
}

/** A token as stored: the response's readable fields, its owner, and its sealed details. */
export interface StoredToken extends Omit<TokenResponse, 'attributeValues' | 'created'> {
  scope: Scope;
  attributeValues: Record<string, string | number>;
  /** The encrypted payment details (vault.ts); null once deleted. */
  vaultKeyId: string | null;
  sealed: string | null;
  created: Date;
}

/** What an idempotency claim found (contract §5). */
export type Claim =
  | { state: 'claimed' }
  | { state: 'running' }
  | { state: 'mismatch' }
  | { state: 'done'; status: number; headers: Record<string, string>; body: unknown };

export interface IdempotencyKey {
  scope: Scope;
  operation: string;
  key: string;
}

const ACCOUNT_COLUMNS = `id, name, kind, api_key AS "apiKey", api_secret_hash AS "apiSecretHash", public_key AS "publicKey",
  impersonation_key AS "impersonationKey", system_account_id AS "systemAccountId", fee_schedules AS "feeSchedules",
  allowed_origins AS "allowedOrigins"`;

const TOKEN_COLUMNS = `id, account_id, via_account_id, payer, email_address AS "emailAddress", attribute_values AS "attributeValues",
  transaction_type AS "transactionType", masked_account_number AS "maskedAccountNumber", last_four AS "lastFour",
  expiration_month AS "expirationMonth", expiration_year AS "expirationYear", account_type AS "accountType",
  vault_key_id AS "vaultKeyId", sealed, created_at AS created`;

type TokenRow = Omit<StoredToken, 'scope'> & { account_id: number; via_account_id: number | null };

const TOKEN_INSERT = `INSERT INTO tokens (id, account_id, via_account_id, payer, email_address, attribute_values, transaction_type,
    masked_account_number, last_four, expiration_month, expiration_year, account_type, vault_key_id, sealed, created_at)
  SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::json[], $7::text[], $8::text[], $9::text[],
    $10::int[], $11::int[], $12::text[], $13::text[], $14::text[], $15::timestamptz[])`;

/** The 15 columns of TOKEN_INSERT, one array each, for a batch of tokens. */
function tokenColumns(tokens: StoredToken[]): unknown[][] {
  const column = (value: (token: StoredToken) => unknown) => tokens.map(value);
  return [
    column((t) => t.id),
    column((t) => t.scope.accountId),
    column((t) => t.scope.viaAccountId),
    column((t) => t.payer),
    column((t) => t.emailAddress),
    column((t) => JSON.stringify(t.attributeValues)),
    column((t) => t.transactionType),
    column((t) => t.maskedAccountNumber),
    column((t) => t.lastFour),
    column((t) => t.expirationMonth),
    column((t) => t.expirationYear),
    column((t) => t.accountType),
    column((t) => t.vaultKeyId),
    column((t) => t.sealed),
    column((t) => t.created),
  ];
}

/** How long an idempotency key holds (contract §5). */
const IDEMPOTENCY_HOURS = 24;

/** The service's storage, one implementation over any `Sql`. */
export function createRepository(sql: Sql) {
  const one = async <Row>(text: string, params: unknown[]): Promise<Row | null> =>
    (await sql.query<Row>(text, params))[0] ?? null;
  const accountBy = (column: string, value: string) =>
    one<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE ${column} = $1`, [value]);
  const via = (scope: Scope) => scope.viaAccountId ?? 0;

  // Under load, token reads and writes that arrive together share one statement (batcher.ts).
  const liveTokens = batcher(async (ids: string[]) => {
    const rows = await sql.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM tokens WHERE id = ANY($1::text[]) AND deleted_at IS NULL`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  const storeTokens = batcher(async (tokens: StoredToken[]): Promise<unknown[]> => {
    try {
      await sql.query(TOKEN_INSERT, tokenColumns(tokens));
      return tokens.map(() => null);
    } catch (error) {
      if (tokens.length === 1) return [error];
      // One statement stores all or none: find the row at fault, and store its neighbours.
      return Promise.all(
        tokens.map((token) =>
          sql.query(TOKEN_INSERT, tokenColumns([token])).then(
            () => null,
            (failure: unknown) => failure,
          ),
        ),
      );
    }
  });

  return {
    sql,
    accounts: {
      findByApiKey: (apiKey: string) => accountBy('api_key', apiKey),
      findByPublicKey: (publicKey: string) => accountBy('public_key', publicKey),
      findByImpersonationKey: (key: string) => accountBy('impersonation_key', key),
      findByName: (name: string) => accountBy('name', name),
      list: () => sql.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY id`),
      async create(account: NewAccount): Promise<Account> {
        const row = await one<Account>(
          `INSERT INTO accounts (name, kind, api_key, api_secret_hash, public_key, impersonation_key, system_account_id, fee_schedules, allowed_origins)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ACCOUNT_COLUMNS}`,
          [
            account.name,
            account.kind,
            account.apiKey,
            account.apiSecretHash,
            account.publicKey,
            account.impersonationKey,
            account.systemAccountId,
            JSON.stringify(account.feeSchedules),
            account.allowedOrigins,
          ],
        );
        return row as Account;
      },
      async setSecretHash(id: number, apiSecretHash: string): Promise<void> {
        await sql.query('UPDATE accounts SET api_secret_hash = $2 WHERE id = $1', [id, apiSecretHash]);
      },
    },
    tokens: {
      /** Resolves once the token is committed. */
      async insert(token: StoredToken): Promise<void> {
        const failure = await storeTokens(token);
        if (failure) throw failure;
      },
      /** The live token with this id in this scope; another scope's, or a deleted one, is `null`. */
      async find(id: string, scope: Scope): Promise<StoredToken | null> {
        const row = await liveTokens(id);
        if (!row || row.account_id !== scope.accountId || row.via_account_id !== scope.viaAccountId) return null;
        const { account_id, via_account_id, ...token } = row;
        return {
          ...token,
          attributeValues: { ...token.attributeValues },
          scope: { accountId: account_id, viaAccountId: via_account_id },
        };
      },
      /** Marks the token deleted and erases its encrypted details; false when there was none. */
      async delete(id: string, scope: Scope): Promise<boolean> {
        const rows = await sql.query(
          `UPDATE tokens SET deleted_at = now(), sealed = NULL, vault_key_id = NULL
           WHERE id = $1 AND account_id = $2 AND via_account_id IS NOT DISTINCT FROM $3 AND deleted_at IS NULL RETURNING id`,
          [id, scope.accountId, scope.viaAccountId],
        );
        return rows.length > 0;
      },
    },
    transactions: transactionStore(sql),
    idempotency: {
      /**
       * Claims a key in the database, so two requests racing with one key cannot both run:
       * the insert wins once; the loser reads what the winner stored (or that it is still running).
       */
      async claim({ scope, operation, key }: IdempotencyKey, requestHash: string): Promise<Claim> {
        const params = [scope.accountId, via(scope), operation, key];
        await sql.query(
          `DELETE FROM idempotency_keys WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4
             AND created_at < now() - interval '${IDEMPOTENCY_HOURS} hours'`,
          params,
        );
        const inserted = await sql.query(
          `INSERT INTO idempotency_keys (account_id, via_account_id, operation, key, request_hash) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT DO NOTHING RETURNING key`,
          [...params, requestHash],
        );
        if (inserted.length) return { state: 'claimed' };
        const row = await one<{
          requestHash: string;
          status: number | null;
          headers: Record<string, string> | null;
          body: unknown;
        }>(
          `SELECT request_hash AS "requestHash", status, headers, body FROM idempotency_keys
           WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4`,
          params,
        );
        if (!row) return this.claim({ scope, operation, key }, requestHash); // released between our insert and select
        if (row.requestHash !== requestHash) return { state: 'mismatch' };
        if (row.status === null) return { state: 'running' };
        return { state: 'done', status: row.status, headers: row.headers ?? {}, body: row.body };
      },
      async complete(
        { scope, operation, key }: IdempotencyKey,
        status: number,
        headers: Record<string, string>,
        body: unknown,
      ): Promise<void> {
        await sql.query(
          `UPDATE idempotency_keys SET status = $5, headers = $6, body = $7
           WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4`,
          [scope.accountId, via(scope), operation, key, status, JSON.stringify(headers), JSON.stringify(body)],
        );
      },
      /** Frees a key whose request failed unexpectedly, so a retry can run it. */
      async release({ scope, operation, key }: IdempotencyKey): Promise<void> {
        await sql.query(
          'DELETE FROM idempotency_keys WHERE account_id = $1 AND via_account_id = $2 AND operation = $3 AND key = $4 AND status IS NULL',
          [scope.accountId, via(scope), operation, key],
        );
      },
    },
    close: () => sql.close(),
  };
}

export type Repository = ReturnType<typeof createRepository>;
