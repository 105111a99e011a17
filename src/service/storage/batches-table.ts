import { isId } from '../../shared/validators/ids.js';
import type { Sql } from './sql.js';
import { SETTLING_CONDITION } from './transaction-states.js';
import { cents, type Batch, type Transaction } from '../payments/model.js';
import { TRANSACTION_COLUMNS, toTransaction, type TransactionRow } from './transactions-table.js';
import type { Scope } from './types.js';
import { insertEvent, type NewEvent } from './events-table.js';

/** The event a closed batch records in its own database transaction, if any (events/record.ts). */
export type BatchEvent = (batch: Batch) => NewEvent | null;

const BATCH_COLUMNS = `b.id, b.account_id, b.via_account_id, b.created_at AS created,
  b.number_of_credits AS "numberOfCredits", b.total_of_credits_cents::integer AS "totalOfCredits",
  b.number_of_debits AS "numberOfDebits", b.total_of_debits_cents::integer AS "totalOfDebits", b.currency`;

type BatchRow = Omit<Batch, 'scope' | 'totalOfCredits' | 'totalOfDebits'> & {
  account_id: number;
  via_account_id: number | null;
  totalOfCredits: number;
  totalOfDebits: number;
};

/** A row as the domain's `Batch`: its totals as `Cents`. */
const toBatch = ({ account_id, via_account_id, ...row }: BatchRow): Batch => ({
  ...row,
  totalOfCredits: cents(row.totalOfCredits),
  totalOfDebits: cents(row.totalOfDebits),
  scope: { accountId: account_id, viaAccountId: via_account_id },
});

const IN_SCOPE = 'account_id = $1 AND COALESCE(via_account_id, 0) = $2';

/**
 * A batch id as the database holds it, from the text of a path or a query: a whole number of up to
 * 9 digits without leading zeros (src/shared/validators/ids.ts), else null (no batch has that id).
 * @example batchIdOf('17') // 17; batchIdOf('017') // null; batchIdOf('batch_17') // null
 */
export const batchIdOf = (text: string): number | null => (isId('batch', text) ? Number(text) : null);

/**
 * Settles the scope's rows that a batch takes in (SETTLING_CONDITION: the domain's SETTLE table), made
 * before `before` when given, in a new batch dated `at`, inside the caller's database transaction.
 */
async function settleIn(tx: Sql, scope: Scope, at: Date, before: Date | null, eventOf?: BatchEvent): Promise<Batch> {
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO batches (account_id, via_account_id, number_of_credits, total_of_credits_cents,
             number_of_debits, total_of_debits_cents, created_at) VALUES ($1, $2, 0, 0, 0, 0, $3) RETURNING id`,
    [scope.accountId, scope.viaAccountId, at],
  );
  const batchId = (created as { id: number }).id;
  const settled = await tx.query<{ id: number; amount_cents: number }>(
    `UPDATE transactions t SET batch_id = $3
           WHERE ${IN_SCOPE} AND ${SETTLING_CONDITION}
             AND ($4::timestamptz IS NULL OR COALESCE(t.captured_at, t.created_at) < $4)
           RETURNING t.id, t.amount_cents`,
    [scope.accountId, scope.viaAccountId ?? 0, batchId, before],
  );
  const debits = settled.filter((row) => row.amount_cents > 0);
  const credits = settled.filter((row) => row.amount_cents < 0);
  const sum = (rows: { amount_cents: number }[]) => rows.reduce((total, row) => total + Math.abs(row.amount_cents), 0);
  if (settled.length)
    await tx.query(
      `INSERT INTO transaction_events (transaction_id, event_type, event_date)
             SELECT id, 'Settle', $2 FROM unnest($1::integer[]) AS id ORDER BY id`,
      [settled.map((row) => row.id), at],
    );
  const [batch] = await tx.query<BatchRow>(
    `UPDATE batches b SET number_of_credits = $2, total_of_credits_cents = $3, number_of_debits = $4,
             total_of_debits_cents = $5 WHERE b.id = $1 RETURNING ${BATCH_COLUMNS}`,
    [batchId, credits.length, sum(credits), debits.length, sum(debits)],
  );
  const closed = toBatch(batch as BatchRow);
  const event = eventOf?.(closed);
  if (event) await insertEvent(tx, event);
  return closed;
}

/** Settlement batches and the transactions they settled. */
export function batchStore(sql: Sql) {
  return {
    /**
     * Closes the scope's open batch in one database transaction: every approved, unvoided, unsettled
     * payment or refund (open authorizations excepted) gets the new batch's id and a Settle event.
     * The UPDATE takes each row's lock and re-checks `batch_id IS NULL`, so two settlements at once
     * never settle a row twice (the second gets the rows the first left, or none).
     */
    settle: (scope: Scope, at: Date, eventOf?: BatchEvent): Promise<Batch> =>
      sql.transaction((tx) => settleIn(tx, scope, at, null, eventOf)),
    /**
     * Closes every scope's batch at a daily cut-off, once: the cut-off is recorded in
     * `settlement_cutoffs` (its primary key) in the same database transaction, so of several processes
     * only the first settles, and a crash leaves neither the record nor the batches. Only rows made
     * before the cut-off are settled; each batch is dated at it. Null: already closed.
     */
    /** The latest cut-off closed so far, or null when none has been. */
    async lastCutoff(): Promise<Date | null> {
      const [row] = await sql.query<{ last: Date | null }>('SELECT max(cutoff_at) AS last FROM settlement_cutoffs');
      return row?.last ? new Date(row.last) : null;
    },
    closeCutoff: (cutoff: Date, eventOf?: BatchEvent): Promise<number | null> =>
      sql.transaction(async (tx) => {
        const claimed = await tx.query(
          'INSERT INTO settlement_cutoffs (cutoff_at) VALUES ($1) ON CONFLICT (cutoff_at) DO NOTHING RETURNING cutoff_at',
          [cutoff],
        );
        if (!claimed.length) return null;
        const scopes = await tx.query<{ account_id: number; via_account_id: number | null }>(
          `SELECT DISTINCT t.account_id, t.via_account_id FROM transactions t
           WHERE ${SETTLING_CONDITION} AND COALESCE(t.captured_at, t.created_at) < $1
           ORDER BY t.account_id, t.via_account_id`,
          [cutoff],
        );
        for (const row of scopes)
          await settleIn(tx, { accountId: row.account_id, viaAccountId: row.via_account_id }, cutoff, cutoff, eventOf);
        await tx.query('UPDATE settlement_cutoffs SET batches = $2 WHERE cutoff_at = $1', [cutoff, scopes.length]);
        return scopes.length;
      }),
    /** One page of the scope's batches, newest first, and how many there are. */
    async list(scope: Scope, limit: number, offset: number): Promise<{ batches: Batch[]; totalRecords: number }> {
      const rows = await sql.query<BatchRow>(
        `SELECT ${BATCH_COLUMNS} FROM batches b WHERE ${IN_SCOPE.replace(/(\w+_id)/g, 'b.$1')}
         ORDER BY b.created_at DESC, b.id DESC LIMIT $3 OFFSET $4`,
        [scope.accountId, scope.viaAccountId ?? 0, limit, offset],
      );
      const [count] = await sql.query<{ total: number }>(
        `SELECT count(*)::integer AS total FROM batches WHERE ${IN_SCOPE}`,
        [scope.accountId, scope.viaAccountId ?? 0],
      );
      return { batches: rows.map(toBatch), totalRecords: count?.total ?? 0 };
    },
    /** A batch of this scope by its id's text, or null (another account's batch is not found). */
    async find(text: string, scope: Scope): Promise<Batch | null> {
      const id = batchIdOf(text);
      if (id === null) return null;
      const [row] = await sql.query<BatchRow>(
        `SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.id = $3 AND ${IN_SCOPE.replace(/(\w+_id)/g, 'b.$1')}`,
        [scope.accountId, scope.viaAccountId ?? 0, id],
      );
      return row ? toBatch(row) : null;
    },
    /** One page of a batch's transactions, in the order they were made, and how many it has. */
    async transactions(
      batchId: number,
      limit: number,
      offset: number,
    ): Promise<{ transactions: Transaction[]; totalRecords: number }> {
      const rows = await sql.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE t.batch_id = $1 ORDER BY t.created_at, t.id LIMIT $2 OFFSET $3`,
        [batchId, limit, offset],
      );
      const [count] = await sql.query<{ total: number }>(
        'SELECT count(*)::integer AS total FROM transactions WHERE batch_id = $1',
        [batchId],
      );
      return { transactions: rows.map(toTransaction), totalRecords: count?.total ?? 0 };
    },
  };
}

export type BatchStore = ReturnType<typeof batchStore>;
