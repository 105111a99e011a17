import { formatMessage } from '../shared/messages/catalog.js';
import { feeWordOf, RECEIPT_WORDS } from '../shared/messages/receipts.js';
import { formatDollars, wireAmountCents } from '../shared/money.js';
import type { PayerLocale, TransactionResponse } from '../shared/wire.js';

/** The payer fee of a transaction as a receipt shows it: its own line, named by its program. */
export interface FeeLine {
  /** The line as the payer reads it, such as `Surcharge: $3.00` or `Cargo por servicio: $3.25`. */
  text: string;
  /** The fee in currency units (never negative: a refund's line says what of the fee it gives back). */
  amount: number;
  /** The service fee's own transaction (docs/fees.md#the-service-fee-as-its-own-transaction), if it is one. */
  feeTransactionId: number | null;
}

/**
 * The payer fee of `transaction` as its own line, named by the program it followed (surcharge,
 * convenience fee, service fee; `Payer fee` without one, and for a bank payment under a surcharge,
 * which pays the account's ACH fee: a surcharge is on cards only), in the words of the e-mailed receipt. A
 * payment whose service fee is its own transaction names that transaction: as the sale answered it
 * (`feeTransaction`) its amount, as a list shows the principal (`feeTransactionId`) only its id; the fee
 * transaction itself is all fee.
 * @example feeLineOf(await client.transactions.retrieve(id)) // { text: 'Surcharge: $3.00', amount: 3, feeTransactionId: null }
 */
export function feeLineOf(
  transaction: Pick<
    TransactionResponse,
    | 'transactionType'
    | 'amount'
    | 'payerFee'
    | 'feeProgram'
    | 'principalTransactionId'
    | 'feeTransactionId'
    | 'feeTransaction'
  >,
  locale: PayerLocale = 'en',
): FeeLine {
  const fee =
    transaction.feeTransaction?.amount ??
    (transaction.principalTransactionId === null ? transaction.payerFee : transaction.amount);
  const cents = wireAmountCents(fee);
  return {
    text: formatMessage(RECEIPT_WORDS[locale][feeWordOf(transaction.feeProgram, transaction.transactionType)], {
      amount: formatDollars(cents),
    }),
    amount: cents / 100,
    feeTransactionId: transaction.feeTransaction?.id ?? transaction.feeTransactionId,
  };
}

/**
 * The card's funding as a receipt says it (docs/fees.md#card-funding), or null for a bank account or
 * a card the service's BIN table does not know.
 * @example fundingLineOf({ funding: 'debit' }) // 'Card type: debit.'
 */
export function fundingLineOf(
  transaction: Pick<TransactionResponse, 'funding'>,
  locale: PayerLocale = 'en',
): string | null {
  const { funding } = transaction;
  return funding === 'credit' || funding === 'debit' || funding === 'prepaid' ? RECEIPT_WORDS[locale][funding] : null;
}
