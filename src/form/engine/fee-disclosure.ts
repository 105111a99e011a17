/**
 * The fee shown before Pay (docs/fees.md#the-fee-shown-before-pay), in the form's engine: as soon as
 * the card number has its BIN, the form asks the service the payer fee of that card for the amount
 * shown (tokenizer/card-fees.ts) and shows it; a bank account's fee comes from the same place. Only
 * the BIN leaves the page. Pay waits for the answer of the BIN typed now; a lookup that fails leaves
 * the page's own fee (`card-fee`, `ach-fee`) in place and says so.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { feeLineMessages } from '../../shared/messages/en.js';
import type { CardBrand, FeeQuote } from '../../shared/wire.js';
import {
  cardFees,
  createToken,
  type CardFee,
  type CardFeeQuery,
  type PaytokenConfig,
  type TokenFailure,
  type TokenResult,
} from '../../tokenizer/index.js';
import { toTokenRequest, type Method, type Values } from '../fields.js';

/** What the fee reads of the form: its method, amount, the page's fees, its keys and its given payer. */
export interface FeeHost extends ReactiveControllerHost, PaytokenConfig {
  method: Method;
  amount?: string;
  cardFee?: string;
  achFee?: string;
  payer?: string;
  emailAddress?: string;
}

/** What the fee reads of the fields. */
export interface FeeFields {
  values: Values;
  brand: CardBrand | null;
}

/**
 * Words of the fee in the form: their code (the form's language says it: LanguageController.message)
 * and their English, which an English form shows as it is. Shaped as a failure for that reason.
 */
export type FeeNote = Pick<TokenFailure, 'code' | 'errorMessage'>;

const note = (code: keyof typeof feeLineMessages): FeeNote => ({ code, errorMessage: feeLineMessages[code] });

/**
 * The BIN of the digits typed so far, once there are enough: 8 digits, or 6 for American Express
 * and Diners Club, whose numbers are shorter; never more.
 * @example binOf('4000056655', 'Visa') // '40000566'
 * @example binOf('3782822', 'AmericanExpress') // '378282'
 */
export function binOf(digits: string | undefined, brand: CardBrand | null): string | null {
  const length = brand === 'AmericanExpress' || brand === 'DinersClub' ? 6 : 8;
  // The masked input reports its digits only; never more of them than the BIN leave the page.
  return digits && digits.length >= length ? digits.slice(0, length) : null;
}

/**
 * What to ask for the form as it is: the card's BIN (or the bank account) and the amount due as the
 * page wrote it (the service checks it); `null` when there is nothing to ask yet (no amount shown, or
 * not enough digits).
 * @example feeQueryOf('card', { cardNumber: '4000056655665556' }, 'Visa', '100.00') // { bin: '40000566', amount: '100.00' }
 */
export function feeQueryOf(method: Method, values: Values, brand: CardBrand | null, amount = ''): CardFeeQuery | null {
  // Not a positive amount: no summary is shown, and nothing is asked. Spaces around it are the page's.
  amount = amount.trim();
  if (!(+amount > 0)) return null;
  if (method === 'ach') return { method: 'ach', amount };
  const bin = binOf(values.cardNumber, brand);
  return bin ? { bin, amount } : null;
}

/** How long the form waits for a fee: Pay waits for it, never longer. */
export const FEE_TIMEOUT_MS = 8000;

/** One form's fee: a controller of the form (`feeDisclosure` makes it). */
export interface FeeDisclosure extends ReactiveController {
  /** The quote sent with the last token request, for its `paytoken-token`. */
  readonly sent: FeeQuote | undefined;
  /** The fee to show: the card's (or bank account's) once known, else the page's `card-fee` or `ach-fee`. */
  readonly shown: string | number | undefined;
  /**
   * The fee line's words when the method's usual label does not say it: a debit or prepaid card
   * without a fee, or the page's own fee when the card's could not be had; else null.
   */
  readonly note: FeeNote | null;
  /**
   * The quote of what the form shows: the card's fee once known. None when the lookup failed: the
   * page's own fee is shown then, and the payment is held to the account's rules only.
   */
  readonly quote: FeeQuote | undefined;
  /** Resolves once the answer for the question asked last is here (or failed, within its time limit). */
  settled(): Promise<void>;
  /**
   * Pay: once the fee of the card typed now is known, the token of the fields with the quote of what
   * was shown.
   * After a FEE_QUOTE_MISMATCH (the service's fee for the card is not the one shown; its message
   * says the fee that applies) the fee is asked for again and shown: the payer checks the new total
   * and pays again.
   */
  createToken(): Promise<TokenResult>;
}

/**
 * One form's fee, added to the form as a controller: before each render it asks for the fee of the
 * form as it is (once per BIN, method, amount and keys; the answer to a question no longer asked is
 * dropped), and when an answer changes what is shown, the form renders again and `tell` tells the
 * page (a `paytoken-change`). `configOf` gives the form's keys and API URL.
 */
export function feeDisclosure(
  host: FeeHost,
  fields: FeeFields,
  tell: () => void,
  configOf: (host: FeeHost) => PaytokenConfig,
): FeeDisclosure {
  /** The answer for the form as it is now (or the one before, while it is asked); `null` without one. */
  let fee: CardFee | null = null;
  /** The lookup for the form as it is now failed: the page's fee stands. */
  let failed = false;
  let key: string | null = null;
  let asked: Promise<void> = Promise.resolve();
  let controller: AbortController | null = null;

  /** The answer, when it is for the method chosen now (a bank account's has no funding). */
  const current = (): CardFee | null => (fee && (fee.funding === null) === (host.method === 'ach') ? fee : null);

  const show = (answer: CardFee | null, failing = false): void => {
    fee = answer;
    failed = failing;
    host.requestUpdate();
    tell();
  };

  const disclosure = {
    sent: undefined as FeeQuote | undefined,

    hostUpdate(): void {
      const query = feeQueryOf(host.method, fields.values, fields.brand, host.amount);
      const config = configOf(host);
      const asking = query && JSON.stringify([query, config]);
      if (asking === key) return;
      key = asking;
      // A question dropped is aborted: its answer (nothing) comes at once for `settled`, unshown.
      controller?.abort();
      controller = null;
      if (!query) {
        if (fee || failed) show(null);
        return;
      }
      // The fee shown stays until the new answer, so that a change of card is shown (and read out)
      // once; Pay waits for the answer (settled).
      const lookup = (controller = new AbortController());
      // The time limit aborts a lookup still running; one that ended is not changed by it.
      setTimeout(() => lookup.abort(), FEE_TIMEOUT_MS);
      asked = cardFees(query, config, lookup.signal).then((answer) => {
        // Still the question asked last (a time limit reached is a failure): its answer is shown.
        if (controller === lookup) show(answer ?? null, !answer);
      });
    },

    get shown() {
      return current()?.payerFee ?? (host.method === 'card' ? host.cardFee : host.achFee);
    },

    get note() {
      const funding = current()?.payerFee === 0 && fee?.funding;
      if (failed) return note('FEE_LOOKUP_FAILED');
      return funding === 'debit' ? note('NO_FEE_DEBIT') : funding === 'prepaid' ? note('NO_FEE_PREPAID') : null;
    },

    get quote() {
      const shown = current();
      return shown ? { amount: shown.amount, payerFee: shown.payerFee } : undefined;
    },

    settled(): Promise<void> {
      const waited = asked;
      return waited.then(() => (waited === asked ? undefined : disclosure.settled()));
    },

    async createToken(): Promise<TokenResult> {
      disclosure.hostUpdate();
      await disclosure.settled();
      const feeQuote = (disclosure.sent = disclosure.quote);
      const request = toTokenRequest(host.method, fields.values, host);
      const result = await createToken({ ...request, feeQuote }, configOf(host));
      if (!result.success && result.code === 'FEE_QUOTE_MISMATCH') {
        key = null;
        disclosure.hostUpdate();
      }
      return result;
    },
  };
  host.addController(disclosure);
  return disclosure;
}
