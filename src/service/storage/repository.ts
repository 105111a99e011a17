import { accountStore, type AccountStore } from './accounts-table.js';
import { batchStore, type BatchStore } from './batches-table.js';
import { deliveryStore, type DeliveryStore } from './deliveries-table.js';
import { eventStore, type EventStore } from './events-table.js';
import { idempotencyStore, type IdempotencyStore } from './idempotency-claims.js';
import { instanceStore, type InstanceStore } from './instances.js';
import { rateLimitStore, type RateLimitStore } from './rate-limit-counts.js';
import { scheduleStore, type ScheduleStore } from './schedules-table.js';
import type { Sql } from './sql.js';
import { tokenStore, type TokenStore } from './tokens-table.js';
import { transactionSearchStore, type TransactionSearchStore } from './search-query.js';
import { transactionStore, type TransactionStore } from './transactions-table.js';
import { webhookEndpointStore, type WebhookEndpointStore } from './webhook-endpoints-table.js';

export type { Account, NewAccount } from './accounts-table.js';
export type { Claim, IdempotencyKey } from './idempotency-claims.js';
export type { InstanceRow } from './instances.js';
export type { NewSchedule, ScheduleCriteria } from './schedules-table.js';
export type { SearchCriteria } from './search-query.js';
export type { Scope } from './types.js';
export type { EventFilter, EventOfInsert, EventReceipt, NewEvent, StoredEvent } from './events-table.js';
export { STORED_CREATED, STORED_ID } from './events-table.js';
export type { AttemptRecord, ClaimedDelivery, NextStep } from './deliveries-table.js';
export type { DeliveryAttemptRecord, WebhookEndpointRecord } from './webhook-endpoints-table.js';

/** The service's storage: one store per table group, over any `Sql`, which it keeps to itself. */
export interface Repository {
  accounts: AccountStore;
  tokens: TokenStore;
  transactions: TransactionStore;
  transactionSearch: TransactionSearchStore;
  batches: BatchStore;
  idempotency: IdempotencyStore;
  instances: InstanceStore;
  rateLimits: RateLimitStore;
  schedules: ScheduleStore;
  events: EventStore;
  webhookEndpoints: WebhookEndpointStore;
  deliveries: DeliveryStore;
  /** Runs `work` in one database transaction, on a repository bound to it. */
  transaction<T>(work: (repository: Repository) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The repository over `sql`; only this folder sees the SQL behind it. */
export function createRepository(sql: Sql): Repository {
  return {
    accounts: accountStore(sql),
    tokens: tokenStore(sql),
    transactions: transactionStore(sql),
    transactionSearch: transactionSearchStore(sql),
    batches: batchStore(sql),
    idempotency: idempotencyStore(sql),
    instances: instanceStore(sql),
    rateLimits: rateLimitStore(sql),
    schedules: scheduleStore(sql),
    events: eventStore(sql),
    webhookEndpoints: webhookEndpointStore(sql),
    deliveries: deliveryStore(sql),
    transaction: (work) => sql.transaction((tx) => work(createRepository(tx))),
    close: () => sql.close(),
  };
}
