import type { PaymentResponseCode } from '../../shared/wire.js';
import type { Caller } from '../auth/caller.js';
import type { Repository } from '../storage/repository.js';
import type { Vault } from '../vault/vault.js';
import type { Transaction } from './model.js';

/**
 * What a payment operation decided: approved with its stored transaction, or declined with the
 * processor's (or the rule's) code and a message for people; a stored decline names its transaction.
 */
export type PaymentResult =
  | { approved: true; transaction: Transaction }
  | { approved: false; code: PaymentResponseCode; message: string; transactionId?: number };

/** What the payment operations need from the service. */
export interface PaymentDeps {
  repository: Repository;
  vault: Vault;
  now: () => Date;
}

/** Who asks for a payment: where it is booked, and whose fee schedules apply. */
export type Payer = Pick<Caller, 'scope' | 'actingFor'>;

/** A decline with the sandbox's message for its code unless a rule says more. */
export const declined = (code: PaymentResponseCode, message: string, transactionId?: number): PaymentResult => ({
  approved: false,
  code,
  message,
  ...(transactionId !== undefined && { transactionId }),
});
