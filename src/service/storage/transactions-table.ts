import type { TransactionEvent } from '../../shared/wire.js';
import {
  cents,
  type Cents,
  type NewTransaction,
  type PaymentMethodKey,
  type Transaction,
  type TransactionEventRecord,
  type TransactionMoney,
} from '../payments/model.js';
import type { TransactionState } from '../payments/lifecycle.js';
import { couldBeId } from './ids.js';
import { inStates, STATE_CONDITIONS } from './transaction-states.js';
import type { Sql } from './sql.js';
import { fanOut, FANNED_OUT, STORED_CREATED, STORED_ID, type EventOfInsert } from './events-table.js';
import type { Scope } from './types.js';

const COLUMNS = `t.id, t.public_id AS "publicId", t.account_id, t.via_account_id, t.authorization_id AS "authorizationId",
  t.token_id AS "tokenId", t.payer, t.email_address AS "emailAddress", t.attribute_values AS "attributeValues", t.comments,
  t.send_receipt AS "sendReceipt", t.payer_locale AS "payerLocale", t.ip_address AS "ipAddress", t.transaction_type AS "transactionType",
  t.masked_account_number AS "maskedAccountNumber", t.payment_method_fingerprint AS "paymentMethodFingerprint", t.amount_cents AS amount, t.payer_fee_cents AS "payerFee", t.fee_cents AS fee,
  t.net_amount_cents AS "netAmount", t.initiating_party_fee_cents AS "initiatingPartyFee", t.payer_fee_mode AS "payerFeeMode",
  t.payment_response_code AS "paymentResponseCode", t.authorized_amount_cents AS "authorizedAmount",
  t.authorization_expires_at AS "authorizationExpires", t.captured_at AS "capturedAt", t.created_at AS created,
  t.batch_id AS "batchId", t.original_transaction_id AS "originalTransactionId", t.voided_at AS "voidedAt",
  t.funding, t.fee_program AS "feeProgram", t.principal_transaction_id AS "principalTransactionId",
  (SELECT COALESCE(-sum(r.amount_cents), 0)::integer FROM transactions r
    WHERE r.original_transaction_id = t.id AND r.payment_response_code = 'Success') AS "refundedAmount",
  (SELECT f.id FROM transactions f WHERE f.principal_transaction_id = t.id LIMIT 1) AS "feeTransactionId",
  COALESCE((SELECT json_agg(json_build_object('eventType', e.event_type, 'eventDate', e.event_date, 'comments', e.comments) ORDER BY e.id)
            FROM transaction_events e WHERE e.transaction_id = t.id), '[]') AS events`;

/** A `Transaction`'s fields as the database gives them: cents as plain numbers. */
type Row = {
  [K in keyof Omit<Transaction, 'scope' | 'events'>]: Transaction[K] extends Cents
    ? number
    : Transaction[K] extends Cents | null
      ? number | null
      : Transaction[K];
} & {
  account_id: number;
  via_account_id: number | null;
  events: { eventType: TransactionEvent['eventType']; eventDate: string; comments: string | null }[];
};

/** A row as the domain's `Transaction`: its money as `Cents`, its scope, its events' dates. */
const toTransaction = ({ account_id, via_account_id, events, ...row }: Row): Transaction => ({
  ...row,
  amount: cents(row.amount),
  payerFee: cents(row.payerFee),
  fee: cents(row.fee),
  netAmount: cents(row.netAmount),
  initiatingPartyFee: cents(row.initiatingPartyFee),
  authorizedAmount: row.authorizedAmount === null ? null : cents(row.authorizedAmount),
  refundedAmount: cents(row.refundedAmount),
  scope: { accountId: account_id, viaAccountId: via_account_id },
  events: events.map((event): TransactionEventRecord => ({ ...event, eventDate: new Date(event.eventDate) })),
});

/** What a transition changes besides the state (`transition`): each given field is set. */
export interface TransactionChange {
  money?: TransactionMoney;
  capturedAt?: Date;
  voidedAt?: Date;
  comments?: string | null;
  event: TransactionEventRecord;
  /** A guard, not a change: the row moves only if its authorization has not expired at this time. */
  unexpiredAt?: Date;
}

const IN_SCOPE = 't.account_id = $2 AND t.via_account_id IS NOT DISTINCT FROM $3';

/** The queries of the transactions table, on the database or inside one of its transactions. */
function queriesOn(sql: Sql) {
  async function findWhere(condition: string, params: unknown[], on: Sql = sql): Promise<Transaction | null> {
    const [row] = await on.query<Row>(`SELECT ${COLUMNS} FROM transactions t WHERE ${condition}`, params);
    return row ? toTransaction(row) : null;
  }

  const find = async (id: string, scope: Scope) =>
    !couldBeId(id)
      ? null
      : findWhere(`${/^\d{1,9}$/.test(id) ? 't.id = $1::integer' : 't.public_id = $1'} AND ${IN_SCOPE}`, [
          id,
          scope.accountId,
          scope.viaAccountId,
        ]);

  return {
    /**
     * Stores a transaction and its events in one statement (atomic on its own, one round trip).
     * The statement cannot read back what it wrote, so the stored form is built from the input.
     */
    async insert(transaction: NewTransaction, event?: EventOfInsert): Promise<Transaction> {
      const t = transaction;
      const [row] = await sql.query<{ id: number; created: Date }>(
        `WITH t AS (
           INSERT INTO transactions (public_id, account_id, via_account_id, authorization_id, token_id, payer, email_address, attribute_values,
             comments, send_receipt, ip_address, transaction_type, masked_account_number, amount_cents, payer_fee_cents, fee_cents,
             net_amount_cents, initiating_party_fee_cents, payer_fee_mode, payment_response_code, authorized_amount_cents, authorization_expires_at, original_transaction_id,
             payment_method_fingerprint, funding, fee_program, principal_transaction_id, payer_locale)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $24, $25, $32, $33, $34, $35)
           RETURNING id, created_at),
         e AS (
           INSERT INTO transaction_events (transaction_id, event_type, event_date, comments)
           SELECT t.id, e.event_type, e.event_date, e.comments
           FROM t, json_to_recordset($23::json) AS e(event_type text, event_date timestamptz, comments text)),
         -- Its outbox event, when given: the id and creation time put into the body (events-table.ts).
         ev AS (
           INSERT INTO events (id, account_id, via_account_id, type, object_id, body, created_at, receipt)
           SELECT $26, $2, $3, $27, $1,
                  replace(replace($28, $30, t.id::text), $31,
                          '"' || to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'),
                  $29, $36::json
             FROM t WHERE $26::text IS NOT NULL
           RETURNING ${FANNED_OUT}),
         d AS (${fanOut('ev')})
         SELECT id, created_at AS created FROM t`,
        [
          t.publicId,
          t.scope.accountId,
          t.scope.viaAccountId,
          t.authorizationId,
          t.tokenId,
          t.payer,
          t.emailAddress,
          JSON.stringify(t.attributeValues),
          t.comments,
          t.sendReceipt,
          t.ipAddress,
          t.transactionType,
          t.maskedAccountNumber,
          t.amount,
          t.payerFee,
          t.fee,
          t.netAmount,
          t.initiatingPartyFee,
          t.payerFeeMode,
          t.paymentResponseCode,
          t.authorizedAmount,
          t.authorizationExpires,
          JSON.stringify(
            t.events.map((event) => ({
              event_type: event.eventType,
              event_date: event.eventDate.toISOString(),
              comments: event.comments,
            })),
          ),
          t.originalTransactionId,
          t.paymentMethodFingerprint,
          event?.id ?? null,
          event?.type ?? null,
          event?.body ?? null,
          event?.created ?? null,
          JSON.stringify(STORED_ID),
          JSON.stringify(STORED_CREATED),
          t.funding,
          t.feeProgram,
          t.principalTransactionId,
          t.payerLocale,
          event?.receipt ? JSON.stringify(event.receipt) : null,
        ],
      );
      const { id, created } = row as { id: number; created: Date };
      return {
        ...t,
        id,
        created,
        capturedAt: null,
        batchId: null,
        voidedAt: null,
        refundedAmount: cents(0),
        feeTransactionId: null,
      };
    },
    /**
     * The newest approved sale in this scope charging `method` exactly `amountCents` in the last `windowMinutes`
     * (by the database's clock, which stamped them):
     * the earlier payment a new one would duplicate (docs/api.md#duplicate-protection). A sale stored
     * before fingerprints (migration 11) matches by its token only: its last four cannot tell cards apart.
     */
    lastApprovedSale: async (
      scope: Scope,
      method: PaymentMethodKey,
      amountCents: number,
      windowMinutes: number,
    ): Promise<{ id: number; created: Date } | null> =>
      (
        await sql.query<{ id: number; created: Date }>(
          `SELECT t.id, t.created_at AS created FROM transactions t
           WHERE ${IN_SCOPE} AND t.amount_cents = $1 AND t.created_at >= now() - make_interval(mins => $4)
             AND t.payment_response_code = 'Success' AND t.authorization_id IS NULL
             AND t.principal_transaction_id IS NULL
             AND (t.payment_method_fingerprint = $5
                  OR (t.payment_method_fingerprint IS NULL AND $6::text IS NOT NULL AND t.token_id = $6))
           ORDER BY t.created_at DESC LIMIT 1`,
          [amountCents, scope.accountId, scope.viaAccountId, windowMinutes, method.fingerprint, method.tokenId],
        )
      )[0] ?? null,
    /** By the numeric id or the `txn_…` public id, in this scope. */
    find,
    /**
     * The scope's payments (sales and captures) approved, not voided, whose money was taken in
     * [from, to): a capture when it was captured, a sale when it was made; oldest first.
     */
    paymentsTakenBetween: async (scope: Scope, from: Date, to: Date): Promise<Transaction[]> =>
      (
        await sql.query<Row>(
          `SELECT ${COLUMNS} FROM transactions t
           WHERE t.account_id = $1 AND t.via_account_id IS NOT DISTINCT FROM $2
             AND ${inStates([
               { kind: 'Payment', state: 'Captured' },
               { kind: 'Payment', state: 'Settled' },
             ])}
             AND COALESCE(t.captured_at, t.created_at) >= $3 AND COALESCE(t.captured_at, t.created_at) < $4
           ORDER BY COALESCE(t.captured_at, t.created_at), t.id`,
          [scope.accountId, scope.viaAccountId, from, to],
        )
      ).map(toTransaction),
    findAuthorization: async (authorizationId: string, scope: Scope) =>
      !couldBeId(authorizationId)
        ? null
        : findWhere(`t.authorization_id = $1 AND ${IN_SCOPE}`, [authorizationId, scope.accountId, scope.viaAccountId]),
    /**
     * Locks a transaction of this scope until the surrounding database transaction ends (SELECT … FOR
     * UPDATE), so reversals of it run one at a time; call it inside `Repository.transaction`.
     */
    async lock(id: string, scope: Scope): Promise<Transaction | null> {
      const found = await find(id, scope);
      if (!found) return null;
      await sql.query('SELECT id FROM transactions WHERE id = $1 FOR UPDATE', [found.id]);
      // Read again after the lock: a reversal that held it may have changed the row.
      return findWhere('t.id = $1', [found.id]);
    },
    /**
     * Moves a transaction from the state the domain read to the one it decided
     * (src/service/payments/lifecycle.ts), with the changes and the event that go with it. A
     * compare-and-set: the row is updated only while it is still in `from`, so of two racing
     * operations one wins; null for the other. The rules are the domain's; this only guards.
     */
    transition: (
      transactionId: number,
      states: { from: TransactionState; to: TransactionState },
      change: TransactionChange,
    ): Promise<Transaction | null> =>
      sql.transaction(async (tx) => {
        const params: unknown[] = [transactionId];
        const set = (column: string, value: unknown) => `${column} = $${params.push(value)}`;
        const { money } = change;
        const assignments = [
          ...(money
            ? [
                set('amount_cents', money.amount),
                set('payer_fee_cents', money.payerFee),
                set('fee_cents', money.fee),
                set('net_amount_cents', money.netAmount),
                set('initiating_party_fee_cents', money.initiatingPartyFee),
                set('payer_fee_mode', money.payerFeeMode),
              ]
            : []),
          ...(change.capturedAt ? [set('captured_at', change.capturedAt)] : []),
          ...(change.voidedAt ? [set('voided_at', change.voidedAt)] : []),
          ...(change.comments ? [set('comments', change.comments)] : []),
        ];
        if (!assignments.length) throw new Error('A transition changes the row: give it money or a date.');
        const unexpired = change.unexpiredAt
          ? ` AND t.authorization_expires_at > $${params.push(change.unexpiredAt)}`
          : '';
        const updated = await tx.query(
          `UPDATE transactions t SET ${assignments.join(', ')}
           WHERE t.id = $1 AND ${STATE_CONDITIONS[states.from]}${unexpired} RETURNING t.id`,
          params,
        );
        if (!updated.length) return null;
        const { event } = change;
        await tx.query(
          'INSERT INTO transaction_events (transaction_id, event_type, event_date, comments) VALUES ($1, $2, $3, $4)',
          [transactionId, event.eventType, event.eventDate, event.comments],
        );
        const moved = await findWhere(`t.id = $1 AND ${STATE_CONDITIONS[states.to]}`, [transactionId], tx);
        if (!moved) throw new Error(`Transaction ${transactionId} did not reach ${states.to} from ${states.from}.`);
        return moved;
      }),
    /** Adds an event to a stored transaction (a Refund on the original). */
    addEvent: async (transactionId: number, eventType: 'Refund', at: Date, comments: string | null): Promise<void> => {
      await sql.query(
        'INSERT INTO transaction_events (transaction_id, event_type, event_date, comments) VALUES ($1, $2, $3, $4)',
        [transactionId, eventType, at, comments],
      );
    },
    /** A transaction by its numeric id, whatever its scope (for a batch's own rows). */
    byId: (transactionId: number) => findWhere('t.id = $1', [transactionId]),
  };
}

/** What can be read and written inside `serialized`'s transaction. */
export type TransactionQueries = ReturnType<typeof queriesOn>;

/** The transactions table and its events: sales, authorizations and their captures. */
export function transactionStore(sql: Sql) {
  return {
    ...queriesOn(sql),
    /**
     * Runs `work` in one database transaction that holds a lock on `key` until it ends: two sales of
     * the same payment method and amount are checked and stored one after the other, never both
     * checked before either is stored.
     */
    serialized: <T>(key: string, work: (store: TransactionQueries) => Promise<T>): Promise<T> =>
      sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        return work(queriesOn(tx));
      }),
  };
}

export type TransactionStore = ReturnType<typeof transactionStore>;

/** For other stores of this folder that read whole transactions (transaction-search.ts). */
export { COLUMNS as TRANSACTION_COLUMNS, toTransaction, type Row as TransactionRow };
