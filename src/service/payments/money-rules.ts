/**
 * Every money rule of a transaction, in cents (docs/fees.md): the breakdown of a charge in the payer's
 * rates, who may take an initiating-party fee, what a decline, a void and a refund record.
 */
import { transactionMessages } from '../../shared/messages/en.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { breakdown, type PaymentMethod } from '../fees/calculate.js';
import { cents, type Cents, type Transaction, type TransactionMoney } from './model.js';
import { done, invalid, type Payer, type Result } from './result.js';

type MoneyProblem = 'PAYER_FEE_EXCEEDS_AMOUNT' | 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT' | 'NET_AMOUNT_NEGATIVE';
const PROBLEM_FIELDS: Record<MoneyProblem, string> = {
  PAYER_FEE_EXCEEDS_AMOUNT: 'payerFee',
  NET_AMOUNT_NEGATIVE: 'amount',
  INITIATING_PARTY_FEE_EXCEEDS_AMOUNT: 'initiatingPartyFee',
};

/**
 * Refuses an initiating-party fee from a call that impersonates nobody: only a system acting for a
 * client takes one. A sale and a capture check it first, before anything is looked up or stored.
 */
export function initiatingPartyFeeRefusal(draft: TransactionDraft, payer: Payer): Result<never> | null {
  if (draft.initiatingPartyFeeCents > 0 && payer.scope.viaAccountId === null)
    return invalid([
      {
        field: 'initiatingPartyFee',
        code: 'INITIATING_PARTY_FEE_NOT_ALLOWED',
        message: transactionMessages.INITIATING_PARTY_FEE_NOT_ALLOWED,
      },
    ]);
  return null;
}

/** The fee breakdown of a draft for a method, in the rates of the account the call acts for. */
export function moneyFor(
  draft: TransactionDraft,
  method: PaymentMethod,
  payer: Payer,
  hasAuthorization: boolean,
): Result<TransactionMoney> {
  const result = breakdown(payer.actingFor.feeSchedules[method], {
    amount: draft.amountCents,
    payerFee: draft.payerFeeCents,
    initiatingPartyFee: draft.initiatingPartyFeeCents,
    hasAuthorization,
    impersonated: payer.scope.viaAccountId !== null,
  });
  if (typeof result === 'string')
    return invalid([{ field: PROBLEM_FIELDS[result], code: result, message: transactionMessages[result] }]);
  return done({
    amount: cents(result.amount),
    payerFee: cents(result.payerFee),
    fee: cents(result.fee),
    netAmount: cents(result.netAmount),
    initiatingPartyFee: cents(result.initiatingPartyFee),
    payerFeeMode: result.payerFeeMode,
  });
}

/** What a sale declined before any fee was worked out (an unknown token) records: the draft's amounts, no fee. */
export function undecidedMoney(draft: TransactionDraft): TransactionMoney {
  const initiatingPartyFee = cents(draft.initiatingPartyFeeCents);
  return {
    amount: cents(draft.amountCents),
    payerFee: cents(draft.payerFeeCents ?? 0),
    fee: cents(0),
    netAmount: cents(draft.amountCents - initiatingPartyFee),
    initiatingPartyFee,
    payerFeeMode: null,
  };
}

/** A voided transaction charges nothing: amount, fees and net become 0 (docs/api.md#voids-refunds-and-settlement). */
export const voidedMoney = (voided: Transaction): TransactionMoney => ({
  amount: cents(0),
  payerFee: cents(0),
  fee: cents(0),
  netAmount: cents(0),
  initiatingPartyFee: cents(0),
  payerFeeMode: voided.payerFeeMode,
});

/**
 * A refund of `amount` (docs/fees.md#refunds): −amount, and a netAmount of −amount with fees of 0, so
 * the payer gets back exactly the amount, the agency's funding bears it and the service keeps the
 * original fee.
 */
export const refundMoney = (amount: Cents): TransactionMoney => ({
  amount: cents(0 - amount),
  payerFee: cents(0),
  fee: cents(0),
  netAmount: cents(0 - amount),
  initiatingPartyFee: cents(0),
  payerFeeMode: null,
});

/** What is left to refund of a settled payment. */
export const remainingToRefund = (transaction: Transaction): Cents =>
  cents(transaction.amount - transaction.refundedAmount);
