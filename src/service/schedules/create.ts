/**
 * Making a payment schedule or an AutoPay (docs/autopay.md#making-a-schedule): the rules that need
 * the account, its token and today's date; the HTTP layer has checked each field on its own.
 */
import { formatAmount } from '../../shared/money.js';
import { scheduleMessages } from '../../shared/messages/api.js';
import { formatMessage } from '../../shared/messages/catalog.js';
import type { FieldError } from '../../shared/wire.js';
import { cents, type Cents } from '../payments/model.js';
import { newId } from '../vault/random.js';
import { done, invalid, type Payer, type PaymentDeps, type Result } from '../payments/result.js';
import { dueInstant, localDateAt, type LocalDate, type Recurrence } from './calendar.js';
import type { NextPayment, Schedule, ScheduleKind } from './payment-schedule.js';
import { MAX_PAYMENTS, paymentAt, splitEvenly, type Instalment, type Plan } from './plan.js';

/** How a new schedule pays: a recurrence, a list of instalments, or (an AutoPay) amounts due added later. */
export type Timing =
  | {
      kind: 'Recurring';
      /** Null: the first payment is today, and runs at once. */
      startDate: LocalDate | null;
      recurrence: Recurrence;
      amount: Cents;
      endDate: LocalDate | null;
      totalPayments: number | null;
    }
  | { kind: 'Instalments'; total: Cents; instalments: { date: LocalDate; amount: Cents | null }[] }
  | { kind: 'AmountsDue' };

/** A schedule to make, each field checked on its own (http/schedule-requests.ts). */
export interface ScheduleRequest {
  kind: ScheduleKind;
  tokenId: string | null;
  payer: string;
  emailAddress: string;
  language: 'en' | 'es';
  attributeValues: Record<string, string | number>;
  comments: string | null;
  initiatingPartyFee: Cents;
  ipAddress: string | null;
  reminderDays: number;
  timing: Timing;
}

const fieldError = (field: string, code: keyof typeof scheduleMessages, params = {}): FieldError => ({
  field,
  code,
  message: formatMessage(scheduleMessages[code], params),
});

/** The payment numbered `n` of a plan as the next one, due at its date's first instant; null past the end. */
export function nextPayment(plan: Plan, n: number, timeZone: string): NextPayment | null {
  const payment = paymentAt(plan, n);
  return payment && { n, ...payment, runAt: dueInstant(payment.date, timeZone), attempt: 0 };
}

/** The plan of a timing, or the field errors that refuse it, as of `today`. */
function planOf(timing: Timing, today: LocalDate, timeZone: string): Plan | FieldError[] {
  if (timing.kind === 'AmountsDue') return { kind: 'Instalments', instalments: [] };
  if (timing.kind === 'Instalments') {
    const { instalments, total } = timing;
    if (instalments.length === 0 || instalments.length > MAX_PAYMENTS || (instalments[0]?.date ?? today) < today)
      return [fieldError('instalments', 'INVALID_INSTALMENTS')];
    const given = instalments.filter((instalment) => instalment.amount !== null).length;
    if (given !== 0 && given !== instalments.length) return [fieldError('instalments', 'INVALID_INSTALMENTS')];
    const amounts = given ? instalments.map((i) => cents(i.amount ?? 0)) : splitEvenly(total, instalments.length);
    const sum = amounts.reduce((a, b) => a + b, 0);
    if (sum !== total)
      return [
        fieldError('amount', 'INSTALMENTS_SUM_MISMATCH', { sum: formatAmount(sum), amount: formatAmount(total) }),
      ];
    return {
      kind: 'Instalments',
      instalments: instalments.map((i, n): Instalment => ({ date: i.date, amount: amounts[n] ?? cents(0) })),
    };
  }
  const first = timing.startDate ?? today;
  if (first < today) return [fieldError('startDate', 'START_DATE_PAST', { timeZone, today })];
  if (timing.endDate !== null && timing.endDate < first) return [fieldError('endDate', 'END_BEFORE_START', { first })];
  return {
    kind: 'Recurring',
    first,
    recurrence: timing.recurrence,
    amount: timing.amount,
    endDate: timing.endDate,
    totalPayments: timing.totalPayments,
  };
}

/**
 * Makes a schedule (or an AutoPay) of the payer's scope, in its account's time zone; its first
 * payment is due on its first date (today when none is given: the runner makes it at once). The
 * token must be the scope's own.
 * @example
 * await createSchedule({ kind: 'Schedule', tokenId: 'tok_…', timing: { kind: 'Recurring', … }, … }, payer, deps)
 */
export async function createSchedule(
  request: ScheduleRequest,
  payer: Payer,
  deps: Pick<PaymentDeps, 'repository' | 'now'>,
): Promise<Result<Schedule>> {
  const now = deps.now();
  const { timeZone } = payer.actingFor;
  const plan = planOf(request.timing, localDateAt(now, timeZone), timeZone);
  const errors = Array.isArray(plan) ? plan : [];
  if (request.tokenId !== null && !(await deps.repository.tokens.find(request.tokenId, payer.scope)))
    errors.push(fieldError(request.kind === 'AutoPay' ? 'publicTokenId' : 'tokenId', 'SCHEDULE_TOKEN_UNKNOWN'));
  if (errors.length || Array.isArray(plan)) return invalid(errors);
  const next = nextPayment(plan, 0, timeZone);
  return done(
    await deps.repository.schedules.insert({
      kind: request.kind,
      tokenId: request.tokenId,
      payer: request.payer,
      emailAddress: request.emailAddress,
      language: request.language,
      attributeValues: request.attributeValues,
      comments: request.comments,
      initiatingPartyFee: request.initiatingPartyFee,
      ipAddress: request.ipAddress,
      reminderDays: request.reminderDays,
      publicId: request.kind === 'Schedule' ? newId('psch') : null,
      scope: payer.scope,
      timeZone,
      plan,
      status: 'Active',
      executedPayments: 0,
      next,
      stoppedAt: null,
      remindedFor: null,
      created: now,
      cancelled: null,
    }),
  );
}
