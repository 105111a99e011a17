/**
 * The request and response bodies of the API, as they travel (docs/api.md).
 * Money on the wire is a number in currency units with at most 2 decimals; code keeps cents.
 */
import type { ErrorCode } from './messages/en.js';
import type { FeeRule, ResponseCode } from './messages/api.js';

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

/**
 * How a card is funded, from the service's BIN table (docs/fees.md#card-funding): `unknown` when the
 * table does not know the card. A bank account has no funding (`null`).
 */
export const FUNDING_TYPES = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type Funding = (typeof FUNDING_TYPES)[number];

/**
 * An account's payer-fee program (docs/fees.md#fee-programs): which card-network rules its payer fees
 * follow. `none`: the rules of docs/fees.md alone, one card schedule whatever the funding.
 */
export const FEE_PROGRAMS = ['serviceFee', 'surcharge', 'convenienceFee', 'none'] as const;
export type FeeProgramName = (typeof FEE_PROGRAMS)[number];

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
  /** The net amount and the fee the payer was shown for this card (docs/api.md#fee-quotes); checked, then kept. */
  feeQuote?: FeeQuote;
}

/** A fee as the payer was shown it, in currency units: `{ amount: 100.00, payerFee: 3.25 }` (docs/api.md#fee-quotes). */
export interface FeeQuote {
  amount: number;
  payerFee: number;
}

/** The fee a token's payer was shown, as the service checked it at tokenization (docs/api.md#fee-quotes). */
export interface FeeQuoteResponse extends FeeQuote {
  program: FeeProgramName;
  funding: Funding | null;
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
  /** The card's funding; null for a bank account (docs/fees.md#card-funding). */
  funding: Funding | null;
  feeQuote: FeeQuoteResponse | null;
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

/** One settled transaction in a batch's report (docs/api.md#settlement-reports); ours. */
export interface SettlementLineResponse {
  transactionId: number;
  publicId: string;
  kind: 'Payment' | 'Refund';
  date: string;
  payer: string;
  transactionType: TransactionType | null;
  lastFour: string | null;
  originalTransactionId: number | null;
  /** The net amount due: amount less the payer fee. principal + payerFee = net + serviceFee + initiatingPartyFee = amount. */
  principal: number;
  payerFee: number;
  serviceFee: number;
  initiatingPartyFee: number;
  net: number;
  amount: number;
}

/** The sums of a report's lines; the debits and credits equal the batch's. */
export interface SettlementTotalsResponse {
  numberOfDebits: number;
  totalOfDebits: number;
  numberOfCredits: number;
  totalOfCredits: number;
  principal: number;
  payerFee: number;
  serviceFee: number;
  initiatingPartyFee: number;
  net: number;
  amount: number;
}

/** `GET /api/v1/batches/{id}/report` as JSON (ours). */
export interface SettlementReportResponse {
  batch: BatchResponse;
  lines: SettlementLineResponse[];
  totals: SettlementTotalsResponse;
}

/** `GET /api/v1/batches`: one page, newest first. */
export interface BatchListResponse {
  batches: BatchResponse[];
  totalRecords: number;
}

/**
 * `GET|POST /api/v1/transactionFees` (docs/api.md#fees). With a `tokenId`, also the payer fee of that
 * token (its funding), the program and the rule that decided it.
 */
export interface TransactionFeesResponse {
  achPayerFee: number;
  creditCardPayerFee: number;
  payerFee?: number;
  funding?: Funding | null;
  program?: FeeProgramName;
  rule?: FeeRule;
}

/** `GET /api/v1/cardFees` (docs/api.md#card-fees): the fee of a card by its BIN, or of ACH, for a net amount. */
export interface CardFeesResponse {
  /** The BIN asked about; null for ACH. */
  bin: string | null;
  transactionType: TransactionType | null;
  funding: Funding | null;
  program: FeeProgramName;
  /** The rule that decided the fee (UPPER_SNAKE); its sentence is in the message catalog. */
  rule: FeeRule;
  amount: number;
  payerFee: number;
  totalAmount: number;
}

/** Processor answers (docs/api.md#sandbox-processor): the codes of their messages' catalog. */
export type PaymentResponseCode = ResponseCode;

/** The payer's language for what is sent to them (a receipt): ours, not the interface's (docs/api.md#transactions). */
export const PAYER_LOCALES = ['en', 'es'] as const;
export type PayerLocale = (typeof PAYER_LOCALES)[number];

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
  /** The payer's language for the receipt (ours): `en` (the default) or `es`. */
  locale?: PayerLocale;
  ipAddress?: string;
  initiatingPartyFee?: number;
  currency?: 'USD';
  /** Charge a payer fee other than the token's fee quote on purpose (docs/api.md#fee-quotes). */
  feeQuoteOverride?: boolean;
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
  /** The card's funding; null for ACH (docs/fees.md#card-funding). */
  funding: Funding | null;
  /** The fee program the payer fee followed, to name it on a receipt (docs/fees.md#fee-programs). */
  feeProgram: FeeProgramName | null;
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
  /** Ours: on a service fee charged as its own transaction, the payment it is the fee of (docs/fees.md#the-service-fee-as-its-own-transaction). */
  principalTransactionId: number | null;
  /** Ours: on a payment whose service fee was charged as its own transaction, that transaction. */
  feeTransactionId: number | null;
  /** Ours: in the answer (and the event) of the payment that charged it, the fee transaction itself. */
  feeTransaction?: Omit<TransactionResponse, 'feeTransaction' | 'warnings'>;
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
  /** Where the capture's receipt goes; not sent: the token's address; empty or null: none. */
  emailAddress?: string | null;
}

export interface AuthorizationResponse {
  authorizationId: string;
  amount: number;
  expires: string;
  transactionId?: number;
  captured?: boolean;
}

/** How often a payment schedule pays (the API's PaymentInterval; docs/autopay.md#due-dates). */
export const PAYMENT_INTERVALS = ['Day', 'Week', 'Month', 'Year'] as const;
export type PaymentInterval = (typeof PAYMENT_INTERVALS)[number];

/** Where a payment schedule or an AutoPay stands (ours; docs/autopay.md#statuses). */
export const SCHEDULE_STATUSES = ['Active', 'Paused', 'Failing', 'Completed', 'Cancelled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * What happened to a payment schedule or an AutoPay (ours; docs/autopay.md#events): a payment made, a
 * payment declined, the schedule failing after its last retry, a payment's reminder, a card that
 * expires before the next payment. Events of the outbox like every other (`EVENT_TYPES`).
 */
export const SCHEDULE_EVENT_TYPES = [
  'schedule.paid',
  'schedule.declined',
  'schedule.failing',
  'schedule.reminder',
  'schedule.cardExpiring',
] as const;
export type ScheduleEventType = (typeof SCHEDULE_EVENT_TYPES)[number];

/** `POST /api/v1/paymentSchedules` (docs/autopay.md#making-a-schedule); money in currency units. */
export interface PaymentScheduleRequest {
  payer: string;
  emailAddress: string;
  tokenId: string;
  amount: number;
  interval: PaymentInterval;
  intervalCount: number;
  startDate?: string;
  endDate?: string;
  numberOfTotalPayments?: number;
  attributeValues?: AttributeValues;
  comments?: string;
  initiatingPartyFee?: number;
  ipAddress?: string;
  /** Ours: on the last day of each month. */
  lastDayOfMonth?: boolean;
  /** Ours: pay these instead of a recurrence; `amount` is their total. */
  instalments?: { date: string; amount?: number }[];
  /** Ours: the language of its e-mails. */
  language?: 'en' | 'es';
  /** Ours: days before each payment its reminder goes out; 0: none. */
  reminderDays?: number;
}

/** A payment schedule as the service answers it; dates are days (`YYYY-MM-DD`) in the account's time zone. */
export interface PaymentScheduleResponse {
  id: string;
  payer: string;
  emailAddress: string;
  tokenId: string | null;
  numberOfTotalPayments: number | null;
  numberOfExecutedPayments: number;
  amount: number;
  payerFee: number;
  startDate: string | null;
  endDate: string | null;
  nextPaymentDate: string | null;
  interval?: PaymentInterval;
  intervalCount?: number;
  attributeValues: AttributeValues;
  comments: string | null;
  status: ScheduleStatus;
  lastDayOfMonth?: boolean;
  instalments?: { date: string; amount: number }[];
  nextPaymentAmount: number | null;
  timeZone: string;
  language: 'en' | 'es';
  reminderDays: number;
  createDate: string;
  cancelDate: string | null;
}

/** `POST /api/v1/autoPay`. */
export interface AutoPayRequest {
  emailAddress: string;
  publicTokenId?: string;
  payer?: string;
  attributeValues?: AttributeValues;
  language?: 'en' | 'es';
  reminderDays?: number;
}

/** An AutoPay in a search's list (the API's names). */
export interface AutoPayListItem {
  id: number;
  tokenId: string | null;
  attributes: AttributeValues;
  email: string;
  createDate: string;
  cancelDate: string | null;
}

/** An AutoPay: the list item's fields, and ours. */
export interface AutoPayResponse extends AutoPayListItem {
  payer: string;
  status: ScheduleStatus;
  nextPaymentDate: string | null;
  amountsDue: { dueDate: string; amount: number }[];
}

/** One try of one payment of a schedule or an AutoPay (ours). */
export interface SchedulePaymentResponse {
  dueDate: string;
  attempt: number;
  amount: number;
  transactionId: number | null;
  paymentResponseCode: PaymentResponseCode;
  date: string;
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
  ...SCHEDULE_EVENT_TYPES,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The object an event carries, as the API shows it: a transaction, a batch, a token, a schedule or an AutoPay. */
export type EventObject =
  | TransactionResponse
  | BatchResponse
  | TokenResponse
  | { id: string; deleted: true }
  | PaymentScheduleResponse
  | AutoPayResponse;

/**
 * The payment a schedule's event is about (`data.payment`, ours; docs/autopay.md#events): the try
 * for a payment made or declined and for a failing schedule, the coming payment for a reminder or an
 * expiring card (then `attempt`, `transactionId` and `paymentResponseCode` are null).
 */
export interface ScheduleEventPayment {
  dueDate: string;
  amount: number;
  attempt: number | null;
  transactionId: number | null;
  paymentResponseCode: PaymentResponseCode | null;
  /** After a decline, the day (in the account's time zone) it is tried again; null when it is not. */
  retryDate: string | null;
}

/** `GET /api/v1/events/{id}`, and the body of a webhook (docs/api.md#events-and-webhooks). */
export interface EventResponse {
  id: string;
  type: EventType;
  created: string;
  /** `object`: what the event is about. A schedule's event adds the payment it is about (`payment`). */
  data: { object: EventObject; payment?: ScheduleEventPayment };
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
