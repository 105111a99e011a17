/**
 * The demo's "Autopay" page backend: a payer of a monthly bill sets up autopay with the token the
 * page's form made, and sees the schedule, its next date and the history of its payments, all through
 * the server SDK (docs/autopay.md). The service's runner makes each payment; this only asks and shows.
 */
import {
  PaytokenApiError,
  type PaymentScheduleResponse,
  type PaytokenClient,
  type SchedulePaymentResponse,
  type TokenResponse,
} from '../src/server-sdk/index.js';
import { RefusedRequest } from './request-checks.js';

/** What the payer chose on the page, checked. */
export interface AutopayChoice {
  /** The bill's amount each month, in currency units. */
  amount: number;
  /** `today`: the first payment now, then on this day each month; a day 1-28; or the month's last day. */
  day: 'today' | 'last' | number;
  endDate: string | null;
  numberOfPayments: number | null;
}

/** One try of one payment as the page lists it. */
export interface HistoryRow {
  dueDate: string;
  /** When the try ran (ISO 8601). */
  date: string;
  /** 0: the first try; n: the nth retry after a decline (docs/autopay.md#declines-and-retries). */
  attempt: number;
  result: 'Paid' | 'Declined';
  /** A declined try that another try of the same payment followed. */
  retried: boolean;
  transactionId: number | null;
  amount: number;
}

/** What the page shows of a schedule, and which of pause, restart and cancel apply to it. */
export interface AutopayView {
  id: string;
  payer: string;
  status: PaymentScheduleResponse['status'];
  amount: number;
  payerFee: number;
  /** What each payment charges: the amount and the payer fee, added in cents. */
  total: number;
  interval: string;
  startDate: string | null;
  endDate: string | null;
  numberOfTotalPayments: number | null;
  numberOfExecutedPayments: number;
  nextPaymentDate: string | null;
  history: HistoryRow[];
  actions: { pause: boolean; restart: boolean; cancel: boolean };
}

/** The sentences the page shows as they are, for a choice that is not one. */
export const AUTOPAY_HELP = {
  amount: 'Enter the amount of the monthly bill, such as 84.20.',
  day: 'Choose the day of the month: today, a day from 1 to 28, or the last day.',
  endDate: 'Enter the end date as a date, such as 2027-06-30, or leave it empty.',
  numberOfPayments: 'Enter the number of payments as a whole number from 1 to 365, or leave it empty.',
  endBeforeFirst: 'Choose a last payment date on or after the first payment, or leave it empty.',
  unknown: 'No such autopay for this account.',
} as const;

const isoDay = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** A calendar day as YYYY-MM-DD: 2027-02-30 is not one (Date.parse would take it as 2 March). */
function isDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isoDay(year, month - 1, day) === text;
}

/**
 * The payer's choice from the page's body, or the first field's sentence (AUTOPAY_HELP) when one is not.
 * @example autopayChoiceOf({ amount: '84.20', day: '15' }) // { amount: 84.2, day: 15, endDate: null, numberOfPayments: null }
 */
export function autopayChoiceOf(body: Record<string, unknown>): AutopayChoice | string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : null);
  const amount = text(body.amount);
  if (amount === null || !/^\d{1,7}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return AUTOPAY_HELP.amount;
  const day = text(body.day);
  const dayNumber = Number(day);
  if (day !== 'today' && day !== 'last' && !(/^\d{1,2}$/.test(day ?? '') && dayNumber >= 1 && dayNumber <= 28))
    return AUTOPAY_HELP.day;
  const endDate = text(body.endDate) || null;
  if (endDate !== null && !isDay(endDate)) return AUTOPAY_HELP.endDate;
  const count = text(body.numberOfPayments) || null;
  if (count !== null && !(/^\d{1,3}$/.test(count) && Number(count) >= 1 && Number(count) <= 365))
    return AUTOPAY_HELP.numberOfPayments;
  return {
    amount: Number(amount),
    day: day === 'today' || day === 'last' ? day : dayNumber,
    endDate,
    numberOfPayments: count === null ? null : Number(count),
  };
}

/**
 * The first payment's date for a day of the month: the first such date after today in UTC. Every
 * time zone is less than a day ahead of UTC, so that date is never before today in the account's
 * own zone, which the service would refuse (docs/autopay.md#making-a-schedule).
 * @example firstDateFor(15, new Date('2026-11-27T09:00:00Z')) // '2026-12-15'
 * @example firstDateFor('last', new Date('2026-11-27T09:00:00Z')) // '2026-11-30'
 */
export function firstDateFor(day: number | 'last', now: Date): string {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  const today = now.toISOString().slice(0, 10);
  // Day 0 of the next month is this month's last day.
  const inMonth = (offset: number) =>
    day === 'last' ? isoDay(year, month + offset + 1, 0) : isoDay(year, month + offset, day);
  const thisMonth = inMonth(0);
  return thisMonth > today ? thisMonth : inMonth(1);
}

/** "Every month, on day 15", "Every month, on its last day", or the interval in words. */
function intervalOf(schedule: PaymentScheduleResponse): string {
  const { interval, intervalCount, lastDayOfMonth, startDate } = schedule;
  if (interval === 'Month' && intervalCount === 1)
    return lastDayOfMonth ? 'Every month, on its last day' : `Every month, on day ${Number(startDate?.slice(8))}`;
  if (!interval || !intervalCount) return 'Once';
  const unit = interval.toLowerCase();
  return intervalCount === 1 ? `Every ${unit}` : `Every ${intervalCount} ${unit}s`;
}

/** Each try as the page lists it, oldest first, a declined try marked when another followed it. */
function historyOf(payments: SchedulePaymentResponse[]): HistoryRow[] {
  return payments.map((payment) => ({
    dueDate: payment.dueDate,
    date: payment.date,
    attempt: payment.attempt,
    result: payment.paymentResponseCode === 'Success' ? 'Paid' : 'Declined',
    retried:
      payment.paymentResponseCode !== 'Success' &&
      payments.some((other) => other.dueDate === payment.dueDate && other.attempt > payment.attempt),
    transactionId: payment.transactionId,
    amount: payment.amount,
  }));
}

/** The statuses each change applies from (docs/autopay.md#statuses); the service refuses the others with a 409. */
const PAUSABLE = new Set(['Active']);
const RESTARTABLE = new Set(['Paused', 'Failing', 'Cancelled']);
const CANCELLABLE = new Set(['Active', 'Paused', 'Failing']);

function viewOf(schedule: PaymentScheduleResponse, payments: SchedulePaymentResponse[]): AutopayView {
  return {
    id: schedule.id,
    payer: schedule.payer,
    status: schedule.status,
    amount: schedule.amount,
    payerFee: schedule.payerFee,
    total: (Math.round(schedule.amount * 100) + Math.round(schedule.payerFee * 100)) / 100,
    interval: intervalOf(schedule),
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    numberOfTotalPayments: schedule.numberOfTotalPayments,
    numberOfExecutedPayments: schedule.numberOfExecutedPayments,
    nextPaymentDate: schedule.nextPaymentDate,
    history: historyOf(payments),
    actions: {
      pause: PAUSABLE.has(schedule.status),
      restart: RESTARTABLE.has(schedule.status),
      cancel: CANCELLABLE.has(schedule.status),
    },
  };
}

/** A schedule id the page sent, as the SDK takes it, or null. */
export function scheduleIdOf(value: unknown): string | null {
  return typeof value === 'string' && /^psch_[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/**
 * What the service refused, in the page's words where the payer can act on it: another account's
 * schedule (or none) is not found, and an end before the first date names the page's field.
 */
function refusal(error: unknown): unknown {
  if (!(error instanceof PaytokenApiError)) return error;
  if (error.status === 404 && error.code === 'PAYMENT_SCHEDULE_NOT_FOUND')
    return new RefusedRequest(404, AUTOPAY_HELP.unknown);
  if (error.status === 400 && error.errors.some((field) => field.code === 'END_BEFORE_START'))
    return new RefusedRequest(400, AUTOPAY_HELP.endBeforeFirst);
  return error;
}

/** The schedule and its history, read together. */
export async function autopayView(client: PaytokenClient, id: string): Promise<AutopayView> {
  try {
    const [schedule, { payments }] = await Promise.all([
      client.paymentSchedules.retrieve(id),
      client.paymentSchedules.payments(id),
    ]);
    return viewOf(schedule, payments);
  } catch (error) {
    throw refusal(error);
  }
}

/** Who pays and from where, as the checkout sends them with a payment. */
export interface AutopayPayer {
  token: TokenResponse;
  language: 'en' | 'es';
  ipAddress: string | null;
}

/**
 * Makes the monthly schedule of the payer's token: with `today`, no start date, so the service makes
 * the first payment at once (docs/autopay.md#making-a-schedule); else the first date of the chosen day.
 * @example await setUpAutopay(client, { amount: 84.2, day: 'today', endDate: null, numberOfPayments: null }, payer)
 */
export async function setUpAutopay(
  client: PaytokenClient,
  choice: AutopayChoice,
  { token, language, ipAddress }: AutopayPayer,
  now = new Date(),
): Promise<AutopayView> {
  const schedule = await client.paymentSchedules
    .create({
      payer: token.payer,
      emailAddress: token.emailAddress,
      tokenId: token.id,
      amount: choice.amount,
      interval: 'Month',
      intervalCount: 1,
      ...(choice.day !== 'today' && { startDate: firstDateFor(choice.day, now) }),
      ...(choice.day === 'last' && { lastDayOfMonth: true }),
      ...(choice.endDate !== null && { endDate: choice.endDate }),
      ...(choice.numberOfPayments !== null && { numberOfTotalPayments: choice.numberOfPayments }),
      language,
      ...(ipAddress !== null && { ipAddress }),
    })
    .catch((error: unknown) => {
      throw refusal(error);
    });
  return autopayView(client, schedule.id);
}

/** What the page's buttons do. */
export const CHANGES = ['pause', 'restart', 'cancel'] as const;
export type AutopayChange = (typeof CHANGES)[number];

/** Pauses, restarts or cancels the schedule, and answers it with its history. */
export async function changeAutopay(client: PaytokenClient, id: string, change: AutopayChange): Promise<AutopayView> {
  await client.paymentSchedules[change](id).catch((error: unknown) => {
    throw refusal(error);
  });
  return autopayView(client, id);
}
