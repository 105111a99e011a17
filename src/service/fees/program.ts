/**
 * Fee programs (docs/fees.md#fee-programs): the card-network and state rules an account's payer fees
 * follow, per the card's funding and the payment method. Pure, whole cents; every branch cites its rule.
 */
import type { FeeProgramName, Funding, TransactionType } from '../../shared/wire.js';
import type { FeeRule } from '../../shared/messages/api.js';
import { fee, type PaymentMethod, type PayerRate } from './calculate.js';
import type { FeeSchedule, FeeSchedules } from './schedule.js';
import { US_STATES } from './zip-states.js';

/** The schedules a program may set: one per card funding, and one for ACH. */
export type ProgramSchedules = Partial<Record<'credit' | 'debit' | 'prepaid' | 'ach', FeeSchedule>>;

/**
 * What a refund of the principal does to its separate service-fee transaction
 * (docs/fees.md#the-service-fee-as-its-own-transaction): refunds the fee in the share of the principal
 * refunded (the default), all of it at the first refund, or keeps it.
 */
export const FEE_REFUND_CHOICES = ['proportional', 'full', 'keep'] as const;
export type FeeRefundChoice = (typeof FEE_REFUND_CHOICES)[number];
/** The choice of an account that made none: the fee goes back in the share of the principal refunded. */
export const DEFAULT_FEE_ON_REFUND: FeeRefundChoice = 'proportional';

/** An account's fee program, as stored (`accounts.fee_program`) and set by `npm run accounts -- set-fee-program`. */
export interface FeeProgram {
  name: FeeProgramName;
  /** surcharge and serviceFee: the payer's schedules; one not set is the account's card (or ACH) payer schedule. */
  schedules?: ProgramSchedules;
  /** convenienceFee: the one flat fee of every method, in cents. */
  flatFee?: number;
  /** surcharge: surcharge a card the BIN table does not know as credit (default: no surcharge on it). */
  surchargeUnknownFunding?: boolean;
  /** surcharge: states (USPS codes) whose payers are never surcharged. */
  bannedStates?: string[];
  /** serviceFee: charge the fee as its own transaction, linked to the principal. */
  separateFeeTransaction?: boolean;
  /** serviceFee with a separate fee transaction: what a refund of the principal does to the fee. */
  feeOnRefund?: FeeRefundChoice;
}

/** Every account before fee programs, and Springfield and Shelby: docs/fees.md's rules alone. */
export const NO_PROGRAM: FeeProgram = { name: 'none' };

/**
 * Riverside Utilities' program (docs/fees.md#worked-examples-of-the-programs): a surcharge of 3 % on
 * credit cards, $1.00 on ACH, none in the states that ban surcharges.
 */
export const RIVERSIDE_PROGRAM: FeeProgram = {
  name: 'surcharge',
  schedules: { credit: { percent: 30_000, fixed: 0 }, ach: { percent: 0, fixed: 100 } },
  bannedStates: ['CT', 'MA', 'ME', 'PR'],
};

/** What a payment is, as far as its fee is concerned. */
export interface FeeContext {
  method: PaymentMethod;
  /** The card's funding; null for ACH. */
  funding: Funding | null;
  brand: TransactionType | null;
  /** The state of the card's billing postal code (fees/zip-states.ts), when known. */
  state: string | null;
  /** A payment the merchant started (an autopay run), not the payer. */
  merchantInitiated: boolean;
}

/** The payer fee a program allows for one payment of an amount due, and the rule that decided it. */
export interface ProgramFee {
  program: FeeProgramName;
  rule: FeeRule;
  payerFee: number;
}

/** The networks' surcharge caps in millionths (docs/fees.md#surcharge); any other brand: the highest, and the cost. */
export const NETWORK_SURCHARGE_CAPS: Partial<Record<TransactionType, number>> = { Visa: 30_000, MasterCard: 40_000 };
/** States that cap a surcharge lower than the networks do. */
export const STATE_SURCHARGE_CAPS: Readonly<Record<string, number>> = { CO: 20_000 };
/** The highest cap of any network: no surcharge schedule may exceed it. */
export const HIGHEST_SURCHARGE_CAP = 40_000;

/** A percentage cap of an amount, rounded down: a cap is never exceeded by rounding. */
const capOf = (percent: number, cents: number) => Math.floor((cents * percent) / 1_000_000);

/** A payer rate under a program, with the rule that decides the fee of each amount due. */
export interface ProgramRate extends PayerRate {
  program: FeeProgramName;
  ruleOf(amountDueCents: number): FeeRule;
}

/**
 * The fee a program allows for one payment of an amount due, and the rule that decided it.
 * @example programFee(riverside, { method: 'creditCard', funding: 'debit', … }, 10_000) // { payerFee: 0, rule: 'SURCHARGE_NOT_ON_DEBIT', … }
 */
export function programFee(
  account: { feeSchedules: FeeSchedules; feeProgram: FeeProgram },
  context: FeeContext,
  amountDueCents: number,
): ProgramFee {
  const rate = rateFor(account, context);
  return { program: rate.program, rule: rate.ruleOf(amountDueCents), payerFee: rate.payerFeeOf(amountDueCents) };
}

/** The payer rate of one payment under the account's program (docs/fees.md#fee-programs). */
export function rateFor(
  { feeSchedules, feeProgram: program }: { feeSchedules: FeeSchedules; feeProgram: FeeProgram },
  context: FeeContext,
): ProgramRate {
  const method = feeSchedules[context.method];
  const base = method.base;
  const onSchedule = (schedule: FeeSchedule, rule: FeeRule): ProgramRate => ({
    program: program.name,
    base,
    ruleOf: () => rule,
    payerFeeOf: (cents) => fee(schedule, cents),
    equalsBase: schedule.percent === base.percent && schedule.fixed === base.fixed,
    modeCFeeIsPayerFee: program.name === 'none',
  });
  const nothing = (rule: FeeRule): ProgramRate => ({ ...onSchedule(ZERO, rule), equalsBase: false });
  const schedules = program.schedules ?? {};
  switch (program.name) {
    case 'none':
      return onSchedule(method.payer, 'NO_PROGRAM');
    case 'convenienceFee':
      // One flat amount whatever the method, never on a payment the merchant started.
      if (context.merchantInitiated) return nothing('CONVENIENCE_FEE_NOT_ON_MERCHANT_INITIATED');
      return onSchedule({ percent: 0, fixed: program.flatFee ?? 0 }, 'CONVENIENCE_FEE_FLAT');
    case 'serviceFee': {
      // Credit and debit alike; each funding may have its own schedule.
      if (context.method === 'ach') return onSchedule(schedules.ach ?? method.payer, 'SERVICE_FEE');
      const funding = context.funding === 'debit' || context.funding === 'prepaid' ? context.funding : 'credit';
      return onSchedule(schedules[funding] ?? schedules.credit ?? method.payer, 'SERVICE_FEE');
    }
    case 'surcharge': {
      // A bank payment is no card surcharge: the account's ACH fee.
      if (context.method === 'ach') return onSchedule(schedules.ach ?? method.payer, 'ACH_FEE');
      if (context.state !== null && (program.bannedStates ?? []).includes(context.state))
        return nothing('SURCHARGE_BANNED_IN_STATE');
      if (context.funding === 'debit') return nothing('SURCHARGE_NOT_ON_DEBIT');
      if (context.funding === 'prepaid') return nothing('SURCHARGE_NOT_ON_PREPAID');
      if (context.funding !== 'credit' && !program.surchargeUnknownFunding)
        return nothing('SURCHARGE_NOT_ON_UNKNOWN_FUNDING');
      const credit = schedules.credit ?? method.payer;
      const caps = {
        network: (context.brand && NETWORK_SURCHARGE_CAPS[context.brand]) ?? HIGHEST_SURCHARGE_CAP,
        state: context.state ? STATE_SURCHARGE_CAPS[context.state] : undefined,
      };
      return {
        ...onSchedule(credit, 'SURCHARGE_ON_CREDIT'),
        payerFeeOf: (cents) => surchargeOf(cents, credit, base, caps).payerFee,
        ruleOf: (cents) => surchargeOf(cents, credit, base, caps).rule,
      };
    }
  }
}

const ZERO: FeeSchedule = { percent: 0, fixed: 0 };

/**
 * The surcharge of an amount due (docs/fees.md#surcharge): the credit schedule's fee, or the lowest
 * bound below it: the cost of acceptance (the base schedule), the network's cap, the state's cap.
 * @example surchargeOf(10_000, { percent: 35_000, fixed: 0 }, { percent: 32_500, fixed: 0 }, { network: 30_000 }) // { payerFee: 300, rule: 'SURCHARGE_CAPPED_BY_NETWORK' }
 */
export function surchargeOf(
  cents: number,
  credit: FeeSchedule,
  base: FeeSchedule,
  caps: { network?: number | undefined; state?: number | undefined },
): { payerFee: number; rule: FeeRule } {
  const bounds: [number, FeeRule][] = [
    [fee(credit, cents), 'SURCHARGE_ON_CREDIT'],
    [fee(base, cents), 'SURCHARGE_CAPPED_AT_COST'],
  ];
  if (caps.network !== undefined) bounds.push([capOf(caps.network, cents), 'SURCHARGE_CAPPED_BY_NETWORK']);
  if (caps.state !== undefined) bounds.push([capOf(caps.state, cents), 'SURCHARGE_CAPPED_IN_STATE']);
  let lowest = bounds[0] as [number, FeeRule];
  for (const bound of bounds) if (bound[0] < lowest[0]) lowest = bound;
  return { payerFee: lowest[0], rule: lowest[1] };
}

/**
 * Whether a payer fee P sent with amount A breaks the program (docs/fees.md#fee-programs): above what
 * it allows on the amount due A − P, or, for a convenience fee, anything but its flat fee. No payer fee
 * (absent or 0: the agency bears the fee) never does, nor any fee without a program.
 * @example payerFeeBreach(riversideDebitRate, 10_300, 300) // { allowed: 0, rule: 'SURCHARGE_NOT_ON_DEBIT' }
 */
export function payerFeeBreach(
  rate: ProgramRate,
  amount: number,
  payerFee: number | null,
): { allowed: number; rule: FeeRule } | null {
  if (rate.program === 'none' || payerFee === null || payerFee === 0) return null;
  const due = amount - payerFee;
  const allowed = rate.payerFeeOf(due);
  const kept = rate.program === 'convenienceFee' ? payerFee === allowed : payerFee <= allowed;
  return kept ? null : { allowed, rule: rate.ruleOf(due) };
}

/**
 * Whether a payment differs from the fee quote its token carries (docs/fees.md#fee-quotes): for the
 * quote's net amount (A − P, or A itself when the fee is not inside it), a fee other than the quoted
 * one. `charged` is the fee the payment would charge, for a request without P (Mode C).
 */
export function quoteBreach(
  quote: { amount: number; payerFee: number },
  payment: { amount: number; payerFee: number | null; charged: number },
): boolean {
  const sameNet = payment.amount - (payment.payerFee ?? 0) === quote.amount || payment.amount === quote.amount;
  return sameNet && (payment.payerFee ?? payment.charged) !== quote.payerFee;
}

/**
 * What is wrong with a program for an account's schedules (docs/fees.md#fee-programs), in words for
 * the operator; empty when it may be set. A surcharge schedule may exceed neither the base (the cost)
 * nor the highest network cap; a convenience fee is one flat amount; banned states are USPS codes.
 */
export function programProblems(feeSchedules: FeeSchedules, program: FeeProgram): string[] {
  const problems: string[] = [];
  const credit = program.schedules?.credit ?? feeSchedules.creditCard.payer;
  const base = feeSchedules.creditCard.base;
  if (program.name === 'surcharge') {
    if (credit.percent > base.percent || credit.fixed > base.fixed)
      problems.push('A surcharge schedule may not exceed the card base schedule (the cost of acceptance).');
    if (credit.percent > HIGHEST_SURCHARGE_CAP)
      problems.push('A surcharge may not exceed 4 %, the highest network cap.');
    if (program.schedules?.debit || program.schedules?.prepaid)
      problems.push('A surcharge program has no debit or prepaid schedule: those cards are never surcharged.');
  }
  if (program.separateFeeTransaction && program.name !== 'serviceFee')
    problems.push('Only a service fee program charges its fee as a separate transaction.');
  if (program.feeOnRefund && !program.separateFeeTransaction)
    problems.push('--fee-on-refund is for a fee charged as a separate transaction (--separate-fee-transaction).');
  if (program.name === 'convenienceFee' && program.flatFee === undefined)
    problems.push('A convenience fee program needs its flat fee.');
  for (const state of program.bannedStates ?? [])
    if (!US_STATES.has(state)) problems.push(`"${state}" is not a US state or territory code (e.g. CT).`);
  return problems;
}
