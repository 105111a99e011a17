/**
 * The text examples of the report operations, made by the reports' own writers from one sample, so
 * the document shows exactly the layout the service writes.
 */
import { cents } from '../../payments/model.js';
import { lockboxCsv, lockboxFixedWidth, type LockboxDay } from '../../reports/lockbox.js';
import { settlementCsv, settlementTotals, type SettlementLine } from '../../reports/settlement-report.js';

const line: SettlementLine = {
  transactionId: 1042,
  publicId: 'txn_8Hq2Lm4Zr7Vx1Cw9Tb3Nk6Pd',
  kind: 'Payment',
  date: new Date('2026-11-22T15:04:05.000Z'),
  payer: 'Ada Lovelace',
  transactionType: 'Visa',
  lastFour: '4242',
  originalTransactionId: null,
  principal: cents(10000),
  payerFee: cents(325),
  serviceFee: cents(325),
  initiatingPartyFee: cents(0),
  net: cents(10000),
  amount: cents(10325),
};

export const REPORT_CSV_EXAMPLE = settlementCsv({
  batch: {
    id: 17,
    created: new Date('2026-11-23T01:00:00.000Z'),
    numberOfCredits: 0,
    totalOfCredits: cents(0),
    numberOfDebits: 1,
    totalOfDebits: cents(10325),
    currency: 'USD',
    scope: { accountId: 1, viaAccountId: null },
  },
  lines: [line],
  totals: settlementTotals([line]),
});

const day: LockboxDay = {
  day: { year: 2026, month: 11, day: 22 },
  timeZone: 'America/New_York',
  payments: [
    {
      reference: 'INV-2026-0042',
      amount: cents(10325),
      date: line.date,
      payer: 'Ada Lovelace',
      transactionId: 1042,
      publicId: line.publicId,
      method: 'Visa',
      lastFour: '4242',
      batchId: 17,
    },
  ],
};

export const LOCKBOX_CSV_EXAMPLE = lockboxCsv(day);
export const LOCKBOX_FIXED_EXAMPLE = lockboxFixedWidth(day);
