/**
 * What a payment's fee is decided by (fees/program.ts `FeeContext`), for each way a payment names its
 * card or bank account: a token, a card sent directly, a bank account.
 */
import type { CreditCardInformation } from '../../shared/wire.js';
import type { BinTable } from '../cards/bin-table.js';
import { cardFunding } from '../cards/funding.js';
import type { FeeContext } from '../fees/program.js';
import { stateOfPostalCode } from '../fees/zip-states.js';
import type { Token } from './model.js';
import { billingPostalCode } from './processor-source.js';
import type { ProcessorSource } from './payment-processor.js';
import type { Vault } from '../vault/vault.js';

/** A bank (ACH) payment: no funding, no brand, no state. */
export const achContext = (merchantInitiated = false): FeeContext => ({
  method: 'ach',
  funding: null,
  brand: null,
  state: null,
  merchantInitiated,
});

/** A card sent in the request: its funding from the BIN table, its state from its postal code. */
export function cardContext(card: CreditCardInformation, binTable: BinTable, merchantInitiated = false): FeeContext {
  const { funding, brand } = cardFunding(card.cardNumber, binTable);
  return { method: 'creditCard', funding, brand, state: stateOfPostalCode(card.postalCode), merchantInitiated };
}

/**
 * A token's payment: the funding it was stored with (a token stored before card funding is looked up
 * again by its number, opened for the processor anyway), the state of its sealed postal code.
 */
export function tokenContext(
  token: Token,
  source: ProcessorSource | null,
  deps: { vault: Vault; binTable: BinTable },
  merchantInitiated = false,
): FeeContext {
  if (token.transactionType === 'Ach') return achContext(merchantInitiated);
  const funding =
    token.funding === 'unknown' && source && 'cardNumber' in source
      ? cardFunding(source.cardNumber, deps.binTable).funding
      : (token.funding ?? 'unknown');
  return {
    method: 'creditCard',
    funding,
    brand: token.transactionType,
    state: stateOfPostalCode(billingPostalCode(token, deps)),
    merchantInitiated,
  };
}
