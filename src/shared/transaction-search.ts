/**
 * `GET /api/v1/transactions` (docs/api.md#searching-transactions): its filters and its answer, as they
 * travel. The service validates the query (src/service/http/search-parameters.ts); the server SDK builds it.
 */
import type { TransactionResponse } from './wire.js';

/**
 * Which transactions a search lists: `Processed` (the default) approved payments, `Rejected` declined
 * ones, `Refunds` the refunds (negative amounts).
 */
export const TRANSACTION_SEARCH_TYPES = ['Processed', 'Rejected', 'Refunds'] as const;
export type TransactionSearchType = (typeof TRANSACTION_SEARCH_TYPES)[number];

/** Transactions per page unless `pageSize` says otherwise, and the most it may say. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 50;
/** The highest page number accepted: beyond it a search could only be empty. */
export const MAX_PAGE = 1_000_000;
/** Without `beginDate`, a search covers the 30 days before `endDate` (default: now). */
export const DEFAULT_SEARCH_DAYS = 30;

/** The query of a search, as the wire carries it: every filter optional, money in currency units. */
export interface TransactionSearchQuery {
  /** `YYYY-MM-DD` (from the start of that day, UTC) or an ISO 8601 date-time with an offset. */
  beginDate?: string;
  /** `YYYY-MM-DD` (through the end of that day, UTC) or an ISO 8601 date-time (up to that instant). */
  endDate?: string;
  /** Currency units, at most 2 decimals; compared with the amount's size (a refund of −40.00 is 40.00). */
  minAmount?: number | string;
  maxAmount?: number | string;
  /** The last four digits of the card or bank account number. */
  accountNumber?: string;
  /** Part of the payer's name, in any case. */
  payerName?: string;
  batchId?: string | number;
  transactionSearchTypeId?: TransactionSearchType;
  /** From 1. */
  page?: number;
  /** 1 to 50, default 25. */
  pageSize?: number;
}

/** One page of a search: newest first, and how many transactions match in all. */
export interface TransactionSearchResponse {
  transactions: TransactionResponse[];
  totalRecords: number;
}
