/**
 * Cancelling, pausing and restarting a schedule or an AutoPay (docs/autopay.md#statuses). A payment
 * is made exactly when its due date falls while the schedule is active: a pause or a cancel first
 * makes the payment already due that the runner has not reached yet, and a restart resumes at the
 * first payment due from then on (what fell due while it was stopped is not paid).
 */
import { scheduleMessages } from '../../shared/messages/api.js';
import type { FieldError } from '../../shared/wire.js';
import { conflict, done, invalid, notFound, type Payer, type Result } from '../payments/result.js';
import type { Repository } from '../storage/repository.js';
import { localDateAt } from './calendar.js';
import { nextPayment } from './create.js';
import type { Schedule, ScheduleKind } from './payment-schedule.js';
import { nextPaymentFrom, type Instalment, type Plan } from './plan.js';
import { payAllDue, type RunnerDeps } from './schedule-runner.js';

const fieldError = (field: string, code: keyof typeof scheduleMessages): FieldError => ({
  field,
  code,
  message: scheduleMessages[code],
});

type Change = (schedule: Schedule, now: Date) => Result<Schedule>;

/** Holds the schedule, makes what is due of it while active, then applies `change`. */
async function changeSchedule(
  kind: ScheduleKind,
  publicId: string,
  payer: Payer,
  deps: RunnerDeps,
  change: Change,
): Promise<Result<Schedule>> {
  return deps.repository.transaction(async (repository: Repository) => {
    let schedule = await repository.schedules.hold(kind, publicId, payer.scope);
    if (!schedule) return notFound(kind === 'AutoPay' ? 'autoPay' : 'paymentSchedule');
    const now = deps.now();
    schedule = await payAllDue(schedule, payer.actingFor, { ...deps, repository });
    const changed = change(schedule, now);
    if (changed.ok && changed.value !== schedule) await repository.schedules.save(changed.value);
    return changed;
  });
}

const ended = (schedule: Schedule) =>
  schedule.status === 'Completed' ? conflict('SCHEDULE_COMPLETED') : conflict('SCHEDULE_CANCELLED');

/** Cancels a schedule: it makes no payment from now on. Cancelling it again changes nothing. */
export const cancelSchedule = (kind: ScheduleKind, publicId: string, payer: Payer, deps: RunnerDeps) =>
  changeSchedule(kind, publicId, payer, deps, (schedule, now) => {
    if (schedule.status === 'Cancelled') return done(schedule);
    if (schedule.status === 'Completed') return ended(schedule);
    return done({ ...schedule, status: 'Cancelled', stoppedAt: schedule.stoppedAt ?? now, cancelled: now });
  });

/** Pauses an active schedule; pausing a paused one changes nothing. */
export const pauseSchedule = (kind: ScheduleKind, publicId: string, payer: Payer, deps: RunnerDeps) =>
  changeSchedule(kind, publicId, payer, deps, (schedule, now) => {
    if (schedule.status === 'Paused') return done(schedule);
    if (schedule.status === 'Cancelled' || schedule.status === 'Completed') return ended(schedule);
    if (schedule.status !== 'Active') return conflict('SCHEDULE_NOT_ACTIVE', { status: schedule.status });
    return done({ ...schedule, status: 'Paused', stoppedAt: now });
  });

/**
 * Restarts a paused, failing or cancelled schedule at its first payment due from now on; one with
 * none left is `Completed`. Restarting an active one changes nothing.
 */
export const restartSchedule = (kind: ScheduleKind, publicId: string, payer: Payer, deps: RunnerDeps) =>
  changeSchedule(kind, publicId, payer, deps, (schedule, now) => {
    if (schedule.status === 'Active') return done(schedule);
    if (schedule.status === 'Completed') return ended(schedule);
    const from = schedule.next?.n ?? nextNumber(schedule);
    const resumed = nextPaymentFrom(schedule.plan, from, now, schedule.timeZone);
    const next = resumed && nextPayment(schedule.plan, resumed.n, schedule.timeZone);
    return done({
      ...schedule,
      status: next || schedule.kind === 'AutoPay' ? 'Active' : 'Completed',
      next,
      stoppedAt: null,
      cancelled: null,
    });
  });

/** The number of the payment after the last one made or tried, for a schedule with no next payment. */
function nextNumber(schedule: Schedule): number {
  return schedule.plan.kind === 'Instalments' ? schedule.plan.instalments.length : schedule.executedPayments;
}

/**
 * Adds an amount due to an AutoPay (ours): paid on `date`, which is today or later and after every
 * amount due it already has.
 * @example await addAmountDue('123456789', { date: '2026-12-15', amount: cents(84_20) }, payer, deps)
 */
export const addAmountDue = (publicId: string, due: Instalment, payer: Payer, deps: RunnerDeps) =>
  changeSchedule('AutoPay', publicId, payer, deps, (schedule, now) => {
    if (schedule.status === 'Cancelled') return ended(schedule);
    if (schedule.tokenId === null) return invalid([fieldError('publicTokenId', 'AUTOPAY_WITHOUT_TOKEN')]);
    const instalments = schedule.plan.kind === 'Instalments' ? schedule.plan.instalments : [];
    const last = instalments.at(-1)?.date;
    if (due.date < localDateAt(now, schedule.timeZone) || (last !== undefined && due.date <= last))
      return invalid([fieldError('dueDate', 'INVALID_AMOUNT_DUE_DATE')]);
    const plan: Plan = { kind: 'Instalments', instalments: [...instalments, due] };
    const next =
      schedule.next ?? (schedule.status === 'Active' ? nextPayment(plan, instalments.length, schedule.timeZone) : null);
    return done({ ...schedule, plan, next });
  });
