import type { FieldError } from '../../shared/wire.js';

/**
 * A request the payment rules refuse field by field, before anything is charged: the service answers
 * 400 with every problem (app.ts maps it), so the rules need not know HTTP.
 * @example throw new RefusedFields([{ field: 'payerFee', code: 'PAYER_FEE_EXCEEDS_AMOUNT', message: '…' }]);
 */
export class RefusedFields extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => error.message).join(' '));
    this.name = 'RefusedFields';
  }
}
