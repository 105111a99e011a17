import type { Repository } from '../storage/repository.js';
import type { Scope } from './model.js';
import { REVERSAL_MESSAGES, refused, type ReversalResult } from './reversal.js';

/**
 * Voids a transaction before settlement (docs/api.md#voids-refunds-and-settlement): the payer is not
 * charged, the fee and the agency's net become 0 and a Void event is added; an open authorization is
 * released the same way. Null when the transaction is not the caller's.
 */
export async function voidTransaction(
  id: string,
  scope: Scope,
  deps: { repository: Repository; now: () => Date },
): Promise<ReversalResult | null> {
  return deps.repository.transaction(async (repository) => {
    const transaction = await repository.transactions.lock(id, scope);
    if (!transaction) return null;
    if (transaction.paymentResponseCode !== 'Success')
      return refused('PreviouslyRejected', REVERSAL_MESSAGES.voidOfDeclined);
    if (transaction.voidedAt) return refused('PreviouslyVoided', REVERSAL_MESSAGES.previouslyVoided);
    // A voided refund would be a row of 0 that no longer gives anything back: refused, not modelled.
    if (transaction.originalTransactionId !== null) return refused('CannotBeVoided', REVERSAL_MESSAGES.voidOfRefund);
    if (transaction.batchId !== null) return refused('AlreadySettled', REVERSAL_MESSAGES.alreadySettled);
    const voided = await repository.transactions.voidTransaction(transaction.id, deps.now());
    if (!voided) return refused('PreviouslyVoided', REVERSAL_MESSAGES.previouslyVoided);
    return { ok: true, transaction: voided };
  });
}
