import { VALID, invalid, type Verification } from './verification.js';
import type { FieldCode } from '../messages/en.js';

const MAX_NAME = 100;

function name(value: unknown, required: FieldCode | null, tooLong: FieldCode): Verification {
  if (value === undefined || value === null) return required ? invalid(required, true) : VALID;
  if (typeof value !== 'string') return invalid(required ?? tooLong);
  const text = value.trim();
  if (!text) return required ? invalid(required, true) : VALID;
  return text.length > MAX_NAME ? invalid(tooLong) : VALID;
}

/** Payer name: required, 1..100 characters after trimming. */
export const payer = (value: unknown): Verification => name(value, 'PAYER_REQUIRED', 'PAYER_TOO_LONG');

/** Name on the card or bank account: 1..100 characters; required for cards. */
export const accountHolder = (value: unknown, required = true): Verification =>
  name(value, required ? 'ACCOUNT_HOLDER_REQUIRED' : null, 'ACCOUNT_HOLDER_TOO_LONG');

/** Optional first or last name of a bank account holder. */
export const personName = (value: unknown): Verification => name(value, null, 'NAME_TOO_LONG');

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** E-mail address: required for tokens, a plausible address of at most 254 characters. */
export function emailAddress(value: unknown): Verification {
  if (value === undefined || value === null) return invalid('EMAIL_ADDRESS_REQUIRED', true);
  if (typeof value !== 'string') return invalid('INVALID_EMAIL_ADDRESS');
  const text = value.trim();
  if (!text) return invalid('EMAIL_ADDRESS_REQUIRED', true);
  if (text.length <= 254 && EMAIL.test(text)) return VALID;
  return invalid('INVALID_EMAIL_ADDRESS', text.length <= 254 && /^[^\s@]+(@[^\s@]*)?$/.test(text));
}
