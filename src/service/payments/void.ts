import type { Repository } from '../storage/repository.js';
import { VOID, moveOf, stateOf } from './lifecycle.js';
import type { Scope, Transaction } from './model.js';
import { lockWithPartner } from './fee-transaction.js';
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
    const pair = await lockWithPartner(repository, id, scope);
    if (!pair) return notFound('transaction');
    // A payment and its separate service fee are voided together or not at all
    // (docs/fees.md#the-service-fee-as-its-own-transaction): the payer's own first, then its partner's.
    const both = [pair.asked, ...(pair.partner ? [pair.partner] : [])];
    const moves = [];
    for (const transaction of both) {
      const move = moveOf(VOID, transaction);
      if ('refused' in move) return refused(move.refused, REVERSAL_MESSAGES[move.reason]);
      moves.push({ transaction, to: move.to });
    }
    for (const { transaction } of moves) {
      const answer = await askProcessor(deps, (processor, signal) =>
        processor.void({ reference: transaction.publicId }, signal),
      );
      // Nothing is written yet: the database transaction ends with nothing changed.
      if (!answer) throw new ProcessorUnavailable();
      if (answer.code !== 'Success') return refused('CannotBeVoided', answer.message);
    }
    const at = deps.now();
    const voided: Transaction[] = [];
    for (const { transaction, to } of moves) {
      const moved = await repository.transactions.transition(
        transaction.id,
        { from: stateOf(transaction), to },
        {
          money: voidedMoney(transaction),
          voidedAt: at,
          event: { eventType: 'Void', eventDate: at, comments: null },
        },
      );
      // Both rows are locked, so only the first can find itself moved (before anything is written).
      if (!moved) return refused('PreviouslyVoided', REVERSAL_MESSAGES.previouslyVoided);
      voided.push(moved);
    }
    for (const transaction of voided)
      await recordEvent(
        repository,
        transactionEvent(
          'transaction.voided',
          transaction,
          at,
          // One receipt, of the payment asked for.
          transaction === voided[0] ? receiptOf('void', transaction, sendReceipt) : null,
        ),
      );
    return done(voided[0] as Transaction);
  });
}
