import type { TransactionSearchType } from '../../shared/transaction-search.js';
import type { Sql } from './sql.js';
import {
  TRANSACTION_COLUMNS,
  toStoredTransaction,
  type StoredTransaction,
  type TransactionRow,
} from './transactions.js';
import type { Scope } from './types.js';

/** What a search asks the database: the filters (each null when not given), the scope and the slice. */
export interface SearchCriteria {
  scope: Scope;
  from: Date;
  until: Date | null;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  lastFour: string | null;
  payerName: string | null;
  batchId: string | null;
  searchType: TransactionSearchType;
  limit: number;
  offset: number;
}

/** Which rows each search type lists: approved payments, declines, refunds (negative amounts). */
const SEARCH_TYPE_CONDITIONS: Record<TransactionSearchType, string> = {
  Processed: "t.payment_response_code = 'Success' AND t.amount_cents > 0",
  Rejected: "t.payment_response_code <> 'Success'",
  Refunds: 't.amount_cents < 0',
};

/**
 * `payerName` as a case-insensitive "contains" pattern: `%`, `_` and `\` in the name are matched as
 * themselves, never as LIKE wildcards.
 * @example containsPattern('50%_off') // '%50\\%\\_off%'
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Amounts compare by size (a refund of −40.00 is 40.00). On the column itself where the sign is known,
 * so PostgreSQL's statistics of amount_cents estimate how many match; abs() only for declines.
 */
function amountConditions(criteria: SearchCriteria, param: (value: unknown) => string): string[] {
  const { minAmountCents: min, maxAmountCents: max, searchType } = criteria;
  const conditions: string[] = [];
  if (searchType === 'Processed') {
    if (min !== null) conditions.push(`t.amount_cents >= ${param(min)}`);
    if (max !== null) conditions.push(`t.amount_cents <= ${param(max)}`);
  } else if (searchType === 'Refunds') {
    if (min !== null) conditions.push(`t.amount_cents <= ${param(-min)}`);
    if (max !== null) conditions.push(`t.amount_cents >= ${param(-max)}`);
  } else {
    if (min !== null) conditions.push(`abs(t.amount_cents) >= ${param(min)}`);
    if (max !== null) conditions.push(`abs(t.amount_cents) <= ${param(max)}`);
  }
  return conditions;
}

/**
 * The WHERE clause of a search and its parameters. Each filter adds its condition only when given, so
 * PostgreSQL plans each combination on its own; the scope and the time window come first, in the order
 * of the `transactions_search` index (account, impersonation, newest first), which also carries the
 * columns the filters read, so counting reads the index alone (docs/decisions.md, "Transaction search").
 */
function whereOf(criteria: SearchCriteria): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = [
    `t.account_id = ${param(criteria.scope.accountId)}`,
    // An equality, unlike IS NULL, lets the index's order serve ORDER BY (account ids start at 1).
    `COALESCE(t.via_account_id, 0) = ${param(criteria.scope.viaAccountId ?? 0)}`,
    `t.created_at >= ${param(criteria.from)}::timestamptz`,
    SEARCH_TYPE_CONDITIONS[criteria.searchType],
  ];
  if (criteria.until) conditions.push(`t.created_at < ${param(criteria.until)}::timestamptz`);
  conditions.push(...amountConditions(criteria, param));
  if (criteria.lastFour !== null) conditions.push(`right(t.masked_account_number, 4) = ${param(criteria.lastFour)}`);
  if (criteria.payerName !== null)
    // lower() LIKE lower(): the same matches as ILIKE, a quarter faster (docs/decisions.md, "Transaction search").
    conditions.push(`lower(t.payer) LIKE lower(${param(containsPattern(criteria.payerName))}) ESCAPE '\\'`);
  // batch_id arrives with settlement (migration 4); the condition is only written when the filter is.
  if (criteria.batchId !== null) conditions.push(`t.batch_id::text = ${param(criteria.batchId)}`);
  return { where: conditions.join(' AND '), params };
}

type SearchRow = TransactionRow & { total_records: number };

/** Searching the transactions table: one page and the exact number of matches. */
export function transactionSearchStore(sql: Sql) {
  return {
    /**
     * One statement, so the page and its total come from the same snapshot: the count over the index,
     * the page's ids from it (an offset into ids, not whole rows), then only those rows in full. The
     * count's row is always there, so a page past the end still says how many there are.
     */
    async search(criteria: SearchCriteria): Promise<{ transactions: StoredTransaction[]; totalRecords: number }> {
      const { where, params } = whereOf(criteria);
      const limit = `$${params.push(criteria.limit)}`;
      const offset = `$${params.push(criteria.offset)}`;
      const rows = await sql.query<SearchRow | { id: null; total_records: number }>(
        // The count's ORDER BY asks for the index's order, so PostgreSQL counts in the index alone
        // rather than scanning the table in parallel (a third of the time over 95 000 matches).
        `WITH matched AS (SELECT count(*)::integer AS total_records FROM
                           (SELECT FROM transactions t WHERE ${where} ORDER BY t.created_at DESC, t.id DESC) ordered),
              page AS (SELECT t.id, t.created_at FROM transactions t WHERE ${where}
                       ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset})
         SELECT matched.total_records, ${TRANSACTION_COLUMNS}
         FROM matched LEFT JOIN page ON true LEFT JOIN transactions t ON t.id = page.id
         ORDER BY page.created_at DESC, page.id DESC`,
        params,
      );
      return {
        totalRecords: rows[0]?.total_records ?? 0,
        transactions: rows.flatMap((row) => (row.id === null ? [] : [toStoredTransaction(row)])),
      };
    },
  };
}

export type TransactionSearchStore = ReturnType<typeof transactionSearchStore>;
