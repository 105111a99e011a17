import { cardNumber } from '../../shared/validators/card-number.js';
import type { CardBrand, Funding } from '../../shared/wire.js';
import type { BinTable } from './bin-table.js';

/** What the service knows of a card from its leading digits. */
export interface CardFunding {
  funding: Funding;
  /** The table's brand, else the brand the digits tell (null when they tell none). */
  brand: CardBrand | null;
  /** The issuer's country, when the table knows the card. */
  country: string | null;
}

/**
 * A card's funding from the BIN table (docs/fees.md#card-funding): `unknown` when the table does not
 * know its digits, or they are too few to tell.
 * @example cardFunding('4000056655665556', table) // { funding: 'debit', brand: 'Visa', country: 'US' }
 */
export function cardFunding(digits: string, table: BinTable): CardFunding {
  const range = table.lookup(digits);
  if (range) return { funding: range.funding, brand: range.brand, country: range.country };
  return { funding: 'unknown', brand: cardNumber(digits).brand, country: null };
}
