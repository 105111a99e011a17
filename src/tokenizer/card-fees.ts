/**
 * The payer fee of a card before it is paid with (docs/fees.md#the-fee-shown-before-pay): asks
 * `GET /api/v1/cardFees` with the card's BIN only (or `method=ach` for a bank account) and the net
 * amount shown, with the public key, as POST /tokens takes it. The form's engine asks it as the payer
 * types; it is not on `window.Paytoken`.
 */
import type { FeeQuote, Funding } from '../shared/wire.js';
import { tokensUrl, type PaytokenConfig } from './config.js';
import { keyHeaders } from './set-up.js';

/** A BIN (6 to 8 digits, never more) or `method: 'ach'`, and the net amount due as the wire writes it ("100.00"). */
export type CardFeeQuery = ({ bin: string } | { method: 'ach' }) & { amount: string };

/** What the form needs of the answer: the funding, and the net amount and payer fee (currency units). */
export interface CardFee extends FeeQuote {
  /** As the service's BIN table knows the card; `null` for a bank account. */
  funding: Funding | null;
}

/**
 * The fee for `query`, or `undefined` when the service cannot say (refused, down, aborted,
 * an answer outside the contract): the caller keeps the fee it had. `signal` ends the wait.
 * @example await cardFees({ bin: '40000566', amount: '100.00' }, { publicKey, apiUrl }) // { funding: 'debit', amount: 100, payerFee: 0 }
 */
export async function cardFees(
  query: CardFeeQuery,
  config: PaytokenConfig,
  signal?: AbortSignal,
): Promise<CardFee | undefined> {
  const tokens = tokensUrl(config.apiUrl);
  if (typeof tokens === 'string') return undefined;
  try {
    const init: RequestInit = { headers: keyHeaders(config), credentials: 'omit', cache: 'no-store', signal };
    const response = await fetch(new URL(`cardFees?${new URLSearchParams(query)}`, tokens), init);
    // A body that is not an object throws here, and answers nothing.
    const { funding, amount, payerFee } = (await response.json()) as Partial<Record<string, unknown>>;
    // The fee is shown through the form's own parsing (money-summary.ts) and sent back in the quote,
    // which the service checks; a funding outside the list names no card without a fee.
    return response.ok && typeof amount === 'number' && typeof payerFee === 'number'
      ? { funding: funding as Funding | null, amount: amount, payerFee: payerFee }
      : undefined;
  } catch {
    return undefined;
  }
}
