/**
 * The request and response bodies of the API, as they travel (docs/api.md).
 * Money on the wire is a number in currency units with at most 2 decimals; code keeps cents.
 */
import type { ErrorCode } from './messages/en.js';
import type { ResponseCode } from './messages/api.js';

/** The four kinds of bank account (docs/api.md#bank-account-details). */
export const ACCOUNT_TYPES = ['PersonalChecking', 'PersonalSavings', 'CorporateChecking', 'CorporateSavings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The payment method of a token or transaction: ACH or a card brand. */
export const CARD_BRANDS = [
  'Visa',
  'MasterCard',
  'Discover',
  'AmericanExpress',
  'Jcb',
  'DinersClub',
  'UnionPay',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
/** A token's or a transaction's `transactionType`: a card brand, or `Ach` for a bank account. */
export const TRANSACTION_TYPES = ['Ach', ...CARD_BRANDS] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Card details (docs/api.md#card-details). `month` is `"01"`..`"12"` or 1..12; `year` has four digits. */
export interface CreditCardInformation {
  accountHolder: string;
  cardNumber: string;
  cvc: string;
  month: string | number;
  year: number | string;
  postalCode?: string;
}

/** Bank (ACH) account details (docs/api.md#bank-account-details). */
export interface BankAccountInformation {
  accountType: AccountType;
  routingNumber: string;
  accountNumber: string;
  accountHolder?: string;
  firstName?: string;
  lastName?: string;
}

/** Free-form named values (docs/api.md#attribute-values). */
export type AttributeValues = Record<string, string | number>;

/** `POST /api/v1/tokens` (docs/api.md#creating-a-token): exactly one of card or bank account information. */
export interface TokenRequest {
  payer: string;
  emailAddress: string;
  creditCardInformation?: CreditCardInformation;
  bankAccountInformation?: BankAccountInformation;
  attributeValues?: AttributeValues;
}

/** An attribute value as retrieval returns it. */
export interface AttributeValue {
  name: string;
  parameterName: string;
  value: string;
}

/** `GET /api/v1/tokens/{id}` (docs/api.md#tokens). */
export interface TokenResponse {
  id: string;
  payer: string;
  emailAddress: string;
  attributeValues: AttributeValue[];
  transactionType: TransactionType;
  maskedAccountNumber: string;
  lastFour: string;
  expirationMonth: number | null;
  expirationYear: number | null;
  accountType: AccountType | null;
  created: string;
}

/**
 * One field problem as it travels: `field` is a dotted path such as `creditCardInformation.cardNumber`,
 * and never its value. Whoever reads one takes a `code` it does not know yet (a newer service's).
 */
export interface WireFieldError {
  field: string;
  code: string;
  message: string;
}

/** A field problem this code base makes: its `code` is one of the catalog's (src/shared/messages/). */
export interface FieldError extends WireFieldError {
  code: ErrorCode;
}

/** Every non-2xx body (docs/api.md#errors-and-codes). Service-only codes widen `code` beyond the browser catalog. */
export interface ErrorBody {
  message: string;
  code?: string;
  errors?: FieldError[];
  requestId?: string;
  /** Declines only (docs/api.md#declines). */
  id?: number;
  paymentResponseCode?: PaymentResponseCode;
  /** Declines only: what to show the payer; `message` is the precise reason, for the merchant. */
  payerMessage?: string;
  /** Refused voids and refunds only (docs/api.md#voids-refunds-and-settlement). */
  reversalResponseCode?: ReversalResponseCode;
}

/** Why a void or a refund was refused (docs/api.md#voids-refunds-and-settlement). */
export const REVERSAL_RESPONSE_CODES = [
  'PreviouslyVoided',
  'AlreadySettled',
  'PreviouslyRejected',
  'NotSettled',
  'AmountExceedsRemaining',
  'NotRefundable',
  'CannotBeVoided',
] as const;
export type ReversalResponseCode = (typeof REVERSAL_RESPONSE_CODES)[number];

/** A closed settlement batch (docs/api.md#voids-refunds-and-settlement): debits are payments, credits refunds. */
export interface BatchResponse {
  id: number;
  created: string;
  numberOfCredits: number;
  totalOfCredits: number;
  numberOfDebits: number;
  totalOfDebits: number;
  currency: 'USD';
}

/** `GET /api/v1/batches`: one page, newest first. */
export interface BatchListResponse {
  batches: BatchResponse[];
  totalRecords: number;
}

/** `GET|POST /api/v1/transactionFees` (docs/api.md#fees). */
export interface TransactionFeesResponse {
  achPayerFee: number;
  creditCardPayerFee: number;
}

/** Processor answers (docs/api.md#sandbox-processor): the codes of their messages' catalog. */
export type PaymentResponseCode = ResponseCode;

/** `POST /api/v1/transactions` (docs/api.md#transactions). */
export interface TransactionRequest {
  payer: string;
  amount: number;
  payerFee?: number;
  emailAddress?: string;
  tokenId?: string;
  creditCardInformation?: CreditCardInformation;
  bankAccountInformation?: BankAccountInformation;
  authorizationId?: string;
  attributeValues?: AttributeValues;
  comments?: string;
  sendReceipt?: boolean;
  ipAddress?: string;
  initiatingPartyFee?: number;
  currency?: 'USD';
}

/** Which of the spec's payer-fee modes applied (docs/fees.md#payer-fee-modes). */
export const PAYER_FEE_MODES = ['Included', 'Custom', 'ServiceCalculated'] as const;
export type PayerFeeMode = (typeof PAYER_FEE_MODES)[number];

/** What happened to a transaction, in its `events`. */
export const TRANSACTION_EVENT_TYPES = ['Sale', 'Authorize', 'Capture', 'Void', 'Refund', 'Settle'] as const;
export type TransactionEventType = (typeof TRANSACTION_EVENT_TYPES)[number];

export interface TransactionEvent {
  eventDate: string;
  eventType: TransactionEventType;
  comments: string | null;
}

/** A transaction as `GET /api/v1/transactions/{id}` returns it (docs/api.md#transactions). */
export interface TransactionResponse {
  id: number;
  publicId: string;
  payer: string;
  emailAddress: string | null;
  /** null only for a decline whose token was unknown. */
  transactionType: TransactionType | null;
  amount: number;
  payerFee: number;
  fee: number;
  netAmount: number;
  initiatingPartyFee: number;
  payerFeeMode: PayerFeeMode | null;
  maskedAccountNumber: string | null;
  comments: string | null;
  attributeValues: AttributeValue[];
  paymentResponseCode: PaymentResponseCode;
  events: TransactionEvent[];
  created: string;
  /** Derived from the transaction and its reversals (docs/api.md#transactions). */
  status: TransactionStatus;
  /** The settlement batch, once settled. */
  batchId: number | null;
  /** On a refund: the transaction it gives money back from. */
  originalTransactionId: number | null;
  warnings?: string[];
}

/** Where a transaction is in its life (docs/api.md#voids-refunds-and-settlement). */
export const TRANSACTION_STATUSES = [
  'Authorized',
  'Captured',
  'Settled',
  'Voided',
  'Refunded',
  'PartiallyRefunded',
  'Declined',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** `POST /api/v1/transactions/authorize` (docs/api.md#authorizations). */
export interface AuthorizationRequest {
  tokenId: string;
  amount: number;
}

export interface AuthorizationResponse {
  authorizationId: string;
  amount: number;
  expires: string;
  transactionId?: number;
  captured?: boolean;
}

/**
 * What an event says happened (docs/api.md#events-and-webhooks): a payment approved (a sale or an
 * authorization), declined, captured, voided or refunded (the refund's own transaction), a batch
 * settled, a token created or deleted.
 */
export const EVENT_TYPES = [
  'transaction.approved',
  'transaction.declined',
  'transaction.captured',
  'transaction.voided',
  'transaction.refunded',
  'batch.settled',
  'token.created',
  'token.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The object an event carries, as the API shows it: a transaction, a batch, or a token. */
export type EventObject = TransactionResponse | BatchResponse | TokenResponse | { id: string; deleted: true };

/** `GET /api/v1/events/{id}`, and the body of a webhook (docs/api.md#events-and-webhooks). */
export interface EventResponse {
  id: string;
  type: EventType;
  created: string;
  data: { object: EventObject };
}

/** `GET /api/v1/events`: one page, newest first. */
export interface EventListResponse {
  events: EventResponse[];
  totalRecords: number;
}

/** `POST /api/v1/webhookEndpoints`: where to send which events. */
export interface WebhookEndpointRequest {
  url: string;
  enabledEvents: (EventType | '*')[];
}

/** A webhook endpoint; `secret` only in the answer that made or rotated it. */
export interface WebhookEndpointResponse {
  id: string;
  url: string;
  enabledEvents: (EventType | '*')[];
  status: 'enabled' | 'failing';
  created: string;
  secret?: string;
}

/** `GET /api/v1/webhookEndpoints`: the caller's endpoints, oldest first, without their secrets. */
export interface WebhookEndpointListResponse {
  webhookEndpoints: WebhookEndpointResponse[];
}

/** One delivery attempt to a webhook endpoint: when, how long, and what came back. */
export interface WebhookAttemptResponse {
  eventId: string;
  eventType: EventType;
  attemptedAt: string;
  durationMs: number;
  /** The endpoint's HTTP status; null when none came (a timeout, a refused connection). */
  statusCode: number | null;
  /** Why the attempt failed; null when it succeeded. */
  error: string | null;
}

/** `GET /api/v1/webhookEndpoints/{id}/attempts`: one page, newest first. */
export interface WebhookAttemptListResponse {
  attempts: WebhookAttemptResponse[];
}
