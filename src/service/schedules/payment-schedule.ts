/**
 * The schedules domain's types (docs/autopay.md): a payment schedule or an AutoPay enrolment, the
 * payment it makes next, and each run it made. Storage maps its rows into them
 * (storage/schedules-table.ts); http/schedule-mappers.ts maps them to the wire.
 */
import type { PaymentResponseCode, ScheduleEventType, ScheduleStatus } from '../../shared/wire.js';
import type { Cents, Scope } from '../payments/model.js';
import type { LocalDate } from './calendar.js';
import type { Plan } from './plan.js';

/**
 * The most days before a payment its reminder may go out (`reminderDays`): the runner looks this far
 * ahead for reminders to send, no further (schedules/schedule-runner.ts).
 */
export const MAX_REMINDER_DAYS = 30;

/** A schedule (`Schedule`, public id `psch_…`) or an AutoPay (`AutoPay`, a numeric id). */
export type ScheduleKind = 'Schedule' | 'AutoPay';

/** The payment a schedule makes next, and when the runner takes it. */
export interface NextPayment {
  /** Its number in the plan (the first is 0). */
  n: number;
  date: LocalDate;
  amount: Cents;
  /** When the runner takes it: its due date's first instant, or a retry's. */
  runAt: Date;
  /** 0 for the first try, 1 to 3 for the retries of a decline (schedules/retry-plan.ts). */
  attempt: number;
}

export interface Schedule {
  id: number;
  publicId: string;
  kind: ScheduleKind;
  scope: Scope;
  /** Null for an AutoPay made without a token. */
  tokenId: string | null;
  payer: string;
  emailAddress: string;
  language: 'en' | 'es';
  attributeValues: Record<string, string | number>;
  comments: string | null;
  initiatingPartyFee: Cents;
  ipAddress: string | null;
  timeZone: string;
  plan: Plan;
  status: ScheduleStatus;
  executedPayments: number;
  next: NextPayment | null;
  /** When it was paused, cancelled or marked failing; null while active. */
  stoppedAt: Date | null;
  /** How many days before a payment its reminder goes out; 0 sends none. */
  reminderDays: number;
  /** The due date the last reminder was for. */
  remindedFor: LocalDate | null;
  created: Date;
  cancelled: Date | null;
}

/** One try at one payment of a schedule. */
export interface ScheduleRun {
  dueDate: LocalDate;
  attempt: number;
  amount: Cents;
  transactionId: number | null;
  paymentResponseCode: PaymentResponseCode;
  ran: Date;
}

/** What the runner tells the world (docs/autopay.md#events); never a card or account number. */
export interface ScheduleEvent {
  eventType: ScheduleEventType;
  scheduleId: number;
  scope: Scope;
  dueDate: LocalDate | null;
  transactionId: number | null;
  emailAddress: string;
  language: 'en' | 'es';
  at: Date;
}
