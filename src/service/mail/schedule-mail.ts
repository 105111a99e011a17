/**
 * The payer's e-mails about a payment schedule or an AutoPay (docs/autopay.md#e-mails), composed from
 * the event that queued them (schedules/schedule-events.ts): the reminder before a payment, the
 * receipt of a payment made (the sale's receipt, receipt.ts, of the try's transaction, naming the
 * schedule), and the notice
 * after a decline, which says what happens next (the day of the retry, or that the schedule stopped).
 * In the schedule's language; never more of a card or account than the last four digits.
 */
import { formatMessage } from '../../shared/messages/catalog.js';
import { esScheduleMail, scheduleMailMessages, type ScheduleMailWord } from '../../shared/messages/schedule-mail.js';
import { formatDollars, parseAmount } from '../../shared/money.js';
import type {
  AutoPayResponse,
  EventResponse,
  PayerLocale,
  PaymentScheduleResponse,
  ScheduleEventPayment,
  TransactionResponse,
} from '../../shared/wire.js';
import { checkMailMessage, MailHeaderError, type MailMessage } from './mail-message.js';
import { composeReceipt, escapeHtml } from './receipt.js';

/** The e-mails of a schedule, as the outbox names them (storage/events-table.ts, `EventReceipt`). */
export const SCHEDULE_MAIL_KINDS = ['scheduleReminder', 'schedulePaid', 'scheduleDeclined'] as const;
export type ScheduleMailKind = (typeof SCHEDULE_MAIL_KINDS)[number];

export interface ScheduleMailInput {
  /** The schedule's event, as the outbox stores it: `data.object` the schedule, `data.payment` the payment. */
  event: EventResponse;
  /** For a payment made: its transaction (`data.payment.transactionId`) as the API shows it. */
  transaction?: TransactionResponse | null;
  kind: ScheduleMailKind;
  to: string;
  /** The agency (the account the schedule pays), by its name. */
  agencyName: string;
  locale: PayerLocale;
}

const WORDS: Record<PayerLocale, Record<ScheduleMailWord, string>> = { en: scheduleMailMessages, es: esScheduleMail };

/**
 * The e-mail `kind` of a schedule's event, as plain text and HTML. An event that lacks what the
 * e-mail says (a payment made without its transaction) is refused (MailHeaderError): it is given up,
 * not sent wrong.
 * @example composeScheduleMail({ event, kind: 'scheduleReminder', to: 'ada@example.com', agencyName: 'Springfield', locale: 'en' })
 *   // { to: 'ada@example.com', subject: 'Reminder: your payment to Springfield on December 1, 2026', … }
 */
export function composeScheduleMail({
  event,
  kind,
  to,
  agencyName,
  locale,
  transaction,
}: ScheduleMailInput): MailMessage {
  const schedule = event.data.object as PaymentScheduleResponse | AutoPayResponse;
  const payment = event.data.payment;
  if (!payment) throw new MailHeaderError(`The event ${event.id} names no payment of a schedule.`);
  const words = WORDS[locale];
  const say = (word: ScheduleMailWord) =>
    formatMessage(words[word], {
      agency: agencyName,
      payer: schedule.payer,
      amount: formatDollars(wireCents(payment.amount)),
      date: dayIn(payment.dueDate, locale),
      retryDate: payment.retryDate === null ? '' : dayIn(payment.retryDate, locale),
      schedule: String(schedule.id),
    });
  const named = say(typeof schedule.id === 'number' ? 'autoPay' : 'schedule');
  if (kind === 'schedulePaid') {
    if (!transaction) throw new MailHeaderError(`The event ${event.id} carries no transaction to make a receipt of.`);
    return composeReceipt({
      transaction: { ...transaction, emailAddress: to },
      kind: 'sale',
      agencyName,
      locale,
      madeBy: named,
    });
  }
  const [subject, lines] =
    kind === 'scheduleReminder'
      ? [say('subjectReminder'), [say('introReminder'), named, say('reminderChange')]]
      : [say('subjectDeclined'), [say('introDeclined'), afterDecline(payment, say), named, say('declinedAction')]];
  const text = [...lines, ''].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return checkMailMessage({ to, subject, text, html });
}

/** What happens after a decline: the day it is tried again, or no more tries (the schedule is failing). */
const afterDecline = (payment: ScheduleEventPayment, say: (word: ScheduleMailWord) => string): string =>
  payment.retryDate === null ? say('failing') : say('retry');

/** A day (`YYYY-MM-DD`, in the account's time zone) as the payer's language writes it: `December 1, 2026`. */
function dayIn(date: string, locale: PayerLocale): string {
  const tag = locale === 'es' ? 'es' : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A wire amount (currency units) as whole cents, through its decimal text (shared/money.ts). */
function wireCents(amount: number): number {
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw new MailHeaderError(`Not an amount of the wire: ${amount}`);
  return parsed.cents;
}
