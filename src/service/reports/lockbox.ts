import { formatAmount } from '../../shared/money.js';
import { localDayBounds } from '../payments/cutoff.js';
import type { Cents, Scope, Transaction } from '../payments/model.js';
import { done, type Result } from '../payments/result.js';
import type { Repository } from '../storage/repository.js';
import { toCsv } from './csv.js';

/** A calendar day, as `?date=YYYY-MM-DD` names it. */
export interface LocalDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** One payment of a lockbox file (docs/api.md#lockbox-files). */
export interface LockboxPayment {
  /** The payment's attribute `reference` when it has one (the agency's own), else its `txn_…` id. */
  reference: string;
  amount: Cents;
  /** When its money was taken: a capture's capture, else when it was made. */
  date: Date;
  payer: string;
  transactionId: number;
  publicId: string;
  method: string;
  lastFour: string;
  batchId: number | null;
}

/** The payments of one day of the caller's scope, in the order their money was taken. */
export interface LockboxDay {
  day: LocalDay;
  timeZone: string;
  payments: LockboxPayment[];
}

const reference = (transaction: Transaction): string => {
  const named = Object.entries(transaction.attributeValues).find(([name]) => name.toLowerCase() === 'reference');
  return named ? String(named[1]) : transaction.publicId;
};

/**
 * The payments (sales and captures; approved, not voided) whose money was taken on `day` in
 * `timeZone` (the settlement cut-off's), in the caller's scope. Refunds are not payments received:
 * they are in the settlement report of their batch.
 * @example await lockboxDay({ year: 2026, month: 11, day: 27 }, scope, 'America/New_York', deps)
 */
export async function lockboxDay(
  day: LocalDay,
  scope: Scope,
  timeZone: string,
  deps: { repository: Pick<Repository, 'transactions'> },
): Promise<Result<LockboxDay>> {
  const { from, to } = localDayBounds(day.year, day.month - 1, day.day, timeZone);
  const payments = (await deps.repository.transactions.paymentsTakenBetween(scope, from, to)).map(
    (transaction): LockboxPayment => ({
      reference: reference(transaction),
      amount: transaction.amount,
      date: transaction.capturedAt ?? transaction.created,
      payer: transaction.payer,
      transactionId: transaction.id,
      publicId: transaction.publicId,
      method: transaction.transactionType ?? '',
      lastFour: transaction.maskedAccountNumber?.slice(-4) ?? '',
      batchId: transaction.batchId,
    }),
  );
  return done({ day, timeZone, payments });
}

/** `2026-11-27` */
export const isoDay = ({ year, month, day }: LocalDay): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The lockbox file as CSV (docs/api.md#lockbox-files): a header row, then one row per payment. */
export function lockboxCsv({ payments }: LockboxDay): string {
  return toCsv([
    ['reference', 'amount', 'date', 'payer', 'transactionId', 'publicId', 'method', 'lastFour', 'batchId'],
    ...payments.map((payment) => [
      payment.reference,
      { number: formatAmount(payment.amount) },
      payment.date.toISOString(),
      payment.payer,
      { number: String(payment.transactionId) },
      payment.publicId,
      payment.method,
      payment.lastFour,
      { number: payment.batchId === null ? '' : String(payment.batchId) },
    ]),
  ]);
}

/** Each record's width in the fixed-width layout, before its CRLF. */
export const LOCKBOX_RECORD_WIDTH = 120;

/**
 * The lockbox file in fixed width (docs/api.md#lockbox-files): a header record `H`, a detail record
 * `D` per payment and a trailer `T`, each 120 ASCII characters and a CRLF. Text is cut or padded
 * with spaces on the right, numbers padded with zeros on the left; a character outside printable
 * ASCII becomes its letter without accent, or `?`.
 */
export function lockboxFixedWidth({ day, payments }: LockboxDay): string {
  const count = String(payments.length).padStart(6, '0');
  const total = digits(
    payments.reduce((sum, payment) => sum + payment.amount, 0),
    12,
  );
  const date = isoDay(day).replace(/-/g, '');
  const records = [
    `H${date}${count}${total}`,
    ...payments.map(
      (payment) =>
        `D${text(payment.reference, 30)}${digits(payment.amount, 12)}${date}${digits(payment.transactionId, 9)}${text(payment.payer, 40)}${text(payment.method, 16)}${text(payment.lastFour, 4)}`,
    ),
    `T${count}${total}`,
  ];
  return records.map((record) => `${record.padEnd(LOCKBOX_RECORD_WIDTH, ' ')}\r\n`).join('');
}

const digits = (value: number, width: number): string => String(value).padStart(width, '0');

function text(value: string, width: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
  return ascii.slice(0, width).padEnd(width, ' ');
}
