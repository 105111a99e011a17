/**
 * The requests of a refund, a void and a page of a list: their bodies and queries checked and
 * normalized before the payment rules (src/service/payments/) see plain values.
 */
import { parseAmount } from '../../shared/money.js';
import { MAX_PAGE_SIZE } from '../../shared/transaction-search.js';
import type { FieldError } from '../../shared/wire.js';
import { REFUND_MESSAGES } from '../payments/reversal.js';

type Problems = FieldError[];
const problem = (field: string, code: keyof typeof REFUND_MESSAGES): FieldError => ({
  field,
  // Service-only codes: the browser never refunds, so they stay out of the hosted bundles' catalog.
  code,
  message: REFUND_MESSAGES[code],
});

/** A refund body: `{ amount?, sendReceipt? }`, amount in currency units → cents (null: all that is left). */
export function validateRefundRequest(
  body: unknown,
): { ok: true; value: { amountCents: number | null; sendReceipt: boolean } } | { ok: false; errors: Problems } {
  const fields = body === undefined || body === null ? {} : body;
  if (typeof fields !== 'object' || Array.isArray(fields))
    return { ok: false, errors: [problem('amount', 'INVALID_REFUND_AMOUNT')] };
  const errors: Problems = [];
  let amountCents: number | null = null;
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'amount') {
      const parsed = typeof value === 'number' ? parseAmount(value) : null;
      if (parsed?.ok && parsed.cents > 0) amountCents = parsed.cents;
      else errors.push(problem('amount', 'INVALID_REFUND_AMOUNT'));
    } else if (name === 'sendReceipt') {
      if (typeof value !== 'boolean') errors.push(problem('sendReceipt', 'INVALID_SEND_RECEIPT'));
    } else errors.push(problem(name, 'UNKNOWN_REFUND_FIELD'));
  }
  const sendReceipt = (fields as { sendReceipt?: unknown }).sendReceipt === true;
  return errors.length ? { ok: false, errors } : { ok: true, value: { amountCents, sendReceipt } };
}

/** The spellings of `?sendReceipt=` on a void: the .NET client of the API we follow writes `True`/`False`. */
export const SEND_RECEIPT_QUERY = ['true', 'false', 'True', 'False'] as const;

/** A void's query: `sendReceipt` only, as that client sends it (the body may carry it too). */
export function validateVoidQuery(
  query: unknown,
): { ok: true; value: { sendReceipt: boolean } } | { ok: false; errors: Problems } {
  const given = (query ?? {}) as Record<string, unknown>;
  const errors = Object.entries(given).flatMap(([name, value]) =>
    name !== 'sendReceipt'
      ? [problem(name, 'UNKNOWN_VOID_FIELD')]
      : (SEND_RECEIPT_QUERY as readonly unknown[]).includes(value)
        ? []
        : [problem('sendReceipt', 'INVALID_SEND_RECEIPT')],
  );
  return errors.length
    ? { ok: false, errors }
    : { ok: true, value: { sendReceipt: String(given.sendReceipt).toLowerCase() === 'true' } };
}

/** A void body: optional, `{ sendReceipt? }`. */
export function validateVoidRequest(
  body: unknown,
): { ok: true; value: { sendReceipt: boolean } } | { ok: false; errors: Problems } {
  const fields = body === undefined || body === null ? {} : body;
  if (typeof fields !== 'object' || Array.isArray(fields))
    return { ok: false, errors: [problem('sendReceipt', 'UNKNOWN_VOID_FIELD')] };
  const errors = Object.entries(fields).map(([name, value]) =>
    name !== 'sendReceipt'
      ? problem(name, 'UNKNOWN_VOID_FIELD')
      : typeof value !== 'boolean'
        ? problem('sendReceipt', 'INVALID_SEND_RECEIPT')
        : null,
  );
  const found = errors.filter((error): error is FieldError => error !== null);
  const { sendReceipt } = fields as { sendReceipt?: boolean };
  return found.length ? { ok: false, errors: found } : { ok: true, value: { sendReceipt: sendReceipt ?? false } };
}

const wholeNumber = (value: unknown, max: number): number | null =>
  typeof value === 'string' && /^\d{1,7}$/.test(value) && Number(value) >= 1 && Number(value) <= max
    ? Number(value)
    : null;

/** `?page=&pageSize=` of a list: page from 1, pageSize 1 to 50 (default 25). */
export function validatePage(
  query: unknown,
): { ok: true; value: { page: number; pageSize: number } } | { ok: false; errors: Problems } {
  const given = (query ?? {}) as Record<string, unknown>;
  const errors: Problems = Object.keys(given)
    .filter((name) => name !== 'page' && name !== 'pageSize')
    .map((name) => problem(name, 'UNKNOWN_PAGE_PARAMETER'));
  const page = given.page === undefined ? 1 : wholeNumber(given.page, 1_000_000);
  const pageSize = given.pageSize === undefined ? 25 : wholeNumber(given.pageSize, MAX_PAGE_SIZE);
  // An empty one is refused as on every list (docs/api.md#searching-transactions).
  if (page === null) errors.push(problem('page', given.page === '' ? 'EMPTY_PARAMETER' : 'INVALID_PAGE'));
  if (pageSize === null)
    errors.push(problem('pageSize', given.pageSize === '' ? 'EMPTY_PARAMETER' : 'INVALID_PAGE_SIZE'));
  return errors.length || page === null || pageSize === null
    ? { ok: false, errors }
    : { ok: true, value: { page, pageSize } };
}
