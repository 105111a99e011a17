import { VALID, invalid, type Verification } from './verification.js';

// US 12345 or 12345-6789, Canadian A1A 1A1, and every other country's 3..10 letters, digits, spaces
// or dashes: all three fit one rule, starting and ending with a letter or digit.
export const POSTAL_CODE_PATTERN = '[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]';
const POSTAL_CODE = new RegExp(`^${POSTAL_CODE_PATTERN}$`);

/** Postal code: optional; 3..10 letters, digits, spaces or dashes. */
export function postalCode(value: unknown): Verification {
  if (value === undefined || value === null) return VALID;
  if (typeof value !== 'string') return invalid('INVALID_POSTAL_CODE');
  const text = value.trim();
  if (!text || POSTAL_CODE.test(text)) return VALID;
  return invalid('INVALID_POSTAL_CODE', /^[a-z\d -]{0,10}$/i.test(text) && text.length < 3);
}
