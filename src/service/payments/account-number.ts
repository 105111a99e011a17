import { cardNumber } from '../../shared/validators/card-number.js';
import type { CardBrand } from '../../shared/wire.js';

/** All but the last four digits hidden: `************4242`. */
export const maskAccountNumber = (number: string): string => '*'.repeat(number.length - 4) + number.slice(-4);

/** The brand of a validated card number: validation refused numbers without an accepted brand. */
export function brandOf(number: string): CardBrand {
  const { brand } = cardNumber(number);
  if (!brand) throw new Error('A validated card number has no accepted brand.');
  return brand;
}
