/**
 * The words of the payer's e-mail receipt (src/service/mail/receipt.ts), in English and Spanish.
 * Each line is a whole sentence with its value as a placeholder, so a language orders its own words;
 * `{agency}`, `{payer}` and the values are filled in (and HTML-escaped) by the receipt, never here.
 */
import type { FeeProgramName, PayerLocale, TransactionType } from '../wire.js';

export const receiptMessages = {
  subjectPayment: 'Receipt for your payment to {agency}',
  subjectVoid: 'Voided: your payment to {agency}',
  subjectRefund: 'Refund of your payment to {agency}',
  introPayment: 'Thank you, {payer}. {agency} received your payment.',
  introVoid: '{payer}, your payment to {agency} was voided: nothing was charged.',
  introRefund: '{payer}, {agency} refunded your payment.',
  amountDue: 'Amount due: {amount}',
  amountRefunded: 'Amount refunded: {amount}',
  payerFee: 'Payer fee: {amount}',
  surcharge: 'Surcharge: {amount}',
  convenienceFee: 'Convenience fee: {amount}',
  serviceFee: 'Service fee: {amount}',
  feeTransaction: 'Service fee charged as its own transaction: {id} ({reference})',
  credit: 'Card type: credit.',
  debit: 'Card type: debit.',
  prepaid: 'Card type: prepaid.',
  totalCharged: 'Total charged: {amount}',
  totalRefunded: 'Total refunded: {amount}',
  paidWith: 'Account: {method} ending in {lastFour}',
  bankAccount: 'Bank account (ACH)',
  transaction: 'Transaction: {id} ({reference})',
  date: 'Date: {date}',
  dateTime: '{date}, {time} (UTC)',
  keep: 'Keep this e-mail as your receipt. For questions about this payment, contact {agency}.',
} as const;

export type ReceiptWord = keyof typeof receiptMessages;

export const esReceipt = {
  subjectPayment: 'Recibo de su pago a {agency}',
  subjectVoid: 'Anulado: su pago a {agency}',
  subjectRefund: 'Reembolso de su pago a {agency}',
  introPayment: 'Gracias, {payer}. {agency} recibió su pago.',
  introVoid: '{payer}, su pago a {agency} fue anulado: no se cobró nada.',
  introRefund: '{payer}, {agency} le reembolsó su pago.',
  amountDue: 'Importe adeudado: {amount}',
  amountRefunded: 'Importe reembolsado: {amount}',
  payerFee: 'Cargo al pagador: {amount}',
  surcharge: 'Recargo: {amount}',
  convenienceFee: 'Cargo por conveniencia: {amount}',
  serviceFee: 'Cargo por servicio: {amount}',
  feeTransaction: 'Cargo por servicio cobrado como transacción aparte: {id} ({reference})',
  credit: 'Tipo de tarjeta: crédito.',
  debit: 'Tipo de tarjeta: débito.',
  prepaid: 'Tipo de tarjeta: prepago.',
  totalCharged: 'Total cobrado: {amount}',
  totalRefunded: 'Total reembolsado: {amount}',
  paidWith: 'Cuenta: {method} terminada en {lastFour}',
  bankAccount: 'Cuenta bancaria (ACH)',
  transaction: 'Transacción: {id} ({reference})',
  date: 'Fecha: {date}',
  dateTime: '{date}, {time} (hora UTC)',
  keep: 'Guarde este correo como recibo. Si tiene preguntas sobre este pago, comuníquese con {agency}.',
} as const satisfies Record<ReceiptWord, string>;

/** The receipt's words in each language the payer may have. */
export const RECEIPT_WORDS: Record<PayerLocale, Record<ReceiptWord, string>> = { en: receiptMessages, es: esReceipt };

/**
 * The word that names a payer fee on a receipt (docs/fees.md#fee-programs): its program's (a
 * surcharge is called one), but a bank payment under a surcharge program pays the account's ACH fee,
 * which is no surcharge: a surcharge is on cards only. The e-mailed receipt and the SDK's `feeLineOf`
 * both say it this way.
 * @example feeWordOf('surcharge', 'Ach') // 'payerFee'
 */
export function feeWordOf(feeProgram: FeeProgramName | null, transactionType: TransactionType | null): ReceiptWord {
  if (feeProgram === 'surcharge' && transactionType === 'Ach') return 'payerFee';
  return FEE_WORDS[feeProgram ?? 'none'];
}

const FEE_WORDS: Record<FeeProgramName, ReceiptWord> = {
  none: 'payerFee',
  surcharge: 'surcharge',
  convenienceFee: 'convenienceFee',
  serviceFee: 'serviceFee',
};
