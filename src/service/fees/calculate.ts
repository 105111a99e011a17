/**
 * The fee rules of docs/fees.md in integer cents. Pure: no I/O, no floats touching money.
 */
import type { PayerFeeMode } from '../../shared/wire.js';
import type { FeeSchedule, FeeSchedules, MethodFees } from './schedule.js';

/**
 * `fee(s, x) = roundHalfUp(x · percent / 1 000 000) + fixed`, x in cents. Amounts are at most
 * 10 000 000.00 (10⁹ cents) and percentages at most 100% (10⁶), so x · percent stays below 2⁵³.
 * @example fee({ percent: 32_500, fixed: 0 }, 200) // 7 — 6.5¢ rounds up
 */
export function fee(schedule: FeeSchedule, cents: number): number {
  return Math.floor((cents * schedule.percent + 500_000) / 1_000_000) + schedule.fixed;
}

export type PaymentMethod = 'creditCard' | 'ach';

/** The payer fee of each method for a net amount due (docs/fees.md#fee-calculation). */
export function payerFees(schedules: FeeSchedules, amountDueCents: number): Record<PaymentMethod, number> {
  return { creditCard: fee(schedules.creditCard.payer, amountDueCents), ach: fee(schedules.ach.payer, amountDueCents) };
}

export interface FeeRequest {
  /** `amount` A as sent, in cents. */
  amount: number;
  /** `payerFee` P as sent; null when absent. */
  payerFee: number | null;
  /** `initiatingPartyFee` I; 0 when absent. */
  initiatingPartyFee: number;
  /** An authorization id, an impersonation key, or I > 0 lets P be 0 without Mode C (docs/fees.md, Mode B rule 5). */
  hasAuthorization: boolean;
  impersonated: boolean;
  /**
   * Whether the account allows the deprecated Mode C (docs/fees.md#mode-c); true when not given. When it
   * does not, P = 0 is Mode B rule 3 (the agency bears the fee) and an absent P is refused.
   */
  modeCAllowed?: boolean;
}

export interface FeeBreakdown {
  payerFeeMode: PayerFeeMode;
  /** What the payer is charged. */
  amount: number;
  payerFee: number;
  /** The service's fee. */
  fee: number;
  /** What the agency is funded. */
  netAmount: number;
  initiatingPartyFee: number;
}

/**
 * The payer's rate for one payment: the service's `base` schedule, and the payer fee of an amount due,
 * which a fee program may cap or zero (fees/program.ts), so it is a function and not always a schedule.
 */
export interface PayerRate {
  base: FeeSchedule;
  payerFeeOf(amountDueCents: number): number;
  /** The payer's fee is the base schedule itself: Mode A is possible (docs/fees.md, Mode A rule 4). */
  equalsBase: boolean;
  /**
   * Mode C's service fee is the payer fee (docs/fees.md#transactions row 4), as accounts without a
   * program always had it; under a program the service's fee is the base on what is charged.
   */
  modeCFeeIsPayerFee: boolean;
}

const sameSchedule = (a: FeeSchedule, b: FeeSchedule) => a.percent === b.percent && a.fixed === b.fixed;

/** A method's schedules as a payer rate: what every account without a fee program has. */
export const scheduleRate = (rates: MethodFees): PayerRate => ({
  base: rates.base,
  payerFeeOf: (cents) => fee(rates.payer, cents),
  equalsBase: sameSchedule(rates.payer, rates.base),
  modeCFeeIsPayerFee: true,
});

export type BreakdownProblem =
  'PAYER_FEE_EXCEEDS_AMOUNT' | 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT' | 'NET_AMOUNT_NEGATIVE' | 'PAYER_FEE_REQUIRED';

/**
 * Decides the payer-fee mode and the money of a transaction (docs/fees.md#transactions).
 * Always `amount = netAmount + fee + initiatingPartyFee`. Returns an error code when the request
 * cannot balance: P or I above A, or a negative net amount.
 */
export function breakdown(rates: MethodFees, request: FeeRequest): FeeBreakdown | BreakdownProblem {
  return breakdownAt(scheduleRate(rates), request);
}

/** `breakdown` at a payer rate (a fee program's, fees/program.ts). */
export function breakdownAt(rate: PayerRate, request: FeeRequest): FeeBreakdown | BreakdownProblem {
  const { amount: A, payerFee: P, initiatingPartyFee: I } = request;
  const modeCAllowed = request.modeCAllowed ?? true;
  if (P !== null && P > A) return 'PAYER_FEE_EXCEEDS_AMOUNT';
  if (I > A) return 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT';
  const custom = (payerFee: number): FeeBreakdown => {
    const serviceFee = fee(rate.base, A);
    return {
      payerFeeMode: 'Custom',
      amount: A,
      payerFee,
      fee: serviceFee,
      netAmount: A - serviceFee - I,
      initiatingPartyFee: I,
    };
  };
  let result: FeeBreakdown;
  if (P !== null && rate.equalsBase && P === fee(rate.base, A - P)) {
    // Mode A: the payer fee is exactly the service's fee on the amount due (docs/fees.md, Mode A). This
    // includes P = 0 when that fee rounds to 0 (D ≤ 0.15 at 3.25%): docs/fees.md#properties requires Included for
    // every D from 0.01, where the table's "P > 0" would have sent a faithful Mode A caller to Mode C.
    result = { payerFeeMode: 'Included', amount: A, payerFee: P, fee: P, netAmount: A - P - I, initiatingPartyFee: I };
  } else if (P !== null && P > 0) {
    // A custom fee: another payer fee, or rates that differ (docs/fees.md, Mode A rule 4 and Mode B rules 1, 2, 4).
    result = custom(P);
  } else if (request.hasAuthorization || request.impersonated || I > 0 || (P === 0 && !modeCAllowed)) {
    // B rules 3 and 5: no payer fee, and the agency bears the service's fee; without Mode C, P = 0 says so itself.
    result = custom(0);
  } else if (!modeCAllowed) {
    return 'PAYER_FEE_REQUIRED';
  } else if (rate.modeCFeeIsPayerFee) {
    // Mode C (deprecated): the service adds the payer fee to the charge.
    const F = rate.payerFeeOf(A);
    result = {
      payerFeeMode: 'ServiceCalculated',
      amount: A + F,
      payerFee: F,
      fee: F,
      netAmount: A,
      initiatingPartyFee: 0,
    };
  } else {
    // Mode C under a fee program: the program's fee is added; the service's fee is the base on the charge.
    const F = rate.payerFeeOf(A);
    const serviceFee = fee(rate.base, A + F);
    result = {
      payerFeeMode: 'ServiceCalculated',
      amount: A + F,
      payerFee: F,
      fee: serviceFee,
      netAmount: A + F - serviceFee,
      initiatingPartyFee: 0,
    };
  }
  return result.netAmount < 0 ? 'NET_AMOUNT_NEGATIVE' : result;
}
