/**
 * The payments domain's own types: what the rules work on. Storage maps its rows into them
 * (src/service/storage/*-table.ts); src/service/http/wire-mappers.ts maps them to the wire.
 */
import type {
  AccountType,
  FeeProgramName,
  Funding,
  PayerFeeMode,
  PayerLocale,
  PaymentResponseCode,
  TransactionEvent,
  TransactionType,
} from '../../shared/wire.js';

declare const CENTS: unique symbol;

/**
 * An amount of money in integer cents. A brand the compiler keeps apart from a plain number, so an
 * amount in currency units (the wire's `40.12`, src/shared/money.ts `centsToAmount`) never passes for
 * one; `cents()` is the one way in.
 */
export type Cents = number & { readonly [CENTS]: 'cents' };

/**
 * A whole number of cents as `Cents`; anything else is a bug upstream, never a value to round.
 * @example cents(4012) // 4012 as Cents; cents(40.12) throws
 */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number of cents.`);
  return value as Cents;
}

/** Who a resource belongs to: the account it is booked to, and the system that acted for it, if any. */
export interface Scope {
  accountId: number;
  viaAccountId: number | null;
}

/** Money of a transaction; `amount = netAmount + fee + initiatingPartyFee` (also a CHECK in the table). */
export interface TransactionMoney {
  amount: Cents;
  payerFee: Cents;
  fee: Cents;
  netAmount: Cents;
  initiatingPartyFee: Cents;
  payerFeeMode: PayerFeeMode | null;
}

/** What the payer fee was decided by: the card's funding and the account's program (docs/fees.md#fee-programs). */
export interface FeeBasis {
  /** The card's funding; null for ACH, and for a decline whose token was unknown. */
  funding: Funding | null;
  /** The program the fee followed; null when no fee was decided (a decline of an unknown token, a refund). */
  feeProgram: FeeProgramName | null;
}

/** Something that happened to a transaction: a Sale, an Authorize, a Capture, a Void, a Refund, a Settle. */
export interface TransactionEventRecord {
  eventType: TransactionEvent['eventType'];
  eventDate: Date;
  comments: string | null;
}

/** A transaction before it is stored: built by payments/build-transaction.ts only. */
export interface NewTransaction extends TransactionMoney, FeeBasis {
  publicId: string;
  scope: Scope;
  authorizationId: string | null;
  tokenId: string | null;
  payer: string;
  emailAddress: string | null;
  attributeValues: Record<string, string | number>;
  comments: string | null;
  sendReceipt: boolean;
  /** The payer's language for a receipt (`locale`); null: not said, English. */
  payerLocale: PayerLocale | null;
  ipAddress: string | null;
  transactionType: TransactionType | null;
  maskedAccountNumber: string | null;
  /** A sale's keyed hash of the whole card or account number (payments/method-fingerprint.ts). */
  paymentMethodFingerprint: string | null;
  paymentResponseCode: PaymentResponseCode;
  authorizedAmount: Cents | null;
  authorizationExpires: Date | null;
  /** On a refund: the sale or capture it gives money back from. */
  originalTransactionId: number | null;
  /** On a service fee charged as its own transaction: the payment it is the fee of (docs/fees.md#service-fee). */
  principalTransactionId: number | null;
  events: TransactionEventRecord[];
}

/** A stored transaction: a sale, an authorization (and its capture) or a refund. */
export interface Transaction extends NewTransaction {
  id: number;
  capturedAt: Date | null;
  /** The settlement batch, once settled. */
  batchId: number | null;
  voidedAt: Date | null;
  /** Cents given back by approved refunds of this transaction (positive). */
  refundedAmount: Cents;
  /** On a payment whose service fee is its own transaction: that transaction (docs/fees.md#the-service-fee-as-its-own-transaction). */
  feeTransactionId: number | null;
  /** In what the payment that charged it answers (and its event), that fee transaction itself. */
  feeTransaction?: Transaction;
  created: Date;
}

/** A token: the readable fields of a card or bank account, its owner, and its sealed details. */
export interface Token {
  id: string;
  scope: Scope;
  payer: string;
  emailAddress: string;
  attributeValues: Record<string, string | number>;
  transactionType: TransactionType;
  maskedAccountNumber: string;
  lastFour: string;
  expirationMonth: number | null;
  expirationYear: number | null;
  accountType: AccountType | null;
  /** The card's funding from the BIN table; null for a bank account (docs/fees.md#card-funding). */
  funding: Funding | null;
  /** The fee the payer was shown before the token was made, as the service checked it (docs/fees.md#fee-quotes). */
  feeQuote: FeeQuote | null;
  /** The encrypted payment details (src/service/vault/vault.ts); null once deleted. */
  vaultKeyId: string | null;
  sealed: string | null;
  created: Date;
}

/** A fee the payer was shown for a net amount, and what decided it. */
export interface FeeQuote {
  amount: Cents;
  payerFee: Cents;
  program: FeeProgramName;
  funding: Funding | null;
}

/**
 * A closed settlement batch. Debits are the payments it settled (the payer is charged), credits the
 * refunds (the payer is paid back); both totals are positive.
 */
export interface Batch {
  id: number;
  scope: Scope;
  created: Date;
  numberOfCredits: number;
  totalOfCredits: Cents;
  numberOfDebits: number;
  totalOfDebits: Cents;
  currency: 'USD';
}

/**
 * What a duplicate is compared on: the method's keyed fingerprint, and the token it was charged by
 * (for sales stored before fingerprints).
 */
export interface PaymentMethodKey {
  fingerprint: string;
  tokenId: string | null;
}
