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

const sameSchedule = (a: FeeSchedule, b: FeeSchedule) => a.percent === b.percent && a.fixed === b.fixed;

/**
 * Decides the payer-fee mode and the money of a transaction (docs/fees.md#transactions).
 * Always `amount = netAmount + fee + initiatingPartyFee`. Returns an error code when the request
 * cannot balance: P or I above A, or a negative net amount.
 */
export function breakdown(
  rates: MethodFees,
  request: FeeRequest,
): FeeBreakdown | 'PAYER_FEE_EXCEEDS_AMOUNT' | 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT' | 'NET_AMOUNT_NEGATIVE' {
  const { amount: A, payerFee: P, initiatingPartyFee: I } = request;
  if (P !== null && P > A) return 'PAYER_FEE_EXCEEDS_AMOUNT';
  if (I > A) return 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT';
  let result: FeeBreakdown;
  if (P !== null && sameSchedule(rates.payer, rates.base) && P === fee(rates.base, A - P)) {
    // Mode A: the payer fee is exactly the service's fee on the amount due (docs/fees.md, Mode A). This
    // includes P = 0 when that fee rounds to 0 (D ≤ 0.15 at 3.25%): docs/fees.md#properties requires Included for
    // every D from 0.01, where the table's "P > 0" would have sent a faithful Mode A caller to Mode C.
    result = { payerFeeMode: 'Included', amount: A, payerFee: P, fee: P, netAmount: A - P - I, initiatingPartyFee: I };
  } else if (P !== null && P > 0) {
    // A custom fee: another payer fee, or rates that differ (docs/fees.md, Mode A rule 4 and Mode B rules 1, 2, 4).
    const serviceFee = fee(rates.base, A);
    result = {
      payerFeeMode: 'Custom',
      amount: A,
      payerFee: P,
      fee: serviceFee,
      netAmount: A - serviceFee - I,
      initiatingPartyFee: I,
    };
  } else if (request.hasAuthorization || request.impersonated || I > 0) {
    // B rules 3 and 5: no payer fee, and the agency bears the service's fee.
    const serviceFee = fee(rates.base, A);
    result = {
      payerFeeMode: 'Custom',
      amount: A,
      payerFee: 0,
      fee: serviceFee,
      netAmount: A - serviceFee - I,
      initiatingPartyFee: I,
    };
  } else {
    // Mode C (deprecated): the service adds the payer fee to the charge.
    const F = fee(rates.payer, A);
    result = {
      payerFeeMode: 'ServiceCalculated',
      amount: A + F,
      payerFee: F,
      fee: F,
      netAmount: A,
      initiatingPartyFee: 0,
    };
  }
  return result.netAmount < 0 ? 'NET_AMOUNT_NEGATIVE' : result;
}
