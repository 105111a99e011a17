import { formatAmount } from '../../shared/money.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { AUTHORIZATION_DAYS, CAPTURE, CAPTURE_MESSAGES, moveOf, stateOf } from './lifecycle.js';
import { initiatingPartyFeeRefusal, moneyFor } from './money-rules.js';
import { PROCESSOR_MESSAGES, ProcessorUnavailable, askProcessor } from './payment-processor.js';
import { insertWithEvent, recordEvent, transactionEvent } from '../events/record.js';
import { splitFee } from './fee-transaction.js';
import { basisOfRefund, buildTransaction } from './build-transaction.js';
import { processorSource } from './processor-source.js';
import { newId } from '../vault/random.js';
import { declineDetails } from '../../shared/messages/api.js';
import { receiptOf } from './receipts.js';
import { declined, done, type PaymentDeps, type Payer, type PaymentResult } from './result.js';
import { tokenContext } from './fee-context.js';
import type { FeeContext } from '../fees/program.js';

const cardOnly: FeeContext = {
  method: 'creditCard',
  funding: 'unknown',
  brand: null,
  state: null,
  merchantInitiated: false,
};

/**
 * A capture of an authorization (docs/api.md#authorizations), as the CAPTURE table of
 * payments/lifecycle.ts says: at most the authorized amount, payer fee included, once, within 7 days,
 * under the same impersonation. Every refusal is an InvalidAuthorization decline that says why.
 */
export async function capture(
  draft: TransactionDraft,
  authorizationId: string,
  payer: Payer,
  deps: PaymentDeps,
): Promise<PaymentResult> {
  const feeRefused = initiatingPartyFeeRefusal(draft, payer);
  if (feeRefused) return feeRefused;
  const { transactions } = deps.repository;
  const authorization = await transactions.findAuthorization(authorizationId, payer.scope);
  const refuse = (reason: string) => declined('InvalidAuthorization', reason, authorization?.id);
  if (!authorization) return refuse(CAPTURE_MESSAGES.unknown);
  const move = moveOf(CAPTURE, authorization);
  if ('refused' in move) return refuse(CAPTURE_MESSAGES[move.reason]);
  const expired = (at: Date) => (authorization.authorizationExpires?.getTime() ?? 0) <= at.getTime();
  const expiredMessage = `This authorization expired (they last ${AUTHORIZATION_DAYS} days).`;
  if (expired(deps.now())) return refuse(expiredMessage);
  const authorized = authorization.authorizedAmount ?? 0;
  if (draft.amountCents > authorized)
    return refuse(`The capture amount is more than the authorized ${formatAmount(authorized)}.`);
  // The card's funding as the authorization recorded it; its state from the token, while it lives.
  const token = authorization.tokenId ? await deps.repository.tokens.find(authorization.tokenId, payer.scope) : null;
  const context: FeeContext = {
    ...(token ? tokenContext(token, null, deps, draft.merchantInitiated) : cardOnly),
    funding: authorization.funding ?? 'unknown',
    brand: authorization.transactionType,
  };
  const priced = moneyFor(draft, context, payer, true);
  if (!priced.ok) return priced;
  const money = priced.value;
  if (money.amount > authorized)
    return refuse(`With the payer fee the capture is more than the authorized ${formatAmount(authorized)}.`);
  const split = splitFee(payer.actingFor.feeProgram, money);
  if (!split.ok) return split;
  const feeMoney = split.value?.fee;
  // A separate service fee is its own payment by the authorization's token, charged first: a principal
  // is never captured without the fee the payer agreed to (docs/fees.md#the-service-fee-as-its-own-transaction).
  const feeId = newId('txn');
  if (feeMoney) {
    if (!token) return refuse(declineDetails.feeNeedsToken);
    const feeAnswer = await askProcessor(deps, (processor, signal) =>
      processor.authorize(
        { reference: feeId, source: processorSource(token, deps), amount: feeMoney.amount, capture: true },
        signal,
      ),
    );
    if (feeAnswer?.code !== 'Success')
      return declined(feeAnswer?.code ?? 'GenericDecline', feeAnswer?.message ?? PROCESSOR_MESSAGES.noAnswerDeclined);
  }
  const principalMoney = split.value?.principal ?? money;
  const answer = await askProcessor(deps, (processor, signal) =>
    processor.capture({ reference: authorization.publicId, amount: principalMoney.amount }, signal),
  );
  const releaseFee = async () => {
    if (feeMoney) await askProcessor(deps, (processor, signal) => processor.void({ reference: feeId }, signal));
  };
  if (!answer) {
    await releaseFee();
    throw new ProcessorUnavailable();
  }
  if (answer.code !== 'Success') {
    await releaseFee();
    return refuse(answer.message);
  }
  // Recorded when the processor answered: a capture it answers after the authorization expired is refused.
  const now = deps.now();
  const transaction = await deps.repository.transaction(async (repository) => {
    const captured = await repository.transactions.transition(
      authorization.id,
      { from: stateOf(authorization), to: move.to },
      {
        money: principalMoney,
        capturedAt: now,
        comments: draft.comments ?? null,
        event: { eventType: 'Capture', eventDate: now, comments: null },
        unexpiredAt: now,
      },
    );
    if (!captured) return null;
    const fee = feeMoney
      ? await insertWithEvent(
          repository,
          buildTransaction(
            { ...basisOfRefund(captured), comments: draft.comments ?? null },
            {
              ...feeMoney,
              publicId: feeId,
              paymentResponseCode: 'Success',
              funding: captured.funding,
              feeProgram: captured.feeProgram,
              principalTransactionId: captured.id,
              events: [{ eventType: 'Sale', eventDate: now, comments: null }],
            },
          ),
          now,
        )
      : null;
    const linked = fee ? { ...captured, feeTransactionId: fee.id, feeTransaction: fee } : captured;
    // The capture request's wish and language: the authorization's may say otherwise.
    await recordEvent(
      repository,
      transactionEvent(
        'transaction.captured',
        linked,
        now,
        receiptOf('capture', linked, draft.sendReceipt, draft.locale),
      ),
    );
    return linked;
  });
  if (!transaction) await releaseFee();
  if (!transaction) return refuse(expired(now) ? expiredMessage : CAPTURE_MESSAGES.captured);
  return done(transaction);
}
