import type { CardBrand } from '../wire.js';
import { checkCardNumber } from './card-brand.js';
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
  const { card, isValid, isPotentiallyValid } = checkCardNumber(digits);
  const brand = card?.type ?? null;
  if (card && !brand) return { ...invalid('UNSUPPORTED_CARD_BRAND'), brand };
  return { ...(isValid && digits.length >= 12 ? VALID : invalid('INVALID_CARD_NUMBER', isPotentiallyValid)), brand };
}
