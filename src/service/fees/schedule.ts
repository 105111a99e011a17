/**
 * Fee schedules (docs/fees.md#rates): per payment method, the service's own `base` fee and the `payer`
 * fee a payer is asked to cover. A percentage is an integer in millionths (3.25% = 32_500) and the
 * fixed part is in cents, so no float ever touches money.
 */
export interface FeeSchedule {
  percent: number;
  fixed: number;
}

export interface MethodFees {
  base: FeeSchedule;
  payer: FeeSchedule;
}

export interface FeeSchedules {
  creditCard: MethodFees;
  ach: MethodFees;
}

const schedule = (percent: number, fixed = 0): FeeSchedule => ({ percent, fixed });
const same = (fee: FeeSchedule): MethodFees => ({ base: fee, payer: fee });

/** The worked-example accounts of docs/fees.md#worked-examples. */
export const SPRINGFIELD_FEES: FeeSchedules = { creditCard: same(schedule(32_500)), ach: same(schedule(0, 300)) };
export const SHELBY_FEES: FeeSchedules = {
  creditCard: { base: schedule(29_500, 30), payer: schedule(35_000) },
  ach: same(schedule(0, 150)),
};

/** Riverside Utilities (docs/fees.md#worked-examples-of-the-programs): card base 3.25%, ACH $1.00 flat. */
export const RIVERSIDE_FEES: FeeSchedules = {
  creditCard: { base: schedule(32_500), payer: schedule(30_000) },
  ach: same(schedule(0, 100)),
};
