import type { PaymentResponseCode } from '../../shared/wire.js';
import { RESPONSE_MESSAGES } from '../sandbox/processor.js';
import type { Caller } from '../auth/caller.js';
import type { Repository } from '../storage/repository.js';
import type { Vault } from '../vault/vault.js';
import type { ProcessorDeps } from './payment-processor.js';
import type { Transaction } from './model.js';

/**
 * What a payment operation decided: approved with its stored transaction, or declined with the
 * processor's (or the rule's) code and a message for people; a stored decline names its transaction.
 */
export type PaymentResult =
  | { approved: true; transaction: Transaction }
  | { approved: false; code: PaymentResponseCode; message: string; transactionId?: number };

/** What the payment operations need from the service: its storage, its vault, its clock, its processor. */
export interface PaymentDeps extends ProcessorDeps {
  repository: Repository;
  vault: Vault;
  now: () => Date;
}

/** Who asks for a payment: where it is booked, and whose fee schedules apply. */
export type Payer = Pick<Caller, 'scope' | 'actingFor'>;

/**
 * The words of the domain's own declines (an unknown token, a method an operation does not take):
 * RESPONSE_MESSAGES, until the message catalog in src/shared/messages/ holds them.
 */
export const RULE_DECLINES = {
  InvalidToken: RESPONSE_MESSAGES.InvalidToken,
} as const;

/** A decline with the processor's message for its code unless a rule says more. */
export const declined = (code: PaymentResponseCode, message: string, transactionId?: number): PaymentResult => ({
  approved: false,
  code,
  message,
  ...(transactionId !== undefined && { transactionId }),
});
