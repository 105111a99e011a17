// Deep import: the package index would also bring the cardholder-name, expiration and postal-code code.
import { cardNumber as checkNumber } from 'card-validator/dist/card-number.js';
import { ACCEPTED_BRANDS } from '../card-brands.js';
import type { CardBrand } from '../wire.js';
import { VALID, digitsOf, invalid, type Verification } from './verification.js';

export interface CardNumberVerification extends Verification {
  /** The brand as soon as the digits tell it, even while the number is incomplete. */
  brand: CardBrand | null;
}

/**
 * Card number: 12..19 digits after removing spaces and dashes, Luhn, and a known brand.
 * @example cardNumber('4242 4242 4242 4242') // { isValid: true, brand: 'Visa', … }
 * @example cardNumber('4242') // { isValid: false, isPotentiallyValid: true, brand: 'Visa', … }
 */
export function cardNumber(value: unknown): CardNumberVerification {
  const digits = digitsOf(value);
  if (!digits) {
    const required = value == null || digits === '';
    return { ...invalid(required ? 'CARD_NUMBER_REQUIRED' : 'INVALID_CARD_NUMBER', required), brand: null };
  }
  const { card, isValid, isPotentiallyValid } = checkNumber(digits, { maxLength: 19, luhnValidateUnionPay: true });
  const brand = card ? (ACCEPTED_BRANDS[card.type] ?? null) : null;
  if (card && !brand) return { ...invalid('UNSUPPORTED_CARD_BRAND'), brand };
  return { ...(isValid && digits.length >= 12 ? VALID : invalid('INVALID_CARD_NUMBER', isPotentiallyValid)), brand };
}
