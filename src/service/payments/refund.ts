import { formatAmount } from '../../shared/money.js';
import type { Repository } from '../storage/repository.js';
import { basisOfRefund, buildTransaction } from './build-transaction.js';
import { REFUND, moveOf } from './lifecycle.js';
import { cents, type Cents, type Scope, type Transaction } from './model.js';
import { feeRefundOf, lockWithPartner } from './fee-transaction.js';
import { DEFAULT_FEE_ON_REFUND, NO_PROGRAM, type FeeProgram } from '../fees/program.js';
import { refundMoney, remainingToRefund } from './money-rules.js';
import { recordEvent, transactionEvent } from '../events/record.js';
import { receiptOf } from './receipts.js';
import { ProcessorUnavailable, askProcessor, type ProcessorDeps } from './payment-processor.js';
import { newId } from '../vault/random.js';
import { done, notFound } from './result.js';
import { REVERSAL_MESSAGES, refused, type ReversalResult } from './reversal.js';

/**
 * Refunds a settled payment (the REFUND table of payments/lifecycle.ts), in full (`amountCents` null:
 * what is left) or in part: a new transaction built from the original with the refund's money
 * (payments/money-rules.ts `refundMoney`, docs/fees.md#refunds). The original is locked (SELECT …
 * FOR UPDATE) for the whole check-and-insert, so concurrent refunds never exceed what was charged.
 * A principal whose service fee is its own transaction gives back of the fee what the account's
 * `feeOnRefund` says (docs/fees.md#the-service-fee-as-its-own-transaction), in the same database
 * transaction; the fee's refund is the answer's `feeTransaction`.
 * With `sendReceipt`, the payer is e-mailed a receipt of the refund (payments/receipts.ts).
 * Not found when the transaction is not the caller's.
 */
export async function refund(
  id: string,
  amountCents: number | null,
  scope: Scope,
  deps: { repository: Repository; now: () => Date } & ProcessorDeps,
  sendReceipt = false,
  feeProgram: Pick<FeeProgram, 'feeOnRefund'> = NO_PROGRAM,
): Promise<ReversalResult> {
  return deps.repository.transaction(async (repository) => {
    const pair = await lockWithPartner(repository, id, scope);
    if (!pair) return notFound('transaction');
    const original = pair.asked;
    const move = moveOf(REFUND, original);
    if ('refused' in move) return refused(move.refused, REVERSAL_MESSAGES[move.reason]);
    const remaining = remainingToRefund(original);
    const amount = amountCents === null ? remaining : cents(amountCents);
    if (remaining === 0) return refused('AmountExceedsRemaining', REVERSAL_MESSAGES.refundedInFull);
    if (amount > remaining)
      return refused('AmountExceedsRemaining', REVERSAL_MESSAGES.exceedsRemaining(formatAmount(remaining)));
    const fee = pair.partner?.principalTransactionId === original.id ? pair.partner : null;
    const feeAmount = fee ? feeRefundOf(feeProgram.feeOnRefund ?? DEFAULT_FEE_ON_REFUND, original, amount, fee) : 0;
    const created = await refundOne(repository, original, amount, deps, sendReceipt);
    if (!created.ok || !fee || feeAmount === 0 || 'refused' in moveOf(REFUND, fee)) return created;
    const feeRefund = await refundOne(repository, fee, cents(feeAmount), deps, false);
    // The principal's refund is already asked of the processor: a fee it will not refund stays charged.
    if (!feeRefund.ok) return created;
    return done({ ...created.value, feeTransaction: feeRefund.value });
  });
}

/** One refund of `amount` of a locked original: asked of the processor, then stored with its events. */
async function refundOne(
  repository: Repository,
  original: Transaction,
  amount: Cents,
  deps: { now: () => Date } & ProcessorDeps,
  sendReceipt: boolean,
): Promise<ReversalResult> {
  const publicId = newId('txn');
  const answer = await askProcessor(deps, (processor, signal) =>
    processor.refund({ reference: publicId, originalReference: original.publicId, amount }, signal),
  );
  // Nothing is written yet: the database transaction ends with nothing changed.
  if (!answer) throw new ProcessorUnavailable();
  if (answer.code !== 'Success') return refused('NotRefundable', answer.message);
  const at = deps.now();
  const created = await repository.transactions.insert(
    buildTransaction(basisOfRefund(original), {
      publicId,
      ...refundMoney(amount),
      paymentResponseCode: 'Success',
      originalTransactionId: original.id,
      events: [{ eventType: 'Refund', eventDate: at, comments: null }],
    }),
  );
  await repository.transactions.addEvent(
    original.id,
    'Refund',
    at,
    `Refund ${created.publicId}: ${formatAmount(amount)}`,
  );
  await recordEvent(
    repository,
    transactionEvent('transaction.refunded', created, at, receiptOf('refund', created, sendReceipt)),
  );
  return done(created);
}
