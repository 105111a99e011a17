import type { Token } from '../payments/model.js';
import { batcher } from './batcher.js';
import { eventColumns, fanOut, insertingEvents, type NewEvent } from './events-table.js';
import { couldBeId } from './ids.js';
import type { Sql } from './sql.js';
import type { Scope } from './types.js';

export const TOKEN_COLUMNS = `id, account_id, via_account_id, payer, email_address AS "emailAddress", attribute_values AS "attributeValues",
  transaction_type AS "transactionType", masked_account_number AS "maskedAccountNumber", last_four AS "lastFour",
  expiration_month AS "expirationMonth", expiration_year AS "expirationYear", account_type AS "accountType",
  vault_key_id AS "vaultKeyId", sealed, created_at AS created, funding, fee_quote AS "feeQuote"`;

export type TokenRow = Omit<Token, 'scope'> & { account_id: number; via_account_id: number | null };

/** A card token stored before card funding (migration 13) reads as unknown. */
const fundingOf = (row: TokenRow): Token['funding'] =>
  row.funding ?? (row.transactionType === 'Ach' ? null : 'unknown');

/**
 * The token of a row of TOKEN_COLUMNS, read by this store or as JSON by another statement that
 * reads a token with its own rows (schedules-table.ts's `claimDue`: its time as text then).
 */
export function toToken(row: TokenRow): Token {
  const { account_id, via_account_id, ...token } = row;
  return {
    ...token,
    created: new Date(token.created),
    funding: fundingOf(row),
    attributeValues: { ...token.attributeValues },
    scope: { accountId: account_id, viaAccountId: via_account_id },
  };
}

/**
 * Tokens, their events and the events' deliveries (the outbox, events-table.ts) in one statement:
 * atomic on its own, so no token is stored without its event, nor an event without its token; and
 * one round trip and one commit for all the tokens of a batch.
 */
const TOKEN_INSERT = `WITH t AS (
    INSERT INTO tokens (id, account_id, via_account_id, payer, email_address, attribute_values, transaction_type,
      masked_account_number, last_four, expiration_month, expiration_year, account_type, vault_key_id, sealed, created_at, funding, fee_quote)
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::json[], $7::text[], $8::text[], $9::text[],
      $10::int[], $11::int[], $12::text[], $13::text[], $14::text[], $15::timestamptz[], $16::text[], $17::jsonb[])),
  ev AS (${insertingEvents(18)})
  ${fanOut('ev')}`;

/** A token to store, and the event that tells of it (none for a test's token stored directly). */
interface NewToken {
  token: Token;
  event: NewEvent | null;
}

/** The 17 token columns of TOKEN_INSERT, one array each, then its 8 event columns, for a batch. */
function tokenColumns(batch: NewToken[]): unknown[][] {
  const tokens = batch.map((item) => item.token);
  const events = batch.flatMap((item) => (item.event ? [item.event] : []));
  const column = (value: (token: Token) => unknown) => tokens.map(value);
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
    column((t) => t.funding),
    column((t) => (t.feeQuote ? JSON.stringify(t.feeQuote) : null)),
    ...eventColumns(events),
  ];
}

/** What a failed statement threw, as an Error to rethrow to its caller. */
const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

/** The token vault's table: readable fields beside the sealed payment details. */
export function tokenStore(sql: Sql) {
  // Under load, token reads and writes that arrive together share one statement (batcher.ts).
  const liveTokens = batcher(async (ids: string[]) => {
    const rows = await sql.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM tokens WHERE id = ANY($1::text[]) AND deleted_at IS NULL`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  const storeTokens = batcher(async (batch: NewToken[]): Promise<(Error | null)[]> => {
    try {
      await sql.query(TOKEN_INSERT, tokenColumns(batch));
      return batch.map(() => null);
    } catch (error) {
      if (batch.length === 1) return [asError(error)];
      // One statement stores all or none: find the row at fault, and store its neighbours.
      return Promise.all(
        batch.map((item) =>
          sql.query(TOKEN_INSERT, tokenColumns([item])).then(
            () => null,
            (failure: unknown) => asError(failure),
          ),
        ),
      );
    }
  });

  return {
    /**
     * Stores a token with the event that tells of it, if any, and the event's deliveries; resolves
     * once they are committed (or written, inside a transaction). Tokens inserted together share one
     * statement (batcher.ts).
     * @example await repository.tokens.insert(token, tokenCreatedEvent(token, token.created));
     */
    async insert(token: Token, event: NewEvent | null = null): Promise<void> {
      const failure = await storeTokens({ token, event });
      if (failure) throw failure;
    },
    /** The live token with this id in this scope; another scope's, or a deleted one, is `null`. */
    async find(id: string, scope: Scope): Promise<Token | null> {
      const row = couldBeId(id) ? await liveTokens(id) : null;
      if (!row || row.account_id !== scope.accountId || row.via_account_id !== scope.viaAccountId) return null;
      return toToken(row);
    },
    /**
     * Marks the token deleted and erases its encrypted details, and writes `event` (if any) and its
     * deliveries only when it did, in one statement; false when there was no such live token.
     * @example await repository.tokens.delete(id, scope, tokenDeletedEvent(id, scope, now));
     */
    async delete(id: string, scope: Scope, event: NewEvent | null = null): Promise<boolean> {
      if (!couldBeId(id)) return false;
      const rows = await sql.query(
        `WITH t AS (
           UPDATE tokens SET deleted_at = now(), sealed = NULL, vault_key_id = NULL
           WHERE id = $1 AND account_id = $2 AND via_account_id IS NOT DISTINCT FROM $3 AND deleted_at IS NULL RETURNING id),
         ev AS (${insertingEvents(4, 'EXISTS (SELECT 1 FROM t)')}),
         d AS (${fanOut('ev')})
         SELECT id FROM t`,
        [id, scope.accountId, scope.viaAccountId, ...eventColumns(event ? [event] : [])],
      );
      return rows.length > 0;
    },
  };
}

export type TokenStore = ReturnType<typeof tokenStore>;
