import { VALID, invalid, type Verification } from './verification.js';

const MAX_YEARS_AHEAD = 20;

function wholeNumber(value: unknown, maxDigits: number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return typeof value === 'string' && new RegExp(`^\\d{1,${maxDigits}}$`).test(value.trim()) ? Number(value) : null;
}

/**
 * Expiration month: `"01"`..`"12"`, `"1"`..`"12"` or 1..12.
 * @example expirationMonth('1') // { isValid: true, … } (and potentially "10".."12")
 */
export function expirationMonth(value: unknown): Verification {
  if (value === undefined || value === null || value === '') return invalid('EXPIRATION_MONTH_REQUIRED', true);
  const month = wholeNumber(value, 2);
  if (month !== null && month >= 1 && month <= 12) return VALID;
  // wholeNumber accepted `value`, so it is a string or a number here.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return invalid('INVALID_EXPIRATION_MONTH', month === 0 && String(value).trim().length === 1);
}

/** Expiration year: four digits, as a number or a string. */
export function expirationYear(value: unknown): Verification {
  if (value === undefined || value === null || value === '') return invalid('EXPIRATION_YEAR_REQUIRED', true);
  const year = wholeNumber(value, 4);
  if (year !== null && year >= 1000 && year <= 9999) return VALID;
  return invalid('INVALID_EXPIRATION_YEAR', year !== null && typeof value === 'string' && value.trim().length < 4);
}

/**
 * Month and year together: not in the past and at most 20 years ahead, in UTC so the browser and the
 * service agree. Call it once month and year are each valid.
 * @example expirationDate(12, 2030, new Date('2026-11-22')) // { isValid: true, … }
 */
export function expirationDate(month: number, year: number, now: Date = new Date()): Verification {
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) return invalid('CARD_EXPIRED');
  return year > thisYear + MAX_YEARS_AHEAD ? invalid('EXPIRATION_TOO_FAR') : VALID;
}
