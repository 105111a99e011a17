/**
 * English messages for every error code the browser can show, one catalog per area so the hosted
 * script carries only the codes it can produce. `ErrorCode` is derived from the keys, so a code
 * without a message cannot exist. `{seconds}`-style placeholders are filled by `formatMessage` (catalog.ts).
 */
import type { FeeCode, ListCode, ReportCode, ScheduleCode, SearchCode, ServiceCode, WebhookCode } from './api.js';

/** Field validation (docs/api.md#tokens), shared by the browser and the service. */
export const fieldMessages = {
  // request shape
  INVALID_REQUEST_BODY: 'The request body must be a JSON object.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  PAYMENT_METHOD_REQUIRED: 'Enter card or bank account details.',
  PAYMENT_METHOD_CONFLICT: 'Send card or bank account details, not both.',
  // payer
  PAYER_REQUIRED: 'Payer name is required.',
  PAYER_TOO_LONG: 'Payer name must be at most 100 characters.',
  EMAIL_ADDRESS_REQUIRED: 'Email address is required.',
  INVALID_EMAIL_ADDRESS: 'Email address is not valid.',
  ACCOUNT_HOLDER_REQUIRED: 'Name on the account is required.',
  ACCOUNT_HOLDER_TOO_LONG: 'Name on the account must be at most 100 characters.',
  NAME_TOO_LONG: 'Name must be at most 100 characters.',
  // card
  CARD_NUMBER_REQUIRED: 'Card number is required.',
  INVALID_CARD_NUMBER: 'Card number is not valid.',
  UNSUPPORTED_CARD_BRAND: 'This card brand is not accepted.',
  CVC_REQUIRED: 'Security code is required.',
  INVALID_CVC: 'Security code must be 3 digits (4 for American Express).',
  EXPIRATION_MONTH_REQUIRED: 'Expiration month is required.',
  INVALID_EXPIRATION_MONTH: 'Expiration month must be 1 to 12.',
  EXPIRATION_YEAR_REQUIRED: 'Expiration year is required.',
  INVALID_EXPIRATION_YEAR: 'Expiration year must have four digits.',
  CARD_EXPIRED: 'The card has expired.',
  EXPIRATION_TOO_FAR: 'Expiration date is more than 20 years away.',
  INVALID_POSTAL_CODE: 'Postal code is not valid.',
  // bank account
  ACCOUNT_TYPE_REQUIRED: 'Account type is required.',
  INVALID_ACCOUNT_TYPE: 'Account type is not valid.',
  ROUTING_NUMBER_REQUIRED: 'Routing number is required.',
  INVALID_ROUTING_NUMBER: 'Routing number is not valid.',
  ACCOUNT_NUMBER_REQUIRED: 'Account number is required.',
  INVALID_ACCOUNT_NUMBER: 'Account number must be 4 to 17 digits.',
  // attributes
  INVALID_ATTRIBUTE_VALUES: 'Attribute values must be an object of names to values.',
  TOO_MANY_ATTRIBUTE_VALUES: 'At most 50 attribute values are allowed.',
  INVALID_ATTRIBUTE_NAME: 'Attribute names must be 1 to 64 characters.',
  INVALID_ATTRIBUTE_VALUE: 'Attribute values must be text or numbers of at most 500 characters.',
} as const;

/** Money amounts (docs/api.md#fees, docs/api.md#transactions). */
export const amountMessages = {
  AMOUNT_REQUIRED: 'Amount is required.',
  AMOUNT_NOT_A_NUMBER: 'Amount must be a number.',
  AMOUNT_NEGATIVE: 'Amount cannot be negative.',
  AMOUNT_NOT_POSITIVE: 'Amount must be greater than zero.',
  AMOUNT_TOO_PRECISE: 'Amount can have at most 2 decimals.',
  AMOUNT_TOO_LARGE: 'Amount cannot exceed 10,000,000.00.',
} as const;

/**
 * A set-up mistake (no public key, a refused key, a page not allowed) is the developer's to fix: the
 * console says what to do (src/tokenizer/set-up.ts); the payer reads one line that blames nobody.
 */
export const UNAVAILABLE = 'Payments are not available on this page right now.';

/** The hosted script talking to the service. */
export const clientMessages = {
  MISSING_PUBLIC_KEY: UNAVAILABLE,
  INVALID_API_URL: 'The API URL is not valid.',
  INSECURE_API_URL: 'The API URL must use https.',
  PUBLIC_KEY_REJECTED: UNAVAILABLE,
  ORIGIN_NOT_ALLOWED: UNAVAILABLE,
  RATE_LIMITED: 'Too many attempts. Try again in {seconds} seconds.',
  NETWORK_ERROR: 'The payment service could not be reached. Check your connection and try again.',
  TIMEOUT: 'The payment service did not answer in time. Try again.',
  ABORTED: 'The request was cancelled.',
  SERVICE_ERROR: 'The payment service had a problem. Try again later.',
  UNEXPECTED_RESPONSE: 'The payment service sent an unexpected answer.',
} as const;

/** The isolated form's iframe, and its page: the name a screen reader gives the frame. */
export const frameTitle = 'Payment form';

/** The isolated form's loader (`<paytoken-frame>`) on its own: its frame did not come or did not answer. */
export const frameMessages = {
  FRAME_UNAVAILABLE: 'The payment form could not be loaded. Check your connection and try again.',
  FRAME_REFUSED: UNAVAILABLE,
  FRAME_TIMEOUT: 'The payment form did not answer in time. Try again.',
} as const;

/** Transactions and authorizations (docs/api.md#transactions, docs/api.md#authorizations): the service and the server SDK. */
export const transactionMessages = {
  PAYMENT_SOURCE_REQUIRED: 'Send one of tokenId, creditCardInformation, bankAccountInformation or authorizationId.',
  PAYMENT_SOURCE_CONFLICT:
    'Send only one of tokenId, creditCardInformation, bankAccountInformation or authorizationId.',
  INVALID_TOKEN_ID: 'tokenId must be the id of a token.',
  INVALID_AUTHORIZATION_ID: 'authorizationId must be the id of an authorization.',
  AMOUNT_AS_TEXT: 'Send money as a JSON number such as 13.57, not as text ("13.57").',
  INVALID_PAYER_FEE: 'Payer fee must be an amount of at least 0.00 with at most 2 decimals.',
  INVALID_INITIATING_PARTY_FEE: 'Initiating party fee must be an amount of at least 0.00 with at most 2 decimals.',
  PAYER_FEE_EXCEEDS_AMOUNT: 'Payer fee cannot be more than the amount.',
  INITIATING_PARTY_FEE_EXCEEDS_AMOUNT: 'Initiating party fee cannot be more than the amount.',
  NET_AMOUNT_NEGATIVE: 'The fees are more than the amount: the agency would receive less than nothing.',
  INITIATING_PARTY_FEE_NOT_ALLOWED: 'An initiating party fee needs an impersonation key.',
  COMMENTS_TOO_LONG: 'Comments must be at most 500 characters.',
  INVALID_IP_ADDRESS: 'IP address must be an IPv4 or IPv6 address.',
  INVALID_SEND_RECEIPT: 'sendReceipt must be true or false.',
  INVALID_LOCALE: 'locale must be en or es.',
  INVALID_FEE_QUOTE_OVERRIDE: 'feeQuoteOverride must be true or false.',
  UNSUPPORTED_CURRENCY: 'Only USD is supported.',
  // any text of a request body: the service checks it (unstorable-text.ts), the hosted bundles do not
  INVALID_CHARACTERS: 'Text has characters that cannot be stored.',
} as const;

/** Only the drop-in form asks for these. */
export const formMessages = {
  ACCOUNT_NUMBER_MISMATCH: 'Account numbers do not match.',
  /** The form's words for its own inputs ("Name on card", "Confirm account number"). */
  CARD_HOLDER_REQUIRED: 'Name on card is required.',
  CONFIRM_ACCOUNT_NUMBER_REQUIRED: 'Confirm the account number.',
} as const;

/**
 * The fee line before Pay (docs/fees.md#the-fee-shown-before-pay): a debit or prepaid card without a
 * fee, and the page's own fee when the card's could not be had. Only the form's engine carries them
 * in English; the form's Spanish carries them in Spanish.
 */
export const feeLineMessages = {
  NO_FEE_DEBIT: 'Debit card (no fee)',
  NO_FEE_PREPAID: 'Prepaid card (no fee)',
  FEE_LOOKUP_FAILED: 'Fee (not confirmed)',
} as const;

export type FieldCode = keyof typeof fieldMessages;
export type AmountCode = keyof typeof amountMessages;
export type ClientCode = keyof typeof clientMessages;
export type TransactionCode = keyof typeof transactionMessages;
/** A code the browser can show, in any of its languages. */
export type BrowserCode = FieldCode | AmountCode | ClientCode | TransactionCode | keyof typeof formMessages;
/** A stable, UPPER_SNAKE error code: the browser's and the service's own (api.ts). */
export type ErrorCode =
  BrowserCode | ServiceCode | SearchCode | ListCode | FeeCode | WebhookCode | ReportCode | ScheduleCode;

/** A browser catalog maps every code the browser can show to a message. */
export type MessageCatalog = Record<BrowserCode, string>;
