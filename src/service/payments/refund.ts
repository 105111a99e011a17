import { formatAmount } from '../../shared/money.js';
import { newId } from '../vault/random.js';
import type { Repository } from '../storage/repository.js';
import { cents, type Cents, type Scope, type Transaction } from './model.js';
import { REFUND, moveOf } from './lifecycle.js';
import { REVERSAL_MESSAGES, refused, type ReversalResult } from './reversal.js';

/** What is left to refund of a settled payment, in cents. */
export const remainingToRefund = (transaction: Transaction): Cents =>
  cents(transaction.amount - transaction.refundedAmount);

/**
 * Refunds a settled payment (the REFUND table of payments/lifecycle.ts), in full (`amountCents` null: what is left) or in part
 * (docs/fees.md#refunds): a new transaction of −amount whose netAmount is −amount and whose fees are
 * 0, so the payer gets back exactly the amount, the agency's funding bears it and the service keeps
 * the original fee. The original is locked (SELECT … FOR UPDATE) for the whole check-and-insert, so
 * concurrent refunds never exceed what was charged. Null when the transaction is not the caller's.
 */
export async function refund(
  id: string,
  amountCents: number | null,
  scope: Scope,
  deps: { repository: Repository; now: () => Date },
): Promise<ReversalResult | null> {
  return deps.repository.transaction(async (repository) => {
    const original = await repository.transactions.lock(id, scope);
    if (!original) return null;
    const move = moveOf(REFUND, original);
    if ('refused' in move) return refused(move.refused, REVERSAL_MESSAGES[move.reason]);
    const remaining = remainingToRefund(original);
    const amount = amountCents ?? remaining;
    if (remaining === 0) return refused('AmountExceedsRemaining', REVERSAL_MESSAGES.refundedInFull);
    if (amount > remaining)
      return refused('AmountExceedsRemaining', REVERSAL_MESSAGES.exceedsRemaining(formatAmount(remaining)));
    const at = deps.now();
    const created = await repository.transactions.insert({
      publicId: newId('txn'),
      scope: original.scope,
      authorizationId: null,
      tokenId: original.tokenId,
      payer: original.payer,
      emailAddress: original.emailAddress,
      attributeValues: original.attributeValues,
      comments: null,
      sendReceipt: false,
      ipAddress: null,
      transactionType: original.transactionType,
      maskedAccountNumber: original.maskedAccountNumber,
      paymentMethodFingerprint: original.paymentMethodFingerprint,
      amount: cents(-amount),
      payerFee: cents(0),
      fee: cents(0),
      netAmount: cents(-amount),
      initiatingPartyFee: cents(0),
      payerFeeMode: null,
      paymentResponseCode: 'Success',
      authorizedAmount: null,
      authorizationExpires: null,
      originalTransactionId: original.id,
      events: [{ eventType: 'Refund', eventDate: at, comments: null }],
    });
    await repository.transactions.addEvent(
      original.id,
      'Refund',
      at,
      `Refund ${created.publicId}: ${formatAmount(amount)}`,
    );
    return { ok: true, transaction: created };
  });
}
