/**
 * Every money rule of a transaction, in cents (docs/fees.md): the breakdown of a charge in the payer's
 * rates, who may take an initiating-party fee, what a decline, a void and a refund record.
 */
import { transactionMessages } from '../../shared/messages/en.js';
import { feeMessages, feeRuleMessages } from '../../shared/messages/api.js';
import { formatMessage } from '../../shared/messages/catalog.js';
import { formatAmount } from '../../shared/money.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { breakdownAt, type BreakdownProblem } from '../fees/calculate.js';
import { payerFeeBreach, quoteBreach, rateFor, type FeeContext } from '../fees/program.js';
import { cents, type Cents, type FeeBasis, type FeeQuote, type Transaction, type TransactionMoney } from './model.js';
import { done, invalid, type Payer, type Result } from './result.js';

const PROBLEM_FIELDS: Record<BreakdownProblem, string> = {
  PAYER_FEE_EXCEEDS_AMOUNT: 'payerFee',
  NET_AMOUNT_NEGATIVE: 'amount',
  INITIATING_PARTY_FEE_EXCEEDS_AMOUNT: 'initiatingPartyFee',
  PAYER_FEE_REQUIRED: 'payerFee',
};
const PROBLEM_MESSAGES: Record<BreakdownProblem, string> = { ...transactionMessages, ...feeMessages };

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

/**
 * The fee breakdown of a draft for one payment, in the rates and the fee program of the account the
 * call acts for (docs/fees.md#fee-programs): a payer fee the program does not allow is refused, naming
 * the rule and the fee it allows; without Mode C, a draft without payerFee is refused.
 */
export function moneyFor(
  draft: TransactionDraft,
  context: FeeContext,
  payer: Payer,
  hasAuthorization: boolean,
): Result<TransactionMoney & FeeBasis> {
  const account = payer.actingFor;
  const rate = rateFor(account, context);
  const result = breakdownAt(rate, {
    amount: draft.amountCents,
    payerFee: draft.payerFeeCents,
    initiatingPartyFee: draft.initiatingPartyFeeCents,
    hasAuthorization,
    impersonated: payer.scope.viaAccountId !== null,
    // A payment the merchant starts (a schedule's run) never gets the calculated fee: the payer is not
    // there to see it (docs/fees.md#mode-c, docs/autopay.md#fees); payerFee 0 is then Mode B.
    modeCAllowed: account.modeCAllowed && !draft.merchantInitiated,
  });
  if (typeof result === 'string')
    return invalid([{ field: PROBLEM_FIELDS[result], code: result, message: PROBLEM_MESSAGES[result] }]);
  const breach = payerFeeBreach(rate, draft.amountCents, draft.payerFeeCents);
  if (breach)
    return invalid([
      {
        field: 'payerFee',
        code: 'PAYER_FEE_BREAKS_PROGRAM',
        message: formatMessage(feeMessages.PAYER_FEE_BREAKS_PROGRAM, {
          program: rate.program,
          payerFee: formatAmount(draft.payerFeeCents ?? 0),
          rule: feeRuleMessages[breach.rule],
          allowed: formatAmount(breach.allowed),
        }),
      },
    ]);
  return done({
    amount: cents(result.amount),
    payerFee: cents(result.payerFee),
    fee: cents(result.fee),
    netAmount: cents(result.netAmount),
    initiatingPartyFee: cents(result.initiatingPartyFee),
    payerFeeMode: result.payerFeeMode,
    funding: context.funding,
    feeProgram: rate.program,
  });
}

/**
 * Refuses a payment by a token whose fee differs from the fee quote the payer was shown, for the
 * quote's net amount, unless the draft overrides it on purpose (docs/fees.md#fee-quotes).
 */
export function quoteRefusal(
  draft: TransactionDraft,
  quote: FeeQuote | null,
  money: TransactionMoney,
): Result<never> | null {
  if (!quote || draft.feeQuoteOverride) return null;
  if (!quoteBreach(quote, { amount: draft.amountCents, payerFee: draft.payerFeeCents, charged: money.payerFee }))
    return null;
  return invalid([
    {
      field: 'payerFee',
      code: 'FEE_DIFFERS_FROM_QUOTE',
      message: formatMessage(feeMessages.FEE_DIFFERS_FROM_QUOTE, {
        quoted: formatAmount(quote.payerFee),
        payerFee: formatAmount(draft.payerFeeCents ?? money.payerFee),
      }),
    },
  ]);
}

/** What a sale declined before any fee was worked out (an unknown token) records: the draft's amounts, no fee. */
export function undecidedMoney(draft: TransactionDraft): TransactionMoney & FeeBasis {
  const initiatingPartyFee = cents(draft.initiatingPartyFeeCents);
  return {
    amount: cents(draft.amountCents),
    payerFee: cents(draft.payerFeeCents ?? 0),
    fee: cents(0),
    netAmount: cents(draft.amountCents - initiatingPartyFee),
    initiatingPartyFee,
    payerFeeMode: null,
    funding: null,
    feeProgram: null,
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
