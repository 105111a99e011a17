import { formatMessage } from '../../shared/messages/catalog.js';
import { declineDetails } from '../../shared/messages/api.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import type { TransactionType } from '../../shared/wire.js';
import { brandOf, maskAccountNumber } from './account-number.js';
import { methodFingerprint } from './method-fingerprint.js';
import { processorSource } from './processor-source.js';
import { newId } from '../vault/random.js';
import { askProcessor, PROCESSOR_MESSAGES, type ProcessorSource } from './payment-processor.js';
import { RULE_DECLINES, declined, done, type PaymentDeps, type Payer, type PaymentResult } from './result.js';
import type { Repository } from '../storage/repository.js';
import { insertWithEvent } from '../events/record.js';
import { receiptOf } from './receipts.js';
import type { Cents, FeeBasis, FeeQuote, PaymentMethodKey, Token, TransactionMoney } from './model.js';
import { chargedWithFee, splitFee, type SplitMoney } from './fee-transaction.js';
import type { BinTable } from '../cards/bin-table.js';
import type { FeeContext } from '../fees/program.js';
import { achContext, cardContext, tokenContext } from './fee-context.js';
import { basisOfDraft, buildTransaction } from './build-transaction.js';
import { initiatingPartyFeeRefusal, moneyFor, quoteRefusal, undecidedMoney } from './money-rules.js';

/** What a sale charges: the processor's view of it, what the transaction shows of it, what decides its fee. */
interface Charged {
  source: ProcessorSource;
  transactionType: TransactionType;
  maskedAccountNumber: string;
  context: FeeContext;
  feeQuote: FeeQuote | null;
}

/** The card or bank account a sale charges, sent directly; a token is looked up by `sale`. */
function sentDirectly(draft: TransactionDraft, binTable: BinTable): Charged {
  const { source } = draft;
  if ('creditCardInformation' in source) {
    const { cardNumber } = source.creditCardInformation;
    return {
      source: { cardNumber, expired: false },
      transactionType: brandOf(cardNumber),
      maskedAccountNumber: maskAccountNumber(cardNumber),
      context: cardContext(source.creditCardInformation, binTable, draft.merchantInitiated),
      feeQuote: null,
    };
  }
  if ('bankAccountInformation' in source) {
    const { routingNumber, accountNumber } = source.bankAccountInformation;
    return {
      source: { routingNumber, accountNumber },
      transactionType: 'Ach',
      maskedAccountNumber: maskAccountNumber(accountNumber),
      context: achContext(draft.merchantInitiated),
      feeQuote: null,
    };
  }
  throw new Error('A sale charges a token, a card or a bank account, not an authorization.');
}

/**
 * A sale from a token or from card or bank details sent directly: fees in the payer's rates, the
 * processor's decision (payments/payment-processor.ts), and the transaction stored either way. An
 * unknown or deleted token is a decline, stored like any other (docs/api.md#sandbox-processor).
 * `known.token` is the draft's token (or null: none live in the payer's scope) when the caller has
 * read it already, as the schedules' runner does with the schedule it claims; else it is read here.
 * @example
 * const result = await sale(draft, payer, deps);
 */
export async function sale(
  draft: TransactionDraft,
  payer: Payer,
  deps: PaymentDeps,
  known?: { token: Token | null },
): Promise<PaymentResult> {
  const feeRefused = initiatingPartyFeeRefusal(draft, payer);
  if (feeRefused) return feeRefused;
  let charged: Charged;
  if ('tokenId' in draft.source) {
    const { tokenId } = draft.source;
    const token = known ? known.token : await deps.repository.tokens.find(tokenId, payer.scope);
    const { accountId, viaAccountId } = payer.scope;
    if (
      token &&
      (token.id !== tokenId || token.scope.accountId !== accountId || token.scope.viaAccountId !== viaAccountId)
    )
      throw new Error('The token read by the caller is not the sale’s.');
    if (!token) {
      const stored = await insertWithEvent(
        deps.repository,
        buildTransaction(basisOfDraft(draft, payer), { ...undecidedMoney(draft), paymentResponseCode: 'InvalidToken' }),
        deps.now(),
      );
      return declined('InvalidToken', RULE_DECLINES.InvalidToken, stored.id);
    }
    const source = processorSource(token, deps);
    charged = {
      source,
      transactionType: token.transactionType,
      maskedAccountNumber: token.maskedAccountNumber,
      context: tokenContext(token, source, deps, draft.merchantInitiated),
      feeQuote: token.feeQuote,
    };
  } else {
    charged = sentDirectly(draft, deps.binTable);
  }
  const priced = moneyFor(draft, charged.context, payer, false);
  if (!priced.ok) return priced;
  const money = priced.value;
  const unquoted = quoteRefusal(draft, charged.feeQuote, money);
  if (unquoted) return unquoted;
  const split = splitFee(payer.actingFor.feeProgram, money);
  if (!split.ok) return split;
  const pricing: Pricing = { money, split: split.value };
  const method: PaymentMethodKey = {
    fingerprint: methodFingerprint(charged.source, deps.vault),
    tokenId: 'tokenId' in draft.source ? draft.source.tokenId : null,
  };
  const windowMinutes = payer.actingFor.duplicateWindowMinutes;
  // A duplicate charges the method what the payment (or its principal) charges.
  const chargedAmount = pricing.split?.principal.amount ?? money.amount;
  if (!windowMinutes) return charge(deps.repository, draft, payer, charged, method, pricing, deps);
  // Checked and stored under one lock: two identical sales at once cannot both find no earlier one.
  const lock = JSON.stringify([
    'sale',
    payer.scope.accountId,
    payer.scope.viaAccountId,
    method.fingerprint,
    chargedAmount,
  ]);
  // The lock's transaction is the repository's: the sale and its event are stored in it together.
  return deps.repository.transaction((repository) =>
    repository.transactions.serialized(lock, async (store) => {
      const earlier = await store.lastApprovedSale(payer.scope, method, chargedAmount, windowMinutes);
      if (!earlier) return charge(repository, draft, payer, charged, method, pricing, deps);
      const stored = await insertWithEvent(
        repository,
        buildTransaction(basisOfDraft(draft, payer), {
          ...money,
          transactionType: charged.transactionType,
          maskedAccountNumber: charged.maskedAccountNumber,
          paymentMethodFingerprint: method.fingerprint,
          paymentResponseCode: 'HardDuplicateTransaction',
        }),
        deps.now(),
      );
      return declined('HardDuplicateTransaction', duplicateMessage(earlier, windowMinutes), stored.id);
    }),
  );
}

/**
 * The decline of a duplicate says which payment it repeats and when the same charge is accepted
 * again, so the payer's page can tell them (docs/api.md#duplicate-protection).
 */
export function duplicateMessage(earlier: { id: number; created: Date }, windowMinutes: number): string {
  const at = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const until = new Date(earlier.created.getTime() + windowMinutes * 60_000);
  return formatMessage(declineDetails.duplicate, { id: earlier.id, approvedAt: at(earlier.created), until: at(until) });
}

/** What a sale charges: the payment's money, and its two transactions' when its fee is its own. */
interface Pricing {
  money: TransactionMoney & FeeBasis;
  split: SplitMoney | null;
}

/** The processor's decision on a sale, stored with its `Sale` event when approved, and its outbox event. */
async function charge(
  repository: Repository,
  draft: TransactionDraft,
  payer: Payer,
  charged: Charged,
  method: PaymentMethodKey,
  { money, split }: Pricing,
  deps: PaymentDeps,
): Promise<PaymentResult> {
  const publicId = newId('txn');
  const ask = (reference: string, amount: Cents) =>
    askProcessor(deps, (processor, signal) =>
      processor.authorize({ reference, source: charged.source, amount, capture: true }, signal),
    );
  let answer = await ask(publicId, split?.principal.amount ?? money.amount);
  const feeId = newId('txn');
  if (split && answer?.code === 'Success') {
    const feeAnswer = await ask(feeId, split.fee.amount);
    // The principal without its fee is not the payment the payer agreed to: it is released at the
    // processor, and the payment is declined with the fee's answer (docs/fees.md#the-service-fee-as-its-own-transaction).
    if (feeAnswer?.code !== 'Success') {
      await askProcessor(deps, (processor, signal) => processor.void({ reference: publicId }, signal));
      answer = feeAnswer;
    }
  }
  // No answer in time: declined, and stored so (docs/domain.md#when-the-processor-does-not-answer).
  const paymentResponseCode = answer?.code ?? 'GenericDecline';
  const approved = paymentResponseCode === 'Success';
  const at = deps.now();
  const basis = basisOfDraft(draft, payer);
  const outcome = {
    transactionType: charged.transactionType,
    maskedAccountNumber: charged.maskedAccountNumber,
    paymentMethodFingerprint: method.fingerprint,
    paymentResponseCode,
    funding: money.funding,
    feeProgram: money.feeProgram,
    events: approved ? [{ eventType: 'Sale' as const, eventDate: at, comments: null }] : [],
  };
  const receipt = approved ? receiptOf('sale', basis, draft.sendReceipt) : null;
  if (approved && split)
    return done(
      await chargedWithFee(
        repository,
        buildTransaction(basis, { ...outcome, ...split.principal, publicId }),
        buildTransaction({ ...basis, sendReceipt: false }, { ...outcome, ...split.fee, publicId: feeId }),
        at,
        receipt,
      ),
    );
  const transaction = await insertWithEvent(
    repository,
    buildTransaction(basis, { ...money, ...outcome, publicId }),
    at,
    receipt,
  );
  if (!approved)
    return declined(paymentResponseCode, answer?.message ?? PROCESSOR_MESSAGES.noAnswerDeclined, transaction.id);
  return done(transaction);
}
