// Deep import: the package index would also bring the cardholder-name, expiration and postal-code code.
import { cardNumber } from 'card-validator/dist/card-number.js';
import { ACCEPTED_BRANDS } from '../card-brands.js';
import type { CardBrand } from '../wire.js';
import type { NumberCheck } from './brand-lookup.js';

/**
 * card-validator's answer for a digit string, its brand named as the API names it, and a brand the
 * service refuses named `null`. The hosted bundles replace this module (src/build/accepted-card-types.ts)
 * with src/shared/validators/brand-lookup.ts over the accepted brands only.
 */
export function checkCardNumber(digits: string): NumberCheck<CardBrand | null> {
  const { card, isValid, isPotentiallyValid } = cardNumber(digits, { maxLength: 19, luhnValidateUnionPay: true });
  return { card: card && { type: ACCEPTED_BRANDS[card.type] ?? null }, isValid, isPotentiallyValid };
}
