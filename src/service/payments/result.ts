import type { FieldError, PaymentResponseCode } from '../../shared/wire.js';
import type { Caller } from '../auth/authenticate.js';
import type { ServiceDeps } from '../deps.js';
import type { StoredTransaction } from '../storage/transactions.js';

/**
 * What a payment operation decided: approved with its stored transaction, or declined with the
 * processor's (or the rule's) code and a message for people; a stored decline names its transaction.
 */
export type PaymentResult =
  | { approved: true; transaction: StoredTransaction }
  | { approved: false; code: PaymentResponseCode; message: string; transactionId?: number };

/** What the payment operations need from the service. */
export type PaymentDeps = Pick<ServiceDeps, 'repository' | 'vault' | 'now'>;

/** Who asks for a payment: where it is booked, and whose fee schedules apply. */
export type Payer = Pick<Caller, 'scope' | 'actingFor'>;

/** A decline with the sandbox's message for its code unless a rule says more. */
export const declined = (code: PaymentResponseCode, message: string, transactionId?: number): PaymentResult => ({
  approved: false,
  code,
  message,
  ...(transactionId !== undefined && { transactionId }),
});

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
