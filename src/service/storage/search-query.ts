import type { TransactionSearchType } from '../../shared/transaction-search.js';
import { batchIdOf } from './batches-table.js';
import type { Sql } from './sql.js';
import { searchTypeConditions } from './transaction-states.js';
import type { Transaction } from '../payments/model.js';
import { TRANSACTION_COLUMNS, toTransaction, type TransactionRow } from './transactions-table.js';
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

/**
 * Which rows each search type lists: approved payments, declines, approved refunds (negative amounts),
 * generated from the domain's SEARCH_CLASSES (transaction-states.ts), as the `transaction_day_counts`
 * trigger (migration 5) sorts rows.
 */
const SEARCH_TYPE_CONDITIONS = searchTypeConditions();

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

/** A query's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  /** `$n` for `value`; an instant goes as text both databases read in any year (`sqlInstant`). */
  add = (value: unknown): string => `$${this.values.push(value instanceof Date ? sqlInstant(value) : value)}`;
}

/**
 * An instant as ISO text without the `+` that `toISOString()` puts before a year past 9999
 * (`+010000-01-01T…`), which the databases refuse: a search through 9999-12-31 ends there.
 */
const sqlInstant = (date: Date): string => `${utcDate(date.getTime())}${date.toISOString().slice(-14)}`;

/** The caller's scope and the search type: what every part of a search counts within. */
function scopeAndType(criteria: SearchCriteria, param: (value: unknown) => string): string[] {
  return [
    `t.account_id = ${param(criteria.scope.accountId)}`,
    // An equality, unlike IS NULL, lets the index's order serve ORDER BY (account ids start at 1).
    `COALESCE(t.via_account_id, 0) = ${param(criteria.scope.viaAccountId ?? 0)}`,
    SEARCH_TYPE_CONDITIONS[criteria.searchType],
  ];
}

/** Whether a search filters on more than its scope, type and time window. */
const hasFilters = (criteria: SearchCriteria): boolean =>
  [criteria.minAmountCents, criteria.maxAmountCents, criteria.lastFour, criteria.payerName, criteria.batchId].some(
    (filter) => filter !== null,
  );

/**
 * The matching rows (`id`, `created_at`, newest first) as a FROM item named `t`. Each filter adds its
 * condition only when given, so PostgreSQL plans each combination on its own; the scope and the time
 * window come first, in the order of the `transactions_search` index (account, impersonation, newest
 * first), which also carries the columns the filters read (docs/decisions/0118-transaction-search.md).
 */
function matchingRows(criteria: SearchCriteria, param: (value: unknown) => string, ordered = true): string {
  const conditions = [...scopeAndType(criteria, param), `t.created_at >= ${param(criteria.from)}::timestamptz`];
  if (criteria.until) conditions.push(`t.created_at < ${param(criteria.until)}::timestamptz`);
  conditions.push(...amountConditions(criteria, param));
  if (criteria.lastFour !== null) conditions.push(`right(t.masked_account_number, 4) = ${param(criteria.lastFour)}`);
  // Batch ids are whole numbers (migration 8): any other batchId matches nothing, and a number
  // compares as one, so the transactions_batch index serves it.
  if (criteria.batchId !== null) {
    const batchId = batchIdOf(criteria.batchId);
    conditions.push(batchId === null ? 'FALSE' : `t.batch_id = ${param(batchId)}`);
  }
  if (criteria.payerName !== null) conditions.push(`t.payer_name_id IN (${payerNamesLike(criteria, param)})`);
  return `(SELECT t.id, t.created_at FROM transactions t WHERE ${conditions.join(' AND ')}
           ${ordered ? 'ORDER BY t.created_at DESC, t.id DESC' : ''}) t`;
}

/**
 * The ids of the scope's distinct payer names (kept by trigger, migration 10) that contain
 * `payerName` in any case: the name test runs once per distinct name, not once per payment, and
 * the payments come from the `transactions_payer_search` index. `name` is `lower(payer)`, so
 * `name LIKE lower(pattern)` matches what `payer ILIKE pattern` would.
 */
function payerNamesLike(criteria: SearchCriteria, param: (value: unknown) => string): string {
  return `SELECT n.id FROM payer_names n WHERE n.account_id = ${param(criteria.scope.accountId)}
            AND n.via_key = ${param(criteria.scope.viaAccountId ?? 0)}
            AND n.name LIKE lower(${param(containsPattern(criteria.payerName ?? ''))}) ESCAPE '\\'`;
}

const DAY_MS = 86_400_000;
/**
 * The UTC date of `ms` as SQL reads it. Not `toISOString()`: from the year 10000 it writes `+010000-…`,
 * which the databases refuse (a window that starts on 9999-12-31 has its first midnight there).
 */
const utcDate = (ms: number) => {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
};

/**
 * The window in milliseconds and its whole UTC days: from the first midnight at or after `from` to the
 * last at or before `until` (null: the window is open-ended, and its days run on through today).
 */
function windowOf(criteria: SearchCriteria) {
  const from = criteria.from.getTime();
  const until = criteria.until?.getTime() ?? null;
  return {
    from,
    until,
    firstMidnight: Math.ceil(from / DAY_MS) * DAY_MS,
    lastMidnight: until === null ? null : Math.floor(until / DAY_MS) * DAY_MS,
  };
}

/** The matches from `start` until `end`, counted in the index, as a scalar subquery. */
const countInIndex = (criteria: SearchCriteria, param: (value: unknown) => string, start: number, end: number) =>
  `(SELECT count(*) FROM transactions t WHERE ${scopeAndType(criteria, param).join(' AND ')}
     AND t.created_at >= ${param(new Date(start))}::timestamptz AND t.created_at < ${param(new Date(end))}::timestamptz)`;

/** The `transaction_day_counts` rows (as `c`) of the window's whole days, as a WHERE clause. */
function wholeDayCounts(criteria: SearchCriteria, param: (value: unknown) => string): string {
  const { firstMidnight, lastMidnight } = windowOf(criteria);
  return `c.account_id = ${param(criteria.scope.accountId)} AND c.via_key = ${param(criteria.scope.viaAccountId ?? 0)}
    AND c.search_type = ${param(criteria.searchType)} AND c.day >= ${param(utcDate(firstMidnight))}::date
    ${lastMidnight === null ? '' : `AND c.day < ${param(utcDate(lastMidnight))}::date`}`;
}

/**
 * The exact number of matches, as a scalar subquery. With filters, counted in the index (its ORDER BY
 * asks for the index's order, so PostgreSQL reads the index alone rather than the table in parallel).
 * Without, the whole UTC days inside the window come from `transaction_day_counts`, kept by a trigger
 * in the same transaction as each row, and only the partial first and last days are counted in the
 * index: a few thousand rows at most instead of every match.
 */
function countOf(criteria: SearchCriteria, param: (value: unknown) => string): string {
  const { from, until, firstMidnight, lastMidnight } = windowOf(criteria);
  if (until !== null && until <= firstMidnight) return countInIndex(criteria, param, from, until);
  const days = `(SELECT COALESCE(sum(c.count), 0) FROM transaction_day_counts c WHERE ${wholeDayCounts(criteria, param)})`;
  const tail =
    until === null || lastMidnight === null ? '' : ` + ${countInIndex(criteria, param, lastMidnight, until)}`;
  return `(${countInIndex(criteria, param, from, firstMidnight)} + ${days}${tail})`;
}

/**
 * For a page past the first without filters: the `skip` CTE, one row giving the oldest UTC midnight
 * `boundary` whose newer matches (`newer`) are no more than the offset, from the day counts, so the
 * page reads the index from that midnight with what is left of the offset rather than walking every
 * newer entry. No row when no whole day fits inside the offset. Same snapshot as the page and count.
 */
function skipOf(criteria: SearchCriteria, param: (value: unknown) => string): string | null {
  const { until, firstMidnight, lastMidnight } = windowOf(criteria);
  if (hasFilters(criteria) || criteria.offset === 0 || (lastMidnight !== null && lastMidnight <= firstMidnight))
    return null;
  // Rows after the last whole day (none when the window is open-ended: today is then a whole day).
  const tail = until === null || lastMidnight === null ? '0' : countInIndex(criteria, param, lastMidnight, until);
  return `skip AS (
    SELECT (d.day::timestamp AT TIME ZONE 'UTC') AS boundary, d.newer::integer AS newer
    FROM (SELECT c.day, ${tail} + sum(sum(c.count)) OVER (ORDER BY c.day DESC) AS newer
          FROM transaction_day_counts c WHERE ${wholeDayCounts(criteria, param)} GROUP BY c.day) d
    WHERE d.newer <= ${param(criteria.offset)}
    ORDER BY d.day ASC LIMIT 1)`;
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
    async search(criteria: SearchCriteria): Promise<{ transactions: Transaction[]; totalRecords: number }> {
      const params = new Params();
      // Every filter has an index (amount, last four, batch, payer name): the count reads it alone,
      // unordered, and the page walks the newest-first index (or the filter's) to its slice.
      const matching = matchingRows(criteria, params.add);
      const total = hasFilters(criteria)
        ? `(SELECT count(*) FROM ${matchingRows(criteria, params.add, false)})`
        : countOf(criteria, params.add);
      const skip = skipOf(criteria, params.add);
      const offset = params.add(criteria.offset);
      const rows = await sql.query<SearchRow | { id: null; total_records: number }>(
        `WITH ${skip ? `${skip},` : ''}
              matched AS (SELECT ${total}::integer AS total_records),
              page AS (SELECT t.id, t.created_at FROM ${matching}
                       ${skip ? `WHERE t.created_at < COALESCE((SELECT boundary FROM skip), 'infinity')` : ''}
                       ORDER BY t.created_at DESC, t.id DESC LIMIT ${params.add(criteria.limit)}
                       OFFSET ${skip ? `${offset}::integer - COALESCE((SELECT newer FROM skip), 0)` : offset})
         SELECT matched.total_records, ${TRANSACTION_COLUMNS}
         FROM matched LEFT JOIN page ON true LEFT JOIN transactions t ON t.id = page.id
         ORDER BY page.created_at DESC, page.id DESC`,
        params.values,
      );
      return {
        totalRecords: rows[0]?.total_records ?? 0,
        transactions: rows.flatMap((row) => (row.id === null ? [] : [toTransaction(row)])),
      };
    },
  };
}

export type TransactionSearchStore = ReturnType<typeof transactionSearchStore>;
