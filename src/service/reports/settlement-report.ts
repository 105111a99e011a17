import { formatAmount } from '../../shared/money.js';
import type { TransactionType } from '../../shared/wire.js';
import { cents, type Batch, type Cents, type Scope, type Transaction } from '../payments/model.js';
import { done, notFound, type Result } from '../payments/result.js';
import type { Repository } from '../storage/repository.js';
import { toCsv } from './csv.js';

/**
 * One settled transaction in a batch's report (docs/api.md#settlement-reports). Always
 * `principal + payerFee = net + serviceFee + initiatingPartyFee = amount` (docs/fees.md#terms).
 */
export interface SettlementLine {
  transactionId: number;
  publicId: string;
  /** A payment (debit: the payer was charged) or a refund (credit: the payer was paid back). */
  kind: 'Payment' | 'Refund';
  /** When the money moved: a capture's capture, else when the transaction was made. */
  date: Date;
  payer: string;
  transactionType: TransactionType | null;
  lastFour: string | null;
  /** On a refund: the payment it gives back from. */
  originalTransactionId: number | null;
  /** The net amount due: what was charged less the payer fee (on a refund, minus the amount refunded). */
  principal: Cents;
  payerFee: Cents;
  serviceFee: Cents;
  initiatingPartyFee: Cents;
  /** What the agency is funded (`netAmount`). */
  net: Cents;
  /** What the payer was charged (`amount`); negative on a refund. */
  amount: Cents;
}

/** The sums of a report's lines; the debits and credits are the batch's own figures, from the lines. */
export interface SettlementTotals {
  numberOfDebits: number;
  totalOfDebits: Cents;
  numberOfCredits: number;
  totalOfCredits: Cents;
  principal: Cents;
  payerFee: Cents;
  serviceFee: Cents;
  initiatingPartyFee: Cents;
  net: Cents;
  amount: Cents;
}

export interface SettlementReport {
  batch: Batch;
  lines: SettlementLine[];
  totals: SettlementTotals;
}

/** A settled transaction as a line of its batch's report. */
export function settlementLine(transaction: Transaction): SettlementLine {
  return {
    transactionId: transaction.id,
    publicId: transaction.publicId,
    kind: transaction.originalTransactionId === null ? 'Payment' : 'Refund',
    date: transaction.capturedAt ?? transaction.created,
    payer: transaction.payer,
    transactionType: transaction.transactionType,
    lastFour: transaction.maskedAccountNumber?.slice(-4) ?? null,
    originalTransactionId: transaction.originalTransactionId,
    principal: cents(transaction.amount - transaction.payerFee),
    payerFee: transaction.payerFee,
    serviceFee: transaction.fee,
    initiatingPartyFee: transaction.initiatingPartyFee,
    net: transaction.netAmount,
    amount: transaction.amount,
  };
}

/** The sums of the lines: each column, and the debits and credits as a batch counts them (positive totals). */
export function settlementTotals(lines: SettlementLine[]): SettlementTotals {
  const sum = (pick: (line: SettlementLine) => number, of = lines) =>
    cents(of.reduce((total, line) => total + pick(line), 0));
  const debits = lines.filter((line) => line.amount > 0);
  const credits = lines.filter((line) => line.amount < 0);
  return {
    numberOfDebits: debits.length,
    totalOfDebits: sum((line) => line.amount, debits),
    numberOfCredits: credits.length,
    totalOfCredits: sum((line) => 0 - line.amount, credits),
    principal: sum((line) => line.principal),
    payerFee: sum((line) => line.payerFee),
    serviceFee: sum((line) => line.serviceFee),
    initiatingPartyFee: sum((line) => line.initiatingPartyFee),
    net: sum((line) => line.net),
    amount: sum((line) => line.amount),
  };
}

/**
 * The settlement report of a batch of the caller's scope: one line per transaction it settled, and
 * their totals, which equal the batch's (its debits and credits). Another scope's batch is not found.
 * @example await settlementReport('17', caller.scope, deps) // { ok: true, value: { batch, lines, totals } }
 */
export async function settlementReport(
  batchId: string,
  scope: Scope,
  deps: { repository: Pick<Repository, 'batches'> },
): Promise<Result<SettlementReport>> {
  const batch = await deps.repository.batches.find(batchId, scope);
  if (!batch) return notFound('batch');
  const lines = (await deps.repository.batches.settledIn(batch.id)).map(settlementLine);
  return done({ batch, lines, totals: settlementTotals(lines) });
}

const CSV_COLUMNS = [
  'transactionId',
  'publicId',
  'kind',
  'date',
  'payer',
  'method',
  'lastFour',
  'originalTransactionId',
  'principal',
  'payerFee',
  'serviceFee',
  'initiatingPartyFee',
  'net',
  'amount',
];

/**
 * The report as CSV (docs/api.md#settlement-reports): a header row, a row per line, and a last row
 * `Total` with the sums; amounts in currency units with 2 decimals, refunds negative.
 */
export function settlementCsv({ lines, totals }: SettlementReport): string {
  const money = (value: number) => ({ number: formatAmount(value) });
  const id = (value: number | null) => ({ number: value === null ? '' : String(value) });
  return toCsv([
    CSV_COLUMNS,
    ...lines.map((line) => [
      id(line.transactionId),
      line.publicId,
      line.kind,
      line.date.toISOString(),
      line.payer,
      line.transactionType ?? '',
      line.lastFour ?? '',
      id(line.originalTransactionId),
      money(line.principal),
      money(line.payerFee),
      money(line.serviceFee),
      money(line.initiatingPartyFee),
      money(line.net),
      money(line.amount),
    ]),
    [
      id(null),
      '',
      'Total',
      '',
      '',
      '',
      '',
      id(null),
      money(totals.principal),
      money(totals.payerFee),
      money(totals.serviceFee),
      money(totals.initiatingPartyFee),
      money(totals.net),
      money(totals.amount),
    ],
  ]);
}
