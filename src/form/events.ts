import type { CardBrand, FeeQuote } from '../shared/wire.js';
import type { ResultFieldError } from '../tokenizer/index.js';
import type { Method } from './fields.js';

/**
 * A token was made: its id, and the fee quote the payer was shown (sent with the token, which the
 * service holds the payment to), or `undefined` when the form showed no fee.
 */
export class PaytokenTokenEvent extends Event {
  // Declared, then set: a field of its own would be emitted twice in the hosted bundle (its budget).
  declare readonly id: string;
  declare readonly feeQuote?: FeeQuote;

  constructor(id: string, feeQuote?: FeeQuote) {
    super('paytoken-token', { bubbles: true, composed: true });
    Object.assign(this, { id, feeQuote });
  }
}

/** Tokenizing failed: invalid fields, or the service said no. */
export class PaytokenErrorEvent extends Event {
  declare readonly errorMessage: string;
  declare readonly code: string;
  declare readonly errors: ResultFieldError[];

  constructor(errorMessage: string, code: string, errors: ResultFieldError[]) {
    super('paytoken-error', { bubbles: true, composed: true });
    Object.assign(this, { errorMessage, code, errors });
  }
}

/**
 * The payer changed something, or the fee shown changed (a card of the same brand with another fee):
 * which method, which brand, and whether the form is complete and valid.
 */
export class PaytokenChangeEvent extends Event {
  declare readonly method: Method;
  declare readonly brand: CardBrand | null;
  declare readonly complete: boolean;
  declare readonly valid: boolean;

  constructor(method: Method, brand: CardBrand | null, complete: boolean, valid: boolean) {
    super('paytoken-change', { bubbles: true, composed: true });
    Object.assign(this, { method, brand, complete, valid });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'paytoken-token': PaytokenTokenEvent;
    'paytoken-error': PaytokenErrorEvent;
    'paytoken-change': PaytokenChangeEvent;
  }
}
