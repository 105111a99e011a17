/**
 * The schedules' one port to the world: every run, reminder and failure is an event of the outbox
 * (docs/autopay.md#events), written in the same database transaction as what it reports, so an event
 * is never lost nor told of a run that did not commit. From the outbox it is read at
 * GET /api/v1/events, sent to the webhooks that want it and, for a reminder, a payment made or a
 * decline, e-mailed to the payer in the schedule's language (mail/schedule-mail.ts).
 */
import { centsToAmount } from '../../shared/money.js';
import type { ScheduleEventPayment, ScheduleEventType } from '../../shared/wire.js';
import { recordEvent, scheduleEvent } from '../events/record.js';
import type { ScheduleMailKind } from '../mail/schedule-mail.js';
import type { EventReceipt, Repository } from '../storage/repository.js';
import { localDateAt } from './calendar.js';
import type { Schedule, ScheduleEvent } from './payment-schedule.js';

/** Where schedule events go; `repository` is bound to the run's database transaction. */
export type ScheduleEventSink = (event: ScheduleEvent, repository: Repository) => Promise<void>;

/** The e-mail each event sends the payer; a failing schedule and an expiring card tell the agency only. */
const MAIL_OF: Record<ScheduleEventType, ScheduleMailKind | null> = {
  'schedule.reminder': 'scheduleReminder',
  'schedule.paid': 'schedulePaid',
  'schedule.declined': 'scheduleDeclined',
  'schedule.failing': null,
  'schedule.cardExpiring': null,
};

/** Events about a try of a payment, which carry its transaction (null when none was made). */
const OF_A_TRY: readonly ScheduleEventType[] = ['schedule.paid', 'schedule.declined'];

/**
 * The default sink: an event of the outbox, with the schedule as its `GET` shows it once the run is
 * saved (the runner emits after saving) and the payment it is about; the payer's e-mail is queued by
 * the same statement (storage/events-table.ts).
 * @example await storeScheduleEvent({ eventType: 'schedule.paid', scheduleId, … }, repositoryOfTheRun)
 */
export const storeScheduleEvent: ScheduleEventSink = async (event, repository) => {
  const schedule = await repository.schedules.byId(event.scheduleId);
  if (!schedule) throw new Error(`Schedule ${event.scheduleId} is gone; its ${event.eventType} event is not written.`);
  const payment = await paymentOf(event, schedule, repository);
  const transaction = OF_A_TRY.includes(event.eventType)
    ? event.transactionId === null
      ? null
      : await repository.transactions.byId(event.transactionId)
    : undefined;
  const mail = MAIL_OF[event.eventType];
  const receipt: EventReceipt | null = mail && { to: event.emailAddress, locale: event.language, kind: mail };
  await recordEvent(repository, scheduleEvent(event.eventType, schedule, payment, transaction, event.at, receipt));
};

/**
 * The payment an event is about: its last try for a payment made or declined and for a failing
 * schedule, with the day it is tried again after a decline; the coming one for a reminder and an
 * expiring card.
 */
async function paymentOf(
  event: ScheduleEvent,
  schedule: Schedule,
  repository: Repository,
): Promise<ScheduleEventPayment> {
  const dueDate = event.dueDate ?? schedule.next?.date ?? null;
  if (dueDate === null)
    throw new Error(`A ${event.eventType} event of schedule ${schedule.publicId} names no payment.`);
  const tried = OF_A_TRY.includes(event.eventType) || event.eventType === 'schedule.failing';
  const run = tried ? await repository.schedules.lastTry(schedule.id, dueDate) : null;
  if (run)
    return {
      dueDate,
      amount: centsToAmount(run.amount),
      attempt: run.attempt,
      transactionId: run.transactionId,
      paymentResponseCode: run.paymentResponseCode,
      // The runner saved the schedule before this event: a retry keeps the payment's date, later.
      retryDate:
        event.eventType === 'schedule.declined' && schedule.status === 'Active' && schedule.next?.date === dueDate
          ? localDateAt(schedule.next.runAt, schedule.timeZone)
          : null,
    };
  const coming = schedule.next?.date === dueDate ? schedule.next : null;
  return {
    dueDate,
    amount: centsToAmount(coming?.amount ?? 0),
    attempt: null,
    transactionId: null,
    paymentResponseCode: null,
    retryDate: null,
  };
}
