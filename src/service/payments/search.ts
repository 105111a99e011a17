import { listMessages, searchMessages } from '../../shared/messages/api.js';
import type { TransactionSearchType } from '../../shared/transaction-search.js';
import type { Repository } from '../storage/repository.js';
import type { Scope, Transaction } from './model.js';

/** The codes and messages of a search's bad parameters (src/shared/messages/api.ts). */
export const SEARCH_MESSAGES = {
  ...searchMessages,
  EMPTY_PARAMETER: listMessages.EMPTY_PARAMETER,
  INVALID_PAGE: listMessages.INVALID_PAGE,
  INVALID_PAGE_SIZE: listMessages.INVALID_PAGE_SIZE,
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
