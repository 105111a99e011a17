import type { PayerLocale } from '../../shared/wire.js';
import type { ReceiptKind } from '../mail/receipt.js';
import type { EventReceipt } from '../storage/repository.js';
import type { Transaction } from './model.js';

/**
 * The e-mail receipt of an operation (docs/operating.md#e-mail-receipts): an approved sale, a capture,
 * a void or a refund made with `sendReceipt: true` sends one to the transaction's e-mail address, in
 * the payer's language (the request's `locale`, else the one stored with the payment, else English).
 * Authorizations and declines send none; neither does a transaction without an address.
 * @example receiptOf('sale', transaction, true) // { to: 'ada@example.com', locale: 'en', kind: 'sale' }
 */
export function receiptOf(
  kind: ReceiptKind,
  transaction: Pick<Transaction, 'emailAddress' | 'payerLocale'>,
  sendReceipt: boolean,
  locale?: PayerLocale | null,
): EventReceipt | null {
  if (!sendReceipt || !transaction.emailAddress) return null;
  return { to: transaction.emailAddress, locale: locale ?? transaction.payerLocale ?? 'en', kind };
}
