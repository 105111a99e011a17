/**
 * The demo's "Payments" page backend: an agency's recent payments and what can happen after the
 * charge (void, refund, settle now), all through the server SDK (docs/api.md#voids-refunds-and-settlement).
 */
import type { PaytokenClient, TransactionResponse } from '../src/server-sdk/index.js';

/** What the page shows of a transaction: the money, where it is in its life, and what can be done. */
export interface PaymentRow {
  id: number;
  created: string;
  payer: string;
  method: string;
  status: TransactionResponse['status'];
  amount: number;
  fee: number;
  netAmount: number;
  events: string[];
  originalTransactionId: number | null;
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
    netAmount: transaction.netAmount,
    events: transaction.events.map((event) => event.eventType),
    originalTransactionId: transaction.originalTransactionId,
    // A refund is neither refunded nor voided: the service refuses both.
    refundable: transaction.originalTransactionId === null && REFUNDABLE.has(transaction.status),
    voidable: transaction.originalTransactionId === null && VOIDABLE.has(transaction.status),
  };
}

/** The newest 25 payments and refunds of the account (refunds are their own search type), newest first. */
export async function recentPayments(
  client: PaytokenClient,
  methodName: (transaction: TransactionResponse) => string,
): Promise<PaymentRow[]> {
  const [payments, refunds] = await Promise.all([
    client.transactions.list({ pageSize: 25 }).page(1),
    client.transactions.list({ pageSize: 25, transactionSearchTypeId: 'Refunds' }).page(1),
  ]);
  return [...payments.transactions, ...refunds.transactions]
    .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id)
    .slice(0, 25)
    .map((transaction) => toRow(transaction, methodName(transaction)));
}

/** A transaction id the page sent, as the SDK takes it. */
export function transactionIdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
