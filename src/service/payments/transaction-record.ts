import { transactionMessages } from '../../shared/messages/en.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { breakdown, type PaymentMethod } from '../fees/calculate.js';
import { newId } from '../vault/random.js';
import { cents, type NewTransaction, type TransactionMoney } from './model.js';
import { RefusedFields } from './refused.js';
import type { Payer } from './result.js';

/** How long an authorization can be captured (docs/api.md#authorizations). */
export const AUTHORIZATION_DAYS = 7;

type MoneyProblem = 'PAYER_FEE_EXCEEDS_AMOUNT' | 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT' | 'NET_AMOUNT_NEGATIVE';
const PROBLEM_FIELDS: Record<MoneyProblem, string> = {
  PAYER_FEE_EXCEEDS_AMOUNT: 'payerFee',
  NET_AMOUNT_NEGATIVE: 'amount',
  INITIATING_PARTY_FEE_EXCEEDS_AMOUNT: 'initiatingPartyFee',
};

/**
 * Refuses an initiating-party fee from a call that impersonates nobody: only a system acting for a
 * client takes one.
 */
export function checkInitiatingPartyFee(draft: TransactionDraft, payer: Payer): void {
  if (draft.initiatingPartyFeeCents > 0 && payer.scope.viaAccountId === null) {
    throw new RefusedFields([
      {
        field: 'initiatingPartyFee',
        code: 'INITIATING_PARTY_FEE_NOT_ALLOWED',
        message: transactionMessages.INITIATING_PARTY_FEE_NOT_ALLOWED,
      },
    ]);
  }
}

/** The fee breakdown of a draft for a method, in the rates of the account the call acts for. */
export function moneyFor(
  draft: TransactionDraft,
  method: PaymentMethod,
  payer: Payer,
  hasAuthorization: boolean,
): TransactionMoney {
  const result = breakdown(payer.actingFor.feeSchedules[method], {
    amount: draft.amountCents,
    payerFee: draft.payerFeeCents,
    initiatingPartyFee: draft.initiatingPartyFeeCents,
    hasAuthorization,
    impersonated: payer.scope.viaAccountId !== null,
  });
  if (typeof result === 'string')
    throw new RefusedFields([{ field: PROBLEM_FIELDS[result], code: result, message: transactionMessages[result] }]);
  return {
    amount: cents(result.amount),
    payerFee: cents(result.payerFee),
    fee: cents(result.fee),
    netAmount: cents(result.netAmount),
    initiatingPartyFee: cents(result.initiatingPartyFee),
    payerFeeMode: result.payerFeeMode,
  };
}

/** A transaction to store from a draft: the draft's payer details, and `fields` for the rest. */
export const newTransaction = (
  draft: TransactionDraft,
  payer: Payer,
  fields: Partial<NewTransaction> & TransactionMoney & Pick<NewTransaction, 'paymentResponseCode'>,
): NewTransaction => ({
  publicId: newId('txn'),
  scope: payer.scope,
  authorizationId: null,
  tokenId: 'tokenId' in draft.source ? draft.source.tokenId : null,
  payer: draft.payer,
  emailAddress: draft.emailAddress ?? null,
  attributeValues: draft.attributeValues ?? {},
  comments: draft.comments ?? null,
  sendReceipt: draft.sendReceipt,
  ipAddress: draft.ipAddress ?? null,
  transactionType: null,
  maskedAccountNumber: null,
  paymentMethodFingerprint: null,
  authorizedAmount: null,
  authorizationExpires: null,
  originalTransactionId: null,
  events: [],
  ...fields,
});
