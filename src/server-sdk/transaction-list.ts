import { centsToAmount, parseAmount } from '../shared/money.js';
import {
  MAX_PAGE_SIZE,
  type TransactionSearchResponse,
  type TransactionSearchType,
} from '../shared/transaction-search.js';
import type { TransactionResponse } from '../shared/wire.js';

/** What `transactions.list` filters on; every filter optional (docs/api.md#searching-transactions). */
export interface TransactionListFilters {
  /** From this day (`'2026-11-01'`, UTC) or instant (a `Date`, or ISO text; without an offset, UTC). Default: 30 days before endDate. */
  beginDate?: Date | string;
  /** Through this day or up to this instant. Default: now (when iterating: the moment iteration starts). */
  endDate?: Date | string;
  /** Currency units, at most 2 decimals; a refund counts by its size. */
  minAmount?: number;
  maxAmount?: number;
  /** The last four digits of the card or bank account number. */
  accountNumber?: string;
  /** Part of the payer's name, in any case. */
  payerName?: string;
  batchId?: string | number;
  /** `Processed` (default), `Rejected` or `Refunds`. */
  transactionSearchTypeId?: TransactionSearchType;
  /** Per page, 1 to 50: default 25 for `page(n)`, 50 when iterating (fewer requests). */
  pageSize?: number;
}

/** One page: its transactions (newest first), the number of matches in all, and whether more follow. */
export interface TransactionPage extends TransactionSearchResponse {
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const dateText = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);

function amountText(amount: number, name: string): string {
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw new RangeError(`${name} must be an amount from 0.00 to 10,000,000.00 with at most 2 decimals.`);
  return centsToAmount(parsed.cents).toFixed(2);
}

function wholeNumber(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new RangeError(`${name} must be a whole number from 1 to ${max}.`);
  return value;
}

/**
 * The caller's transactions matching `filters`, newest first, fetched a page at a time: iterate it
 * (`for await`) for every match across pages, or ask for one page with `page(n)`. Nothing is
 * requested until then. Iteration pins `endDate` to the moment it starts (unless given), so
 * payments made meanwhile neither shift the pages nor appear twice.
 *
 * @example
 * for await (const transaction of paytoken.transactions.list({ payerName: 'lovelace', minAmount: 100 })) {
 *   console.log(transaction.id, transaction.amount);
 * }
 * const { transactions, totalRecords, hasMore } = await paytoken.transactions.list({ pageSize: 10 }).page(2);
 */
export class TransactionList implements AsyncIterable<TransactionResponse> {
  constructor(
    private readonly fetchPage: (query: string) => Promise<TransactionSearchResponse>,
    private readonly filters: TransactionListFilters = {},
  ) {}

  /**
   * Page `number` (from 1) of `pageSize` (default 25). A bad filter is a RangeError before any request.
   * @example const first = await paytoken.transactions.list({ transactionSearchTypeId: 'Rejected' }).page(1)
   */
  page(number = 1): Promise<TransactionPage> {
    return this.load(number, this.filters);
  }

  private async load(number: number, pinned: TransactionListFilters): Promise<TransactionPage> {
    const pageSize = wholeNumber(pinned.pageSize ?? 25, 'pageSize', MAX_PAGE_SIZE);
    const query = this.queryOf(pinned);
    query.set('page', String(wholeNumber(number, 'page', 1_000_000)));
    query.set('pageSize', String(pageSize));
    const answer = await this.fetchPage(query.toString());
    return { ...answer, page: number, pageSize, hasMore: number * pageSize < answer.totalRecords };
  }

  /**
   * Every page in turn, from the first, while more follow.
   * @example for await (const page of paytoken.transactions.list().pages()) console.log(page.page, page.totalRecords)
   */
  async *pages(): AsyncGenerator<TransactionPage> {
    const pinned = {
      ...this.filters,
      endDate: this.filters.endDate ?? new Date(),
      pageSize: this.filters.pageSize ?? MAX_PAGE_SIZE,
    };
    for (let number = 1; ; number++) {
      const page = await this.load(number, pinned);
      yield page;
      if (!page.hasMore || page.transactions.length === 0) return;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TransactionResponse> {
    for await (const page of this.pages()) yield* page.transactions;
  }

  /**
   * At most `limit` matches in one array (a limit is required, as an unbounded list could be huge).
   * @example const latest = await paytoken.transactions.list({ payerName: 'ada' }).toArray(100)
   */
  async toArray(limit: number): Promise<TransactionResponse[]> {
    wholeNumber(limit, 'limit', Number.MAX_SAFE_INTEGER);
    const found: TransactionResponse[] = [];
    for await (const transaction of this) {
      found.push(transaction);
      if (found.length >= limit) break;
    }
    return found;
  }

  private queryOf(filters: TransactionListFilters): URLSearchParams {
    const query = new URLSearchParams();
    const { beginDate, endDate, minAmount, maxAmount, accountNumber, payerName, batchId, transactionSearchTypeId } =
      filters;
    if (beginDate !== undefined) query.set('beginDate', dateText(beginDate));
    if (endDate !== undefined) query.set('endDate', dateText(endDate));
    if (minAmount !== undefined) query.set('minAmount', amountText(minAmount, 'minAmount'));
    if (maxAmount !== undefined) query.set('maxAmount', amountText(maxAmount, 'maxAmount'));
    if (accountNumber !== undefined) query.set('accountNumber', accountNumber);
    if (payerName !== undefined) query.set('payerName', payerName);
    if (batchId !== undefined) query.set('batchId', String(batchId));
    if (transactionSearchTypeId !== undefined) query.set('transactionSearchTypeId', transactionSearchTypeId);
    return query;
  }
}
