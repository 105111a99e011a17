/**
 * Money is an integer number of cents inside the code; on the wire it is a number (or a string)
 * in currency units with at most 2 decimals. Parsing goes through the decimal text, never through
 * float arithmetic, so `0.29` is 29 cents and not 28.999….
 */
import type { AmountCode } from './messages/en.js';

/** 10,000,000.00, the largest amount anywhere (docs/api.md#fees, docs/fees.md#rates). */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

export type MoneyParse = { ok: true; cents: number } | { ok: false; code: AmountCode };

const DECIMAL = /^(?=\.?\d)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * Parses a currency-unit amount into cents exactly. Zero is accepted; callers that need a
 * positive amount check `cents > 0`.
 * @example parseAmount(103.25) // { ok: true, cents: 10325 }
 * @example parseAmount('1.005') // { ok: false, code: 'AMOUNT_TOO_PRECISE' }
 */
export function parseAmount(value: unknown): MoneyParse {
  if (value === undefined || value === null || value === '') return fail('AMOUNT_REQUIRED');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('AMOUNT_NOT_A_NUMBER');
    if (value < 0) return fail('AMOUNT_NEGATIVE');
    if (value > MAX_AMOUNT_CENTS / 100) return fail('AMOUNT_TOO_LARGE');
    // String() gives the shortest text that round-trips: 103.25 → "103.25", 1e-7 → "1e-7".
    return parseDecimal(String(value));
  }
  if (typeof value !== 'string') return fail('AMOUNT_NOT_A_NUMBER');
  const text = value.trim();
  if (text.startsWith('-')) return fail(Number.isNaN(Number(text)) ? 'AMOUNT_NOT_A_NUMBER' : 'AMOUNT_NEGATIVE');
  return parseDecimal(text);
}

function parseDecimal(text: string): MoneyParse {
  const match = DECIMAL.exec(text);
  if (!match) {
    // "1.005" and "1e-7" are numbers, only too precise; "abc", "1,00" and "0x10" are not numbers.
    return /^\d*\.\d{3,}$|^\d+(\.\d+)?e-\d+$/i.test(text) ? fail('AMOUNT_TOO_PRECISE') : fail('AMOUNT_NOT_A_NUMBER');
  }
  const units = match[1] || '0';
  if (units.length > 8) return fail('AMOUNT_TOO_LARGE');
  const cents = Number(units) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > MAX_AMOUNT_CENTS ? fail('AMOUNT_TOO_LARGE') : { ok: true, cents };
}

function fail(code: AmountCode): MoneyParse {
  return { ok: false, code };
}

/**
 * Formats cents as currency units with two decimals.
 * @example formatAmount(10325) // "103.25"
 */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents as the payer reads dollars, thousands separated: what en-US and es-US both write, without
 * `Intl` (building a currency format loads locale data: 35 ms of a page's first paint at 4× CPU).
 * @example formatDollars(123456) // "$1,234.56"
 * @example formatDollars(-325) // "-$3.25"
 */
export function formatDollars(cents: number): string {
  const [units, decimals] = formatAmount(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${units?.replace(/\B(?=(\d{3})+$)/g, ',')}.${decimals}`;
}

/**
 * Cents as the JSON number the wire carries.
 * @example centsToAmount(10325) // 103.25
 */
export function centsToAmount(cents: number): number {
  return Number(formatAmount(cents));
}

/**
 * The cents of an amount as the wire carries it, its sign dropped (a refund's negative amount counts
 * as what it gives back); one the wire cannot hold is a RangeError.
 * @example wireAmountCents(-103.25) // 10325
 */
export function wireAmountCents(amount: number): number {
  const parsed = parseAmount(Math.abs(amount));
  if (!parsed.ok) throw new RangeError(`Not an amount of the wire: ${amount}`);
  return parsed.cents;
}
