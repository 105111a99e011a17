/**
 * The schedules' one port to the world: every run, reminder and failure is an event of the outbox
 * (docs/autopay.md#events), written in the same database transaction as what it reports, so an event
 * is never lost nor told of a run that did not commit. From the outbox it is read at
 * GET /api/v1/events, sent to the webhooks that want it and, for a reminder, a payment made or a
 * decline, e-mailed to the payer in the schedule's language (mail/schedule-mail.ts).
 */
import { centsToAmount } from '../../shared/money.js';
import type { PaymentResponseCode, ScheduleEventPayment, ScheduleEventType } from '../../shared/wire.js';
import { recordEvent, scheduleEvent } from '../events/record.js';
import type { ScheduleMailKind } from '../mail/schedule-mail.js';
import type { EventReceipt, Repository } from '../storage/repository.js';
import { localDateAt } from './calendar.js';
import type { NextPayment, Schedule, ScheduleEvent } from './payment-schedule.js';

/**
 * What a run left, given with its events so that the port reads nothing: the schedule as the run
 * saved it, and the try it made (the payment, its answer and its transaction).
 */
export interface RunOutcome {
  schedule: Schedule;
  tried: NextPayment & { paymentResponseCode: PaymentResponseCode; transactionId: number | null };
}

/** Where schedule events go; `repository` is bound to the run's database transaction. */
export type ScheduleEventSink = (event: ScheduleEvent, repository: Repository, outcome?: RunOutcome) => Promise<void>;

/** The e-mail each event sends the payer; a failing schedule and an expiring card tell the agency only. */
const MAIL_OF: Record<ScheduleEventType, ScheduleMailKind | null> = {
  'schedule.reminder': 'scheduleReminder',
  'schedule.paid': 'schedulePaid',
  'schedule.declined': 'scheduleDeclined',
  'schedule.failing': null,
  'schedule.cardExpiring': null,
};

/** Events about a try of a payment: the runner gives them with its outcome. */
const OF_A_TRY: readonly ScheduleEventType[] = ['schedule.paid', 'schedule.declined', 'schedule.failing'];

/**
 * The default sink: an event of the outbox, with the schedule as its `GET` shows it once the run is
 * saved and the payment it is about; the payer's e-mail is queued by the same statement
 * (storage/events-table.ts). One statement for an event of a run; a reminder reads its schedule first.
 * @example await storeScheduleEvent({ eventType: 'schedule.paid', scheduleId, … }, repositoryOfTheRun, { schedule, tried })
 */
export const storeScheduleEvent: ScheduleEventSink = async (event, repository, outcome) => {
  const schedule = outcome?.schedule ?? (await repository.schedules.byId(event.scheduleId));
  if (!schedule) throw new Error(`Schedule ${event.scheduleId} is gone; its ${event.eventType} event is not written.`);
  const mail = MAIL_OF[event.eventType];
  const receipt: EventReceipt | null = mail && { to: event.emailAddress, locale: event.language, kind: mail };
  await recordEvent(
    repository,
    scheduleEvent(event.eventType, schedule, paymentOf(event, schedule, outcome), event.at, receipt),
  );
};

/**
 * The payment an event is about: the try for a payment made or declined and for a failing schedule,
 * with the day it is tried again after a decline; the coming one for a reminder and an expiring card.
 */
function paymentOf(event: ScheduleEvent, schedule: Schedule, outcome: RunOutcome | undefined): ScheduleEventPayment {
  if (OF_A_TRY.includes(event.eventType)) {
    if (!outcome) throw new Error(`A ${event.eventType} event of schedule ${schedule.publicId} came without its try.`);
    const { tried } = outcome;
    // The runner saved the schedule before its events: a retry keeps the payment's date, later.
    const retried = event.eventType === 'schedule.declined' && schedule.status === 'Active' && schedule.next;
    return {
      dueDate: tried.date,
      amount: centsToAmount(tried.amount),
      attempt: tried.attempt,
      transactionId: tried.transactionId,
      paymentResponseCode: tried.paymentResponseCode,
      retryDate: retried && retried.date === tried.date ? localDateAt(retried.runAt, schedule.timeZone) : null,
    };
  }
  const coming = schedule.next;
  if (!coming || coming.date !== event.dueDate)
    throw new Error(`A ${event.eventType} event of schedule ${schedule.publicId} names no coming payment.`);
  return {
    dueDate: coming.date,
    amount: centsToAmount(coming.amount),
    attempt: null,
    transactionId: null,
    paymentResponseCode: null,
    retryDate: null,
  };
}
