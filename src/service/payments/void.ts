import type { Repository } from '../storage/repository.js';
import { VOID, moveOf, stateOf } from './lifecycle.js';
import type { Scope } from './model.js';
import { voidedMoney } from './money-rules.js';
import { ProcessorUnavailable, askProcessor, type ProcessorDeps } from './payment-processor.js';
import { done, notFound } from './result.js';
import { recordEvent, transactionEvent } from '../events/record.js';
import { receiptOf } from './receipts.js';
import { REVERSAL_MESSAGES, refused, type ReversalResult } from './reversal.js';

/**
 * Voids a transaction before settlement (docs/api.md#voids-refunds-and-settlement), as the VOID table
 * of payments/lifecycle.ts says: the payer is not charged, the fee and the agency's net become 0 and a
 * Void event is added; an open authorization is released the same way. With `sendReceipt`, the payer
 * is e-mailed a receipt of the void (payments/receipts.ts). Not found when the
 * transaction is not the caller's.
 */
export async function voidTransaction(
  id: string,
  scope: Scope,
  deps: { repository: Repository; now: () => Date } & ProcessorDeps,
  sendReceipt = false,
): Promise<ReversalResult> {
  return deps.repository.transaction(async (repository) => {
    const transaction = await repository.transactions.lock(id, scope);
    if (!transaction) return notFound('transaction');
    const move = moveOf(VOID, transaction);
    if ('refused' in move) return refused(move.refused, REVERSAL_MESSAGES[move.reason]);
    const answer = await askProcessor(deps, (processor, signal) =>
      processor.void({ reference: transaction.publicId }, signal),
    );
    // Nothing is written yet: the database transaction ends with nothing changed.
    if (!answer) throw new ProcessorUnavailable();
    if (answer.code !== 'Success') return refused('CannotBeVoided', answer.message);
    const at = deps.now();
    const voided = await repository.transactions.transition(
      transaction.id,
      { from: stateOf(transaction), to: move.to },
      {
        money: voidedMoney(transaction),
        voidedAt: at,
        event: { eventType: 'Void', eventDate: at, comments: null },
      },
    );
    if (!voided) return refused('PreviouslyVoided', REVERSAL_MESSAGES.previouslyVoided);
    await recordEvent(
      repository,
      transactionEvent('transaction.voided', voided, at, receiptOf('void', voided, sendReceipt)),
    );
    return done(voided);
  });
}
