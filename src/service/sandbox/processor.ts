/**
 * The sandbox processor (docs/api.md#sandbox-processor): a deterministic stand-in for the card networks and the ACH
 * network, deciding each payment from its test data. It sees numbers only in memory, never stores them.
 */
import { responseMessages } from '../../shared/messages/api.js';
import type { PaymentResponseCode } from '../../shared/wire.js';
import type { PaymentProcessor, ProcessorSource } from '../payments/payment-processor.js';

export type { ProcessorSource };

/** The test cards the sandbox declines, and with what; test-data.ts prints them from here. */
export const DECLINED_CARDS: Readonly<Record<string, PaymentResponseCode>> = {
  '4000000000000002': 'GenericDecline',
  '4000000000009995': 'InsufficientFunds',
  '4000000000009987': 'LostOrStolenCard',
  '4000000000000069': 'ExpiredCard',
  '4000000000000127': 'DeclineCvvFail',
  '4000000000000101': 'DoNotHonor',
};

/** The ACH test routing numbers; the sandbox knows no other bank. */
export const SANDBOX_ROUTING_NUMBERS = ['011000015', '021000021', '111000025'];
/** The test bank account number the sandbox refuses as InvalidAccountNumber. */
export const DECLINED_ACCOUNT = '000111111113';

/** Above 1,000,000.00 a payment exceeds the approval limit. */
export const APPROVAL_LIMIT_CENTS = 100_000_000;

/** The sandbox's decision on a payment of `chargedCents` from `source`. */
export function decide(source: ProcessorSource, chargedCents: number): PaymentResponseCode {
  if (chargedCents > APPROVAL_LIMIT_CENTS) return 'ExceedsApprovalAmountLimit';
  if ('cardNumber' in source) return DECLINED_CARDS[source.cardNumber] ?? (source.expired ? 'ExpiredCard' : 'Success');
  if (source.accountNumber === DECLINED_ACCOUNT) return 'InvalidAccountNumber';
  return SANDBOX_ROUTING_NUMBERS.includes(source.routingNumber) ? 'Success' : 'InvalidRoutingNumber';
}

/** What an integrator reads for each answer (src/shared/messages/api.ts). */
export const RESPONSE_MESSAGES: Record<PaymentResponseCode, string> = responseMessages;

/**
 * The sandbox as the service's processor (src/service/payments/payment-processor.ts): it decides at once, in
 * memory, from its test data; captures, voids and refunds it always accepts (they settle with the
 * batch).
 */
export const sandboxProcessor: PaymentProcessor = {
  name: 'sandbox',
  authorize: (payment) => {
    const code = decide(payment.source, payment.amount);
    return Promise.resolve({ code, message: RESPONSE_MESSAGES[code] });
  },
  capture: () => Promise.resolve({ code: 'Success', message: RESPONSE_MESSAGES.Success }),
  void: () => Promise.resolve({ code: 'Success', message: RESPONSE_MESSAGES.Success }),
  refund: () => Promise.resolve({ code: 'Success', message: RESPONSE_MESSAGES.Success }),
};
