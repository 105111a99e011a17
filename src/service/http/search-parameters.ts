/**
 * The query of `GET /api/v1/transactions` (docs/api.md#searching-transactions) checked and
 * normalized into a TransactionSearch (src/service/payments/search.ts), which is all the domain sees.
 */
import { parseAmount } from '../../shared/money.js';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_DAYS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  TRANSACTION_SEARCH_TYPES,
  type TransactionSearchType,
} from '../../shared/transaction-search.js';
import type { FieldError } from '../../shared/wire.js';
import { SEARCH_MESSAGES, type SearchCode, type TransactionSearch } from '../payments/search.js';
import { batchIdOf } from '../storage/batches-table.js';

const PARAMETERS = new Set([
  'beginDate',
  'endDate',
  'minAmount',
  'maxAmount',
  'accountNumber',
  'payerName',
  'batchId',
  'transactionSearchTypeId',
  'page',
  'pageSize',
]);
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A query string decodes `+` to a space, so `…T10:00:00+02:00` sent unencoded arrives as `… 02:00`.
// Without an offset (as the .NET client of the API we follow sends dates) the time is UTC.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+\- ]\d{2}:\d{2})?$/;

/** The instant a date or date-time names, or null; `endOfDay` moves a bare date to the next midnight. */
export function parseSearchDate(text: string, endOfDay: boolean): Date | null {
  const match = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? '0');
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const date = new Date(time);
  // Date.UTC rolls 2026-02-30 over to March: a date whose parts come back changed does not exist.
  const exists =
    Number(year) >= 1970 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second);
  if (!exists) return null;
  if (DATE.test(text)) return endOfDay ? new Date(time + DAY_MS) : date;
  const offset = match[7] === undefined ? 'Z' : '';
  // Date.parse takes at most 3 decimals of a second: the rest (the .NET client sends 7) is cut.
  const parsed = Date.parse(text.replace(/(\.\d{3})\d+/, '$1').replace(/ (\d{2}:\d{2})$/, '+$1') + offset);
  // A date-time's end is inclusive: [from, until) ends one millisecond after it.
  return Number.isNaN(parsed) ? null : new Date(parsed + (endOfDay ? 1 : 0));
}

const wholeNumber = (text: string, max: number): number | null =>
  /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null;

/**
 * Checks a search's query string and normalizes it: every problem is listed with its parameter as
 * `field`. Dates default to the 30 days before `endDate` (or now); `page` 1, `pageSize` 25,
 * `transactionSearchTypeId` Processed. An empty parameter is refused (EMPTY_PARAMETER), as on every list.
 * @example validateTransactionSearch({ minAmount: '25', page: '2' }, now) // { ok: true, value: { minAmountCents: 2500, page: 2, … } }
 */
export function validateTransactionSearch(
  query: unknown,
  now: Date,
): { ok: true; value: TransactionSearch } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  // Service-only codes: the browser never searches, so they stay out of the hosted bundles' catalog.
  const refuse = (field: string, code: SearchCode) => errors.push({ field, code, message: SEARCH_MESSAGES[code] });
  const given = new Map<string, string>();
  const entries = query !== null && typeof query === 'object' ? Object.entries(query) : [];
  for (const [name, value] of entries) {
    if (!PARAMETERS.has(name)) refuse(name, 'UNKNOWN_SEARCH_PARAMETER');
    else if (typeof value !== 'string') refuse(name, 'REPEATED_SEARCH_PARAMETER');
    else if (value === '') refuse(name, 'EMPTY_PARAMETER');
    else given.set(name, value);
  }

  const date = (name: string, endOfDay: boolean): Date | null | undefined => {
    const text = given.get(name);
    if (text === undefined) return undefined;
    const parsed = parseSearchDate(text, endOfDay);
    if (!parsed) refuse(name, 'INVALID_DATE');
    return parsed;
  };
  const begin = date('beginDate', false);
  const end = date('endDate', true);
  if (begin && end && begin.getTime() >= end.getTime()) refuse('beginDate', 'INVALID_DATE_RANGE');

  const amount = (name: string): number | null => {
    const text = given.get(name);
    if (text === undefined) return null;
    // Taken as sent, as the document's pattern reads it (parseAmount would trim).
    const parsed = text.trim() === text ? parseAmount(text) : null;
    if (parsed?.ok) return parsed.cents;
    refuse(name, 'INVALID_AMOUNT_FILTER');
    return null;
  };
  const minAmountCents = amount('minAmount');
  const maxAmountCents = amount('maxAmount');
  if (minAmountCents !== null && maxAmountCents !== null && minAmountCents > maxAmountCents)
    refuse('minAmount', 'INVALID_AMOUNT_RANGE');

  const lastFour = given.get('accountNumber') ?? null;
  if (lastFour !== null && !/^\d{4}$/.test(lastFour)) refuse('accountNumber', 'INVALID_LAST_FOUR');
  // Matched without the white space around it; white space alone is as empty as nothing.
  const payerName = given.get('payerName')?.trim() ?? null;
  if (payerName === '') refuse('payerName', 'EMPTY_PARAMETER');
  if (payerName && [...payerName].length > 100) refuse('payerName', 'INVALID_PAYER_NAME');
  const batchId = given.get('batchId') ?? null;
  // Batch ids are whole numbers (GET /batches): anything else is a mistake, not a batch that has no rows.
  if (batchId !== null && batchIdOf(batchId) === null) refuse('batchId', 'INVALID_BATCH_ID');
  const searchType = given.get('transactionSearchTypeId') ?? 'Processed';
  const isSearchType = (text: string): text is TransactionSearchType =>
    (TRANSACTION_SEARCH_TYPES as readonly string[]).includes(text);
  if (!isSearchType(searchType)) refuse('transactionSearchTypeId', 'INVALID_SEARCH_TYPE');
  const pageText = given.get('page');
  const page = pageText === undefined ? 1 : wholeNumber(pageText, MAX_PAGE);
  if (page === null) refuse('page', 'INVALID_PAGE');
  const pageSizeText = given.get('pageSize');
  const pageSize = pageSizeText === undefined ? DEFAULT_PAGE_SIZE : wholeNumber(pageSizeText, MAX_PAGE_SIZE);
  if (pageSize === null) refuse('pageSize', 'INVALID_PAGE_SIZE');

  if (errors.length || !isSearchType(searchType) || page === null || pageSize === null) return { ok: false, errors };
  const until = end ?? null;
  return {
    ok: true,
    value: {
      from: begin ?? new Date((until ?? now).getTime() - DEFAULT_SEARCH_DAYS * DAY_MS),
      until,
      minAmountCents,
      maxAmountCents,
      lastFour,
      payerName,
      batchId,
      searchType,
      page,
      pageSize,
    },
  };
}
