import type { CardBrand } from '../wire.js';
import { VALID, invalid, type Verification } from './verification.js';

/** The security-code length of a brand: 4 for American Express, else 3. */
export const cvcLength = (brand: CardBrand | null | undefined): number => (brand === 'AmericanExpress' ? 4 : 3);

/**
 * Card security code: 3 digits, 4 for American Express. Without a known brand, 3 or 4 digits pass.
 * @example cvc('1234', 'AmericanExpress') // { isValid: true, … }
 */
export function cvc(value: unknown, brand?: CardBrand | null): Verification {
  if (value === undefined || value === null || value === '') return invalid('CVC_REQUIRED', true);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return invalid('INVALID_CVC');
  const length = value.trim().length;
  const max = brand ? cvcLength(brand) : 4;
  if (length === max || (!brand && length === 3)) return VALID;
  return invalid('INVALID_CVC', length < max);
}
