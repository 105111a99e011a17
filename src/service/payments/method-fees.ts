/**
 * The payer fee of a payment method before it is paid (docs/fees.md#fee-programs): a card by its BIN,
 * a token by its funding, ACH; and the fee quote a token is made with, checked against the card's own
 * number. Every answer says the program and the rule that decided the fee.
 */
import { feeMessages, feeRuleMessages } from '../../shared/messages/api.js';
import { formatMessage } from '../../shared/messages/catalog.js';
import { formatAmount } from '../../shared/money.js';
import type { FeeProgramName, Funding, TokenRequest, TransactionType } from '../../shared/wire.js';
import type { BinTable } from '../cards/bin-table.js';
import { cardFunding } from '../cards/funding.js';
import { programFee, type FeeContext } from '../fees/program.js';
import type { FeeRule } from '../../shared/messages/api.js';
import { achContext, cardContext, tokenContext } from './fee-context.js';
import { cents, type Cents, type FeeQuote } from './model.js';
import { done, invalid, notFound, type PaymentDeps, type Payer, type Result } from './result.js';

/** The fee of one payment method for an amount due, and what decided it. */
export interface MethodFee {
  bin: string | null;
  transactionType: TransactionType | null;
  funding: Funding | null;
  program: FeeProgramName;
  rule: FeeRule;
  amount: Cents;
  payerFee: Cents;
  totalAmount: Cents;
}

const methodFee = (
  payer: Payer,
  context: FeeContext,
  amountCents: number,
  shown: Pick<MethodFee, 'bin' | 'transactionType'>,
): MethodFee => {
  const decided = programFee(payer.actingFor, context, amountCents);
  return {
    ...shown,
    funding: context.funding,
    program: decided.program,
    rule: decided.rule,
    amount: cents(amountCents),
    payerFee: cents(decided.payerFee),
    totalAmount: cents(amountCents + decided.payerFee),
  };
};

/**
 * The fee of a card by its BIN (6 to 8 digits; its funding and brand from the BIN table), or of ACH,
 * in the program of the account the call acts for. No state is known from a BIN: a surcharge banned
 * in the payer's state is refused when the token is made, with the fee that applies.
 * @example cardFees({ bin: '40000566', amountCents: 10_000 }, riverside, table) // funding debit, payerFee 0, rule SURCHARGE_NOT_ON_DEBIT
 */
export function cardFees(
  query: { bin: string; amountCents: number } | { method: 'ach'; amountCents: number } | { amountCents: number },
  payer: Payer,
  binTable: BinTable,
): MethodFee {
  if ('method' in query)
    return methodFee(payer, achContext(), query.amountCents, { bin: null, transactionType: 'Ach' });
  // No BIN yet: a card the table cannot tell, as before the payer types one.
  const card = 'bin' in query ? cardFunding(query.bin, binTable) : { funding: 'unknown' as const, brand: null };
  const context: FeeContext = {
    method: 'creditCard',
    funding: card.funding,
    brand: card.brand,
    state: null,
    merchantInitiated: false,
  };
  const bin = 'bin' in query ? query.bin : null;
  return methodFee(payer, context, query.amountCents, { bin, transactionType: card.brand });
}

/**
 * The payer fee of a card and of ACH for an amount due, as `GET /transactionFees` has always answered:
 * a credit card's and a bank payment's, in the account's program (its schedules, without a program).
 */
export function methodFees(payer: Payer, amountCents: number): { creditCard: Cents; ach: Cents } {
  const credit: FeeContext = {
    method: 'creditCard',
    funding: 'credit',
    brand: null,
    state: null,
    merchantInitiated: false,
  };
  return {
    creditCard: cents(programFee(payer.actingFor, credit, amountCents).payerFee),
    ach: cents(programFee(payer.actingFor, achContext(), amountCents).payerFee),
  };
}

/** The fee of a token's payment method (its funding, its billing state) for an amount due; not found when it is not the caller's. */
export async function tokenFee(
  tokenId: string,
  amountCents: number,
  payer: Payer,
  deps: Pick<PaymentDeps, 'repository' | 'vault' | 'binTable'>,
): Promise<Result<MethodFee>> {
  const token = await deps.repository.tokens.find(tokenId, payer.scope);
  if (!token) return notFound('token');
  const context = tokenContext(token, null, deps);
  return done(methodFee(payer, context, amountCents, { bin: null, transactionType: token.transactionType }));
}

/**
 * The fee quote a token is made with, checked (docs/fees.md#fee-quotes): recomputed from the card's
 * own number and billing postal code in the account's program. A quote that differs is refused with
 * the fee that applies; none sent is null.
 */
export function checkedFeeQuote(
  body: TokenRequest,
  quote: { amountCents: number; payerFeeCents: number } | null,
  payer: Payer,
  binTable: BinTable,
): Result<FeeQuote | null> {
  if (!quote) return done(null);
  const card = body.creditCardInformation;
  const context = card ? cardContext(card, binTable) : achContext();
  const decided = programFee(payer.actingFor, context, quote.amountCents);
  if (decided.payerFee !== quote.payerFeeCents)
    return invalid([
      {
        field: 'feeQuote.payerFee',
        code: 'FEE_QUOTE_MISMATCH',
        message: formatMessage(feeMessages.FEE_QUOTE_MISMATCH, {
          amount: formatAmount(quote.amountCents),
          payerFee: formatAmount(decided.payerFee),
          rule: feeRuleMessages[decided.rule],
        }),
      },
    ]);
  return done({
    amount: cents(quote.amountCents),
    payerFee: cents(decided.payerFee),
    program: decided.program,
    funding: context.funding,
  });
}
