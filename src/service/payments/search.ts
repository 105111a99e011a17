import type { TransactionSearchType } from '../../shared/transaction-search.js';
import type { Repository } from '../storage/repository.js';
import type { Scope, Transaction } from './model.js';

/** The codes and messages of a search's bad parameters (docs/api.md#searching-transactions). */
export const SEARCH_MESSAGES = {
  UNKNOWN_SEARCH_PARAMETER:
    'This is not a search parameter; they are beginDate, endDate, minAmount, maxAmount, accountNumber, payerName, batchId, transactionSearchTypeId, page and pageSize.',
  REPEATED_SEARCH_PARAMETER: 'Give each search parameter at most once.',
  EMPTY_PARAMETER: 'This parameter is empty: give it a value, or leave it out.',
  INVALID_DATE: 'A date is YYYY-MM-DD, or a date-time such as 2026-11-22T15:30:00Z (without an offset, UTC).',
  INVALID_DATE_RANGE: 'beginDate must be before endDate.',
  INVALID_AMOUNT_FILTER: 'An amount is in currency units with at most 2 decimals, 0.00 to 10,000,000.00 (e.g. 25.00).',
  INVALID_AMOUNT_RANGE: 'minAmount must not be more than maxAmount.',
  INVALID_LAST_FOUR: 'accountNumber is the last four digits of the card or bank account number.',
  INVALID_PAYER_NAME: 'payerName must be 1 to 100 characters.',
  INVALID_BATCH_ID: 'batchId must be a batch id: a whole number of 1 to 9 digits, such as 17.',
  INVALID_SEARCH_TYPE: 'transactionSearchTypeId must be Processed, Rejected or Refunds.',
  INVALID_PAGE: 'page must be a whole number from 1 to 1000000.',
  INVALID_PAGE_SIZE: 'pageSize must be a whole number from 1 to 50.',
} as const;

export type SearchCode = keyof typeof SEARCH_MESSAGES;

/** A valid search: the time window `[from, until)`, money in cents, and the page to show. */
export interface TransactionSearch {
  from: Date;
  /** Exclusive; null: no upper bound (endDate not given, so "up to now" whatever the clocks say). */
  until: Date | null;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  lastFour: string | null;
  payerName: string | null;
  batchId: string | null;
  searchType: TransactionSearchType;
  page: number;
  pageSize: number;
}

/** One page of a search, newest first, with the number of matches in all. */
export interface SearchResult {
  transactions: Transaction[];
  totalRecords: number;
}

/**
 * Runs a valid search in the caller's scope only: the account acted for, under the same
 * impersonation (docs/api.md#scoping), so another account's transactions can never appear.
 */
export function searchTransactions(
  search: TransactionSearch,
  scope: Scope,
  deps: { repository: Pick<Repository, 'transactionSearch'> },
): Promise<SearchResult> {
  const { page, pageSize, ...filters } = search;
  return deps.repository.transactionSearch.search({
    ...filters,
    scope,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
}
