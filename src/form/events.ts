import type { CardBrand } from '../shared/wire.js';
import type { ResultFieldError } from '../tokenizer/index.js';
import type { Method } from './fields.js';

/** A token was made; only its id is in the event. */
export class PaytokenTokenEvent extends Event {
  constructor(readonly id: string) {
    super('paytoken-token', { bubbles: true, composed: true });
  }
}

/** Tokenizing failed: invalid fields, or the service said no. */
export class PaytokenErrorEvent extends Event {
  constructor(
    readonly errorMessage: string,
    readonly code: string,
    readonly errors: ResultFieldError[],
  ) {
    super('paytoken-error', { bubbles: true, composed: true });
  }
}

/** The payer changed something: which method, which brand, and whether the form is complete and valid. */
export class PaytokenChangeEvent extends Event {
  constructor(
    readonly method: Method,
    readonly brand: CardBrand | null,
    readonly complete: boolean,
    readonly valid: boolean,
  ) {
    super('paytoken-change', { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'paytoken-token': PaytokenTokenEvent;
    'paytoken-error': PaytokenErrorEvent;
    'paytoken-change': PaytokenChangeEvent;
  }
}
