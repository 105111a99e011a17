import type { Repository, Scope } from '../storage/repository.js';
import { refused, type ReversalResult } from './reversal.js';

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
      return refused('PreviouslyRejected', 'This transaction was declined, so there is nothing to void.');
    if (transaction.voidedAt) return refused('PreviouslyVoided', 'This transaction was already voided.');
    if (transaction.batchId !== null)
      return refused(
        'AlreadySettled',
        'This transaction is already settled and can no longer be voided; refund it instead (POST /api/v1/transactions/{id}/refund).',
      );
    const voided = await repository.transactions.voidTransaction(transaction.id, deps.now());
    if (!voided) return refused('PreviouslyVoided', 'This transaction was already voided.');
    return { ok: true, transaction: voided };
  });
}
