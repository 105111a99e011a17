/** `import { PaytokenClient } from 'paytoken/server'`: the integrating server's side. */
export { PaytokenClient, type PayerFeePayment, type ScheduleSearch } from './client.js';
export { PaymentDeclinedError, PaytokenApiError, ReversalDeclinedError } from './errors.js';
export {
  webhooks,
  constructEvent,
  WebhookSignatureError,
  SIGNATURE_HEADER,
  EVENT_ID_HEADER,
  type ConstructEventOptions,
} from './webhooks.js';
export type { EventListFilters, PageOptions } from './events.js';
export { feeLineOf, fundingLineOf, type FeeLine } from './receipt-lines.js';
export { TransactionList, type TransactionListFilters, type TransactionPage } from './transaction-list.js';
export type { TransactionSearchResponse, TransactionSearchType } from '../shared/transaction-search.js';
export type { HttpOptions as PaytokenClientOptions, RequestOptions } from './http.js';
export type {
  AutoPayListItem,
  AutoPayRequest,
  AutoPayResponse,
  PaymentScheduleRequest,
  PaymentScheduleResponse,
  SchedulePaymentResponse,
  ScheduleStatus,
  AuthorizationResponse,
  BatchListResponse,
  BatchResponse,
  EventListResponse,
  EventResponse,
  EventType,
  WebhookAttemptListResponse,
  WebhookAttemptResponse,
  WebhookEndpointListResponse,
  WebhookEndpointRequest,
  WebhookEndpointResponse,
  PaymentResponseCode,
  ReversalResponseCode,
  TokenResponse,
  TransactionFeesResponse,
  TransactionRequest,
  TransactionResponse,
} from '../shared/wire.js';
