/**
 * The payer fee of a schedule's payment: the one place a run's fee is decided. A run is a
 * merchant-initiated payment (the payer is not there to accept a fee), so no convenience fee is
 * added to it: `payerFee` 0, and the account's fee schedule decides the fee the account bears
 * (docs/fees.md, Mode B; docs/autopay.md#fees).
 */
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { cents, type Cents } from '../payments/model.js';
import type { Schedule } from './payment-schedule.js';

/** The payer fee a run adds to its amount: none. */
export function runPayerFee(): Cents {
  return cents(0);
}

/** The sale a run asks for: the schedule's token, the payment's amount, the run's fee. */
export function runDraft(schedule: Schedule, amount: Cents, tokenId: string): TransactionDraft {
  return {
    payer: schedule.payer,
    emailAddress: schedule.emailAddress,
    amountCents: amount,
    payerFeeCents: runPayerFee(),
    initiatingPartyFeeCents: schedule.initiatingPartyFee,
    source: { tokenId },
    attributeValues: schedule.attributeValues,
    ...(schedule.comments !== null && { comments: schedule.comments }),
    ...(schedule.ipAddress !== null && { ipAddress: schedule.ipAddress }),
    sendReceipt: false,
    merchantInitiated: true,
  };
}
