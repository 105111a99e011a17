/**
 * The demo's "Payments" page backend: an agency's recent payments and what can happen after the
 * charge (void, refund, settle now), all through the server SDK (docs/api.md#voids-refunds-and-settlement).
 */
import { feeLineOf, type PaytokenClient, type TransactionResponse } from '../src/server-sdk/index.js';

/** What the page shows of a transaction: the money, where it is in its life, and what can be done. */
export interface PaymentRow {
  id: number;
  created: string;
  payer: string;
  method: string;
  status: TransactionResponse['status'];
  amount: number;
  /** The service's fee (what accepting the payment costs), which the agency bears unless the payer fee covers it. */
  fee: number;
  /** The payer fee as its own line, named by the account's program (`Surcharge: $3.00`); null for none. */
  feeLine: string | null;
  /** The card's funding (docs/fees.md#card-funding); null for a bank account. */
  funding: TransactionResponse['funding'];
  netAmount: number;
  events: string[];
  originalTransactionId: number | null;
  /** A service fee charged as its own transaction (docs/fees.md#the-service-fee-as-its-own-transaction): its payment. */
  principalTransactionId: number | null;
  /** On that payment: the fee's transaction. */
  feeTransactionId: number | null;
  /** Settled and not wholly refunded: a refund may follow (the service checks the amount). */
  refundable: boolean;
  voidable: boolean;
}

const REFUNDABLE = new Set(['Settled', 'PartiallyRefunded']);
const VOIDABLE = new Set(['Captured', 'Authorized']);

function toRow(transaction: TransactionResponse, method: string): PaymentRow {
  return {
    id: transaction.id,
    created: transaction.created,
    payer: transaction.payer,
    method,
    status: transaction.status,
    amount: transaction.amount,
    fee: transaction.fee,
    feeLine: payerFeeLine(transaction),
    funding: transaction.funding,
    netAmount: transaction.netAmount,
    events: transaction.events.map((event) => event.eventType),
    originalTransactionId: transaction.originalTransactionId,
    principalTransactionId: transaction.principalTransactionId,
    feeTransactionId: transaction.feeTransactionId,
    // A refund is neither refunded nor voided: the service refuses both.
    refundable: transaction.originalTransactionId === null && REFUNDABLE.has(transaction.status),
    voidable: transaction.originalTransactionId === null && VOIDABLE.has(transaction.status),
  };
}

/** The payer fee's line, or null when the payer paid none (a debit card under a surcharge, a principal whose fee is its own row). */
function payerFeeLine(transaction: TransactionResponse): string | null {
  const line = feeLineOf(transaction);
  return line.amount > 0 ? line.text : null;
}

/** What the page lists: approved payments, declines and refunds are three search types of the service. */
const LISTED = ['Processed', 'Rejected', 'Refunds'] as const;

/** The newest 25 payments, declines and refunds of the account, newest first. */
export async function recentPayments(
  client: PaytokenClient,
  methodName: (transaction: TransactionResponse) => string,
): Promise<PaymentRow[]> {
  const pages = await Promise.all(
    LISTED.map((transactionSearchTypeId) =>
      client.transactions.list({ pageSize: 25, transactionSearchTypeId }).page(1),
    ),
  );
  return pages
    .flatMap((page) => page.transactions)
    .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id)
    .slice(0, 25)
    .map((transaction) => toRow(transaction, methodName(transaction)));
}

/** A transaction id the page sent, as the SDK takes it. */
export function transactionIdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The sentence for a refund amount that is not one; the page shows it as it is. */
export const REFUND_AMOUNT_HELP = 'Enter the amount to refund, such as 40.00, or leave it empty for all that is left.';

/**
 * The refund amount the payer's agent typed: `undefined` for all that is left (nothing typed), a
 * number of currency units, or `null` when it is not an amount (the page then says REFUND_AMOUNT_HELP
 * instead of the SDK's or the API's wording).
 */
export function refundAmountOf(value: unknown): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,8}(\.\d{1,2})?$/.test(value.trim())) return null;
  const amount = Number(value.trim());
  return amount > 0 && amount <= 10_000_000 ? amount : null;
}

/**
 * Whether the account has something a settlement would close: an approved payment or a refund not
 * yet in a batch (status `Captured`). Anything unsettled is younger than a day's cut-off, so the
 * search's default window (30 days) holds it. "Settle now" asks first, so it never makes an empty batch.
 */
export async function hasUnsettled(client: PaytokenClient): Promise<boolean> {
  for (const transactionSearchTypeId of ['Processed', 'Refunds'] as const)
    for await (const transaction of client.transactions.list({ transactionSearchTypeId }))
      if (transaction.status === 'Captured') return true;
  return false;
}
