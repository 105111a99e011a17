/**
 * The e-mail channel of the delivery runner (delivery/runner.ts): sends the payer's e-mail of an
 * event that asked for one (a receipt, payments/receipts.ts; a schedule's reminder, receipt or
 * decline notice, schedules/schedule-events.ts; the outbox's fan-out queued it with the event,
 * storage/events-table.ts). The e-mail is composed when it is sent, from the event's body (the
 * transaction or the schedule as the API shows it: masked numbers only), the agency's name and the
 * payer's language.
 * A server that refuses the message for good (a 5xx), or a message that cannot be sent as it is, is
 * given up at once; anything else is tried again. Its Message-ID comes from the event and the
 * delivery, so a receipt sent twice after a crash is one message to the payer's mail program.
 */
import { PAYER_LOCALES, type EventResponse, type TransactionResponse } from '../../shared/wire.js';
import { toTransactionResponse } from '../http/wire-mappers.js';
import type { Channel, SendResult } from '../delivery/runner.js';
import type { ClaimedDelivery, EventReceipt, Repository } from '../storage/repository.js';
import { MailHeaderError } from './mail-message.js';
import { composeReceipt, type ReceiptKind } from './receipt.js';
import { composeScheduleMail, SCHEDULE_MAIL_KINDS, type ScheduleMailKind } from './schedule-mail.js';
import { MailSendError, type MailTransport } from './transport.js';

/** The channel's name in the outbox. */
export const MAIL_CHANNEL = 'email';

export interface MailChannelDeps {
  repository: Pick<Repository, 'accounts' | 'transactions'>;
  transport: MailTransport;
}

const KINDS: readonly ReceiptKind[] = ['sale', 'capture', 'void', 'refund'];
const isScheduleMail = (kind: EventReceipt['kind']): kind is ScheduleMailKind =>
  SCHEDULE_MAIL_KINDS.includes(kind as ScheduleMailKind);

/**
 * @example
 * createDeliveryRunner({ channels: [mailChannel({ repository, transport: createMailTransport({ mailboxDir }) })], … })
 */
export function mailChannel(deps: MailChannelDeps): Channel {
  const given = (error: string): SendResult => ({ ok: false, statusCode: null, error, final: true });
  return {
    name: MAIL_CHANNEL,
    async send(delivery: ClaimedDelivery): Promise<SendResult> {
      const queued = receiptOfDelivery(delivery);
      if (!queued) return given('The delivery holds no receipt to send.');
      // A disabled account sends nothing, not even what was queued before it was disabled.
      const agency = await deps.repository.accounts.findById(queued.accountId);
      if (agency === null) return given('The account of the receipt is disabled or gone: no receipt is sent.');
      const agencyName = agency.name;
      try {
        const { receipt, event } = queued;
        const message = isScheduleMail(receipt.kind)
          ? composeScheduleMail({
              event,
              kind: receipt.kind,
              to: receipt.to,
              agencyName,
              locale: receipt.locale,
              transaction: await paidWith(event, queued.accountId, deps.repository),
            })
          : composeReceipt({
              transaction: { ...(event.data.object as TransactionResponse), emailAddress: receipt.to },
              kind: receipt.kind,
              agencyName,
              locale: receipt.locale,
            });
        await deps.transport.send({ ...message, messageId: `<receipt.${queued.eventId}.${delivery.id}@paytoken>` });
        return { ok: true, statusCode: deps.transport.kind === 'smtp' ? 250 : null, error: null };
      } catch (error) {
        if (error instanceof MailHeaderError) return given(error.message);
        if (error instanceof MailSendError)
          return { ok: false, statusCode: error.responseCode ?? null, error: error.message, final: error.permanent };
        throw error;
      }
    },
  };
}

/**
 * The transaction of a schedule's payment made (`data.payment.transactionId`), as the API shows it;
 * null for any other event, or one not of the account.
 */
async function paidWith(
  event: EventResponse,
  accountId: number,
  repository: MailChannelDeps['repository'],
): Promise<TransactionResponse | null> {
  const id = event.type === 'schedule.paid' ? event.data.payment?.transactionId : null;
  const transaction = typeof id === 'number' ? await repository.transactions.byId(id) : null;
  return transaction?.scope.accountId === accountId ? toTransactionResponse(transaction) : null;
}

/** The e-mail, its account and its event, as the outbox holds them; null when they are not there. */
function receiptOfDelivery(
  delivery: ClaimedDelivery,
): { receipt: EventReceipt; accountId: number; eventId: string; event: EventResponse } | null {
  const message = delivery.message as { receipt?: Partial<EventReceipt>; accountId?: unknown } | null;
  const receipt = message?.receipt;
  if (
    !receipt ||
    typeof receipt.to !== 'string' ||
    !(KINDS.includes(receipt.kind as ReceiptKind) || isScheduleMail(receipt.kind as EventReceipt['kind'])) ||
    !PAYER_LOCALES.includes(receipt.locale as never) ||
    typeof message.accountId !== 'number' ||
    delivery.body === null ||
    delivery.eventId === null
  )
    return null;
  return {
    receipt: receipt as EventReceipt,
    accountId: message.accountId,
    eventId: delivery.eventId,
    event: JSON.parse(delivery.body) as EventResponse,
  };
}
