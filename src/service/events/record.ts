/**
 * The events of a payment's life (docs/api.md#events-and-webhooks): each is written in the same
 * database transaction as the change it tells of (the outbox), with the object as the API shows it
 * (http/wire-mappers.ts: masked numbers only, never a card or account number), and the delivery
 * runner is woken to send it (delivery/runner.ts).
 */
import type { EventResponse, EventType, ScheduleEventPayment, ScheduleEventType } from '../../shared/wire.js';
import { toAutoPayResponse, toPaymentScheduleResponse } from '../http/schedule-mappers.js';
import { toBatchResponse, toTokenResponse, toTransactionResponse } from '../http/wire-mappers.js';
import { cents, type Batch, type NewTransaction, type Scope, type Token, type Transaction } from '../payments/model.js';
import type { Schedule } from '../schedules/payment-schedule.js';
import {
  STORED_CREATED,
  STORED_ID,
  type EventOfInsert,
  type EventReceipt,
  type NewEvent,
  type Repository,
} from '../storage/repository.js';
import { newId } from '../vault/random.js';
import { wakeDeliveries } from './wake.js';

/** An event about `object`, with its body as the exact JSON text the API and webhooks carry. */
function eventOf(
  type: EventType,
  scope: Scope,
  objectId: string,
  object: EventResponse['data']['object'],
  at: Date,
  more: Omit<EventResponse['data'], 'object'> = {},
) {
  const id = newId('evt');
  const body: EventResponse = { id, type, created: at.toISOString(), data: { object, ...more } };
  return { id, scope, type, objectId, body: JSON.stringify(body), created: at } satisfies NewEvent;
}

/** The event of a transaction (`transaction.approved`, `…declined`, `…captured`, `…voided`, `…refunded`). */
export const transactionEvent = (
  type: EventType,
  transaction: Transaction,
  at: Date,
  receipt: EventReceipt | null = null,
): NewEvent => ({
  ...eventOf(type, transaction.scope, transaction.publicId, toTransactionResponse(transaction), at),
  receipt,
});

/** `token.created` with the token as `GET /tokens/{id}` shows it. */
export const tokenCreatedEvent = (token: Token, at: Date): NewEvent =>
  eventOf('token.created', token.scope, token.id, toTokenResponse(token), at);

/** `token.deleted` with `{ id, deleted: true }`, as `DELETE /tokens/{id}` answers. */
export const tokenDeletedEvent = (id: string, scope: Scope, at: Date): NewEvent =>
  eventOf('token.deleted', scope, id, { id, deleted: true }, at);

/**
 * An event of a schedule or an AutoPay (`schedule.paid`, `…declined`, `…failing`, `…reminder`,
 * `…cardExpiring`; docs/autopay.md#events): the schedule as its `GET` shows it after the change and
 * the payment it is about, and the e-mail it sends the payer, if any (schedules/schedule-events.ts
 * decides). A try's transaction has its own event (`transaction.approved`, `…declined`).
 */
export const scheduleEvent = (
  type: ScheduleEventType,
  schedule: Schedule,
  payment: ScheduleEventPayment,
  at: Date,
  receipt: EventReceipt | null,
): NewEvent => ({
  ...eventOf(
    type,
    schedule.scope,
    // AutoPay ids are numbers, as batches' are: the prefix keeps their deliveries' order apart.
    schedule.kind === 'AutoPay' ? `autoPay_${schedule.publicId}` : schedule.publicId,
    schedule.kind === 'AutoPay' ? toAutoPayResponse(schedule) : toPaymentScheduleResponse(schedule),
    at,
    { payment },
  ),
  receipt,
});

/** `batch.settled` for a batch that settled something; an empty batch tells no one. */
export const batchSettledEvent = (batch: Batch): NewEvent | null =>
  batch.numberOfCredits + batch.numberOfDebits === 0
    ? null
    : eventOf('batch.settled', batch.scope, String(batch.id), toBatchResponse(batch), batch.created);

/**
 * Stores a new transaction (a sale, an authorization, a decline) with its approved or declined event
 * in the same statement: the event's object is the transaction as it will be stored, its id and
 * creation time filled in by the database (storage/events-table.ts, `EventOfInsert`), and the
 * e-mail receipt it asks for, if any (payments/receipts.ts).
 */
export async function insertWithEvent(
  repository: Pick<Repository, 'transactions'>,
  draft: NewTransaction,
  at: Date,
  receipt: EventReceipt | null = null,
): Promise<Transaction> {
  const type: EventType = draft.paymentResponseCode === 'Success' ? 'transaction.approved' : 'transaction.declined';
  const shown = toTransactionResponse({
    ...draft,
    id: 0,
    created: at,
    capturedAt: null,
    batchId: null,
    voidedAt: null,
    refundedAmount: cents(0),
    feeTransactionId: null,
  });
  const id = newId('evt');
  const object = { ...shown, id: STORED_ID, created: STORED_CREATED } as unknown as EventResponse['data']['object'];
  const body: EventResponse = { id, type, created: at.toISOString(), data: { object } };
  const event: EventOfInsert = { id, type, body: JSON.stringify(body), created: at, receipt };
  const stored = await repository.transactions.insert(draft, event);
  wakeDeliveries();
  return stored;
}

/** Records `event` on `repository` (inside the change's own database transaction) and wakes the runner. */
export async function recordEvent(repository: Pick<Repository, 'events'>, event: NewEvent): Promise<void> {
  await repository.events.record(event);
  wakeDeliveries();
}
