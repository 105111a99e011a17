import { fieldMessages, type ErrorCode, type FieldCode } from '../messages/en.js';

/**
 * What every field validator returns. `isPotentiallyValid` is true while the input can still become
 * valid by typing more, so a form stays quiet until the payer leaves the field. On failure `code` is the
 * stable error code and `message` its English text.
 */
export interface Verification {
  isValid: boolean;
  isPotentiallyValid: boolean;
  code?: ErrorCode;
  message?: string;
}

export const VALID: Verification = Object.freeze({ isValid: true, isPotentiallyValid: true });

export function invalid(code: FieldCode, isPotentiallyValid = false): Verification {
  return { isValid: false, isPotentiallyValid, code, message: fieldMessages[code] };
}

/**
 * White space as `String.prototype.trim` and `\s` know it, spelled out as a regex class body so that
 * other engines (the OpenAPI document's patterns, read by Python or Java tools) read the same set.
 */
export const WHITE_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** What may stand between the digits of a card or account number: white space and dashes. */
export const DIGIT_SEPARATORS = `${WHITE_SPACE}-`;
/**
 * The same set as DIGIT_SEPARATORS, in JavaScript's own short spelling: this file is in the hosted
 * script, whose every byte counts (verification.test.ts holds the two equal, code point by code point).
 */
export const SEPARATOR = /[\s-]/g;

/**
 * The digits of a number the payer typed, with white space and dashes removed; `null` when it is not
 * text of digits (a JSON number is not: the API's numbers are text, docs/api.md#card-details).
 * @example digitsOf('4242 4242-4242 4242') // '4242424242424242'
 */
export function digitsOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(SEPARATOR, '');
  return /^\d*$/.test(digits) ? digits : null;
}
