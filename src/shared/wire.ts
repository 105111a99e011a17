/**
 * The request and response bodies of the API, as they travel (contract §2–§5).
 * Money on the wire is a number in currency units with at most 2 decimals; code keeps cents.
 */
import type { ErrorCode } from './messages/en.js';

/** The four kinds of bank account (contract §3). */
export const ACCOUNT_TYPES = ['PersonalChecking', 'PersonalSavings', 'CorporateChecking', 'CorporateSavings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The payment method of a token or transaction: ACH or a card brand. */
export type CardBrand = 'Visa' | 'MasterCard' | 'Discover' | 'AmericanExpress' | 'Jcb' | 'DinersClub' | 'UnionPay';
export type TransactionType = 'Ach' | CardBrand;

/** Card details (spec §2.3). `month` is `"01"`..`"12"` or 1..12; `year` has four digits. */
export interface CreditCardInformation {
  accountHolder: string;
  cardNumber: string;
  cvc: string;
  month: string | number;
  year: number | string;
  postalCode?: string;
}

/** Bank (ACH) account details (contract §3). */
export interface BankAccountInformation {
  accountType: AccountType;
  routingNumber: string;
  accountNumber: string;
  accountHolder?: string;
  firstName?: string;
  lastName?: string;
}

/** Free-form named values (spec §2.1). */
export type AttributeValues = Record<string, string | number>;

/** `POST /api/v1/tokens` (spec §2.1): exactly one of card or bank account information. */
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

/** `GET /api/v1/tokens/{id}` (contract §3). */
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

/** One field problem; `field` is a dotted path such as `creditCardInformation.cardNumber`. */
export interface FieldError {
  field: string;
  code: ErrorCode;
  message: string;
}

/** Every non-2xx body (contract §2). Service-only codes widen `code` beyond the browser catalog. */
export interface ErrorBody {
  message: string;
  code?: string;
  errors?: FieldError[];
  requestId?: string;
  /** Declines only (contract §2, §6). */
  id?: number;
  paymentResponseCode?: PaymentResponseCode;
}

/** `GET|POST /api/v1/transactionFees` (contract §4). */
export interface TransactionFeesResponse {
  achPayerFee: number;
  creditCardPayerFee: number;
}

/** Processor answers (contract §6). */
export type PaymentResponseCode =
  | 'Success'
  | 'GenericDecline'
  | 'DoNotHonor'
  | 'InvalidAccountNumber'
  | 'InsufficientFunds'
  | 'DeclineCvvFail'
  | 'ExceedsApprovalAmountLimit'
  | 'NoSuchIssuer'
  | 'InvalidPaymentType'
  | 'InvalidExpirationDate'
  | 'LostOrStolenCard'
  | 'ExpiredCard'
  | 'HardDuplicateTransaction'
  | 'InvalidToken'
  | 'InvalidAuthorization'
  | 'InvalidRoutingNumber'
  | 'SoftDuplicateTransaction'
  | 'CachedPaymentDataExpired'
  | 'PaymentMethodBlackListed';

/** `POST /api/v1/transactions` (spec §2.2, contract §5). */
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

/** Which of the spec's payer-fee modes applied (spec §4.1). */
export type PayerFeeMode = 'Included' | 'Custom' | 'ServiceCalculated';

export interface TransactionEvent {
  eventDate: string;
  eventType: 'Sale' | 'Authorize' | 'Capture';
  comments: string | null;
}

/** A transaction as `GET /api/v1/transactions/{id}` returns it (contract §5). */
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
  warnings?: string[];
}

/** `POST /api/v1/transactions/authorize` (contract §5). */
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
