import { translate } from './messages.js';
import { payerDeclineMessage } from '../shared/messages/payer-declines.js';
import type { ErrorBody, PaymentResponseCode, ReversalResponseCode, WireFieldError } from '../shared/wire.js';

/** Any non-2xx answer of the API, or a failure to get one (status 0). */
export class PaytokenApiError extends Error {
  override readonly name: string = 'PaytokenApiError';
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  /** The stable code, e.g. `INVALID_CARD_NUMBER`, `UNAUTHORIZED`, `NETWORK_ERROR`. */
  readonly code: string;
  /** Every field problem, with dotted paths such as `creditCardInformation.cardNumber`. */
  readonly errors: WireFieldError[];
  readonly requestId: string | undefined;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? `The Paytoken API answered ${status}.`);
    this.status = status;
    this.code = body.code ?? 'UNEXPECTED_RESPONSE';
    this.errors = body.errors ?? [];
    this.requestId = body.requestId;
  }

  /**
   * The message in `locale`: Spanish for `es…` (from the same catalog the service writes its
   * English from), otherwise as the service sent it.
   * @example error.messageIn('es') // for TRANSACTION_NOT_FOUND: No existe esa transacción.
   */
  messageIn(locale: string): string {
    return translate(this.code, this.message, locale);
  }
}

/**
 * A payment the processor declined: stored as a transaction, whose id is `transactionId`. `message`
 * is the precise reason, for you and your logs ("the card was reported lost or stolen");
 * `payerMessage` is what to show the payer, which never tells more than a plain decline.
 * @example
 * try { await paytoken.transactions.create(request) } catch (error) {
 *   if (error instanceof PaymentDeclinedError) {
 *     log.warn(error.message, error.paymentResponseCode);
 *     return showToPayer(error.payerMessageIn(payerLanguage)); // 'es' for Spanish
 *   }
 *   throw error;
 * }
 */
export class PaymentDeclinedError extends PaytokenApiError {
  override readonly name = 'PaymentDeclinedError';
  readonly paymentResponseCode: PaymentResponseCode;
  /** The declined transaction's id (absent when nothing was stored, e.g. an unknown authorization). */
  readonly transactionId: number | undefined;
  /** What to show the payer, in English. */
  readonly payerMessage: string;

  constructor(status: number, body: Partial<ErrorBody> & { paymentResponseCode: PaymentResponseCode }) {
    super(status, body);
    this.paymentResponseCode = body.paymentResponseCode;
    this.transactionId = body.id;
    this.payerMessage = body.payerMessage ?? payerDeclineMessage(body.paymentResponseCode);
  }

  /** What to show the payer in `locale` (English, or Spanish for `es…`). */
  payerMessageIn(locale: string): string {
    return payerDeclineMessage(this.paymentResponseCode, locale);
  }
}

/**
 * A void or a refund the service refused (docs/api.md#voids-refunds-and-settlement):
 * `reversalResponseCode` says why (`PreviouslyVoided`, `AlreadySettled`, `NotSettled`,
 * `AmountExceedsRemaining`, …) and the message what to do instead.
 * @example
 * try { await paytoken.transactions.void(id) } catch (error) {
 *   if (error instanceof ReversalDeclinedError && error.reversalResponseCode === 'AlreadySettled')
 *     await paytoken.transactions.refund(id)
 * }
 */
export class ReversalDeclinedError extends PaytokenApiError {
  override readonly name = 'ReversalDeclinedError';
  readonly reversalResponseCode: ReversalResponseCode;

  constructor(status: number, body: Partial<ErrorBody> & { reversalResponseCode: ReversalResponseCode }) {
    super(status, body);
    this.reversalResponseCode = body.reversalResponseCode;
  }
}
