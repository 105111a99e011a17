import type { CardBrand } from './wire.js';

/**
 * The brands the service accepts (docs/api.md#tokens), under credit-card-type's names. The hosted bundle
 * checks numbers against these rows of credit-card-type's table only (src/build/accepted-card-types.ts);
 * the service keeps them all, so it alone reports UNSUPPORTED_CARD_BRAND for cards such as Maestro or Elo.
 */
export const ACCEPTED_BRANDS: Record<string, CardBrand> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  'american-express': 'AmericanExpress',
  discover: 'Discover',
  jcb: 'Jcb',
  'diners-club': 'DinersClub',
  unionpay: 'UnionPay',
};
