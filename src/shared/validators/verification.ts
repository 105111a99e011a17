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
 * The digits of a number the payer typed, with spaces and dashes removed; `null` when it is not a
 * string (or a safe integer) of digits.
 * @example digitsOf('4242 4242-4242 4242') // '4242424242424242'
 */
export function digitsOf(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text !== 'string') return null;
  const digits = text.replace(/[\s-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
}
