import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { newId } from '../vault/random.js';
import { cents } from './model.js';
import { processorSource } from './processor-source.js';
import { askProcessor, PROCESSOR_MESSAGES } from './payment-processor.js';
import { RULE_DECLINES, declined, done, type PaymentDeps, type Payer, type PaymentResult } from './result.js';
import { basisOfDraft, buildTransaction } from './build-transaction.js';
import { AUTHORIZATION_DAYS } from './lifecycle.js';
import { moneyFor } from './money-rules.js';
import { tokenContext } from './fee-context.js';
import { insertWithEvent } from '../events/record.js';

/** `POST /transactions/authorize`'s request, money in cents. */
export interface AuthorizationDraft {
  tokenId: string;
  amountCents: number;
  /** Where the capture's receipt goes; not sent: the token's address; empty: none. */
  emailAddress?: string;
}

/**
 * Holds an amount on a card token for 7 days, to capture later (docs/api.md#authorizations). ACH tokens cannot be
 * authorized; an unknown token is a decline that stores nothing; a processor decline is stored.
 */
export async function authorize(
  { tokenId, amountCents, emailAddress }: AuthorizationDraft,
  payer: Payer,
  deps: PaymentDeps,
): Promise<PaymentResult> {
  const token = await deps.repository.tokens.find(tokenId, payer.scope);
  if (!token) return declined('InvalidToken', RULE_DECLINES.InvalidToken);
  if (token.transactionType === 'Ach')
    return declined(
      'InvalidPaymentType',
      'Only card tokens can be authorized; an ACH token is charged with POST /transactions.',
    );
  const draft: TransactionDraft = {
    payer: token.payer,
    emailAddress: emailAddress ?? token.emailAddress,
    amountCents,
    payerFeeCents: null,
    initiatingPartyFeeCents: 0,
    source: { tokenId },
    sendReceipt: false,
  };
  const source = processorSource(token, deps);
  const priced = moneyFor(draft, tokenContext(token, source, deps), payer, true);
  if (!priced.ok) return priced;
  const money = priced.value;
  const publicId = newId('txn');
  const answer = await askProcessor(deps, (processor, signal) =>
    processor.authorize({ reference: publicId, source, amount: cents(amountCents), capture: false }, signal),
  );
  // No answer in time: declined, and stored so (docs/domain.md#when-the-processor-does-not-answer).
  const paymentResponseCode = answer?.code ?? 'GenericDecline';
  const approved = paymentResponseCode === 'Success';
  const now = deps.now();
  const transaction = await insertWithEvent(
    deps.repository,
    buildTransaction(basisOfDraft(draft, payer), {
      publicId,
      ...money,
      paymentResponseCode,
      authorizationId: approved ? newId('auth') : null,
      transactionType: token.transactionType,
      maskedAccountNumber: token.maskedAccountNumber,
      authorizedAmount: cents(amountCents),
      authorizationExpires: new Date(now.getTime() + AUTHORIZATION_DAYS * 86_400_000),
      events: approved ? [{ eventType: 'Authorize', eventDate: now, comments: null }] : [],
    }),
    now,
  );
  if (!approved)
    return declined(paymentResponseCode, answer?.message ?? PROCESSOR_MESSAGES.noAnswerDeclined, transaction.id);
  return done(transaction);
}
