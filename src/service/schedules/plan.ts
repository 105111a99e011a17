/**
 * What a schedule pays and when: its `n`th payment (date and amount), where it ends, and the
 * first payment still to come at an instant (docs/autopay.md#due-dates).
 */
import { cents, type Cents } from '../payments/model.js';
import { dueDateAt, dueInstant, type LocalDate, type Recurrence } from './calendar.js';

/** One payment of an instalment plan. */
export interface Instalment {
  date: LocalDate;
  amount: Cents;
}

/** The dates and amounts a schedule pays: a recurrence of one amount, or a list of instalments. */
export type Plan =
  | {
      kind: 'Recurring';
      first: LocalDate;
      recurrence: Recurrence;
      amount: Cents;
      /** The last day a payment may fall on, if any. */
      endDate: LocalDate | null;
      /** How many payments in all, if limited. */
      totalPayments: number | null;
    }
  | { kind: 'Instalments'; instalments: Instalment[] };

/** The most payments a schedule makes (the API's limit on `numberOfTotalPayments`). */
export const MAX_PAYMENTS = 365;

/** The `n`th payment of a plan (the first is 0), or null when the plan has ended before it. */
export function paymentAt(plan: Plan, n: number): Instalment | null {
  if (plan.kind === 'Instalments') return plan.instalments[n] ?? null;
  if (plan.totalPayments !== null && n >= plan.totalPayments) return null;
  // intervalCount 0: a single payment.
  if (plan.recurrence.intervalCount === 0 && n > 0) return null;
  const date = dueDateAt(plan.first, plan.recurrence, n);
  if (plan.endDate !== null && date > plan.endDate) return null;
  return { date, amount: plan.amount };
}

/** How many payments a plan makes in all, when it is limited (a count, an end date or a list). */
export function paymentCount(plan: Plan): number | null {
  if (plan.kind === 'Instalments') return plan.instalments.length;
  if (plan.totalPayments !== null) return plan.totalPayments;
  if (plan.endDate === null && plan.recurrence.intervalCount > 0) return null;
  let n = 0;
  while (paymentAt(plan, n)) n++;
  return n;
}

/**
 * The first payment from number `from` on whose run comes due at or after `at`: where a schedule
 * restarted at `at` resumes (what fell due while it was paused is not paid). Null when none is left.
 */
export function nextPaymentFrom(
  plan: Plan,
  from: number,
  at: Date,
  timeZone: string,
): { n: number; payment: Instalment } | null {
  for (let n = from; ; n++) {
    const payment = paymentAt(plan, n);
    if (!payment) return null;
    if (dueInstant(payment.date, timeZone) >= at) return { n, payment };
  }
}

/**
 * A total split into `count` instalments that sum to it to the cent: equal shares, the cents left
 * over one each on the first instalments.
 * @example splitEvenly(cents(100_00), 3) // [33_34, 33_33, 33_33]
 */
export function splitEvenly(total: Cents, count: number): Cents[] {
  const share = Math.floor(total / count);
  const left = total - share * count;
  return Array.from({ length: count }, (_, i) => cents(share + (i < left ? 1 : 0)));
}
