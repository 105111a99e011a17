import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import type { TransactionType } from '../../shared/wire.js';
import { RESPONSE_MESSAGES, decide, type ProcessorSource } from '../processor/sandbox.js';
import { brandOf, maskAccountNumber } from './account-number.js';
import { processorSource } from './processor-source.js';
import { declined, type PaymentDeps, type Payer, type PaymentResult } from './result.js';
import { moneyFor, newTransaction } from './transaction-record.js';

/** What a sale charges: the processor's view of it, and what the transaction shows of it. */
interface Charged {
  source: ProcessorSource;
  transactionType: TransactionType;
  maskedAccountNumber: string;
}

/** The card or bank account a sale charges, sent directly; a token is looked up by `sale`. */
function sentDirectly(source: TransactionDraft['source']): Charged {
  if ('creditCardInformation' in source) {
    const { cardNumber } = source.creditCardInformation;
    return {
      source: { cardNumber, expired: false },
      transactionType: brandOf(cardNumber),
      maskedAccountNumber: maskAccountNumber(cardNumber),
    };
  }
  if ('bankAccountInformation' in source) {
    const { routingNumber, accountNumber } = source.bankAccountInformation;
    return {
      source: { routingNumber, accountNumber },
      transactionType: 'Ach',
      maskedAccountNumber: maskAccountNumber(accountNumber),
    };
  }
  throw new Error('A sale charges a token, a card or a bank account, not an authorization.');
}

/**
 * A sale from a token or from card or bank details sent directly: fees in the payer's rates, the
 * sandbox's decision, and the transaction stored either way. An unknown or deleted token is a
 * decline, stored like any other (docs/api.md#sandbox-processor).
 */
export async function sale(draft: TransactionDraft, payer: Payer, deps: PaymentDeps): Promise<PaymentResult> {
  const { transactions } = deps.repository;
  let charged: Charged;
  if ('tokenId' in draft.source) {
    const token = await deps.repository.tokens.find(draft.source.tokenId, payer.scope);
    if (!token) {
      const I = draft.initiatingPartyFeeCents;
      const stored = await transactions.insert(
        newTransaction(draft, payer, {
          amount: draft.amountCents,
          payerFee: draft.payerFeeCents ?? 0,
          fee: 0,
          netAmount: draft.amountCents - I,
          initiatingPartyFee: I,
          payerFeeMode: null,
          paymentResponseCode: 'InvalidToken',
        }),
      );
      return declined('InvalidToken', RESPONSE_MESSAGES.InvalidToken, stored.id);
    }
    charged = {
      source: processorSource(token, deps),
      transactionType: token.transactionType,
      maskedAccountNumber: token.maskedAccountNumber,
    };
  } else {
    charged = sentDirectly(draft.source);
  }
  const money = moneyFor(draft, charged.transactionType === 'Ach' ? 'ach' : 'creditCard', payer, false);
  const paymentResponseCode = decide(charged.source, money.amount);
  const approved = paymentResponseCode === 'Success';
  const transaction = await transactions.insert(
    newTransaction(draft, payer, {
      ...money,
      transactionType: charged.transactionType,
      maskedAccountNumber: charged.maskedAccountNumber,
      paymentResponseCode,
      events: approved ? [{ eventType: 'Sale', eventDate: deps.now(), comments: null }] : [],
    }),
  );
  if (!approved) return declined(paymentResponseCode, RESPONSE_MESSAGES[paymentResponseCode], transaction.id);
  return { approved: true, transaction };
}
