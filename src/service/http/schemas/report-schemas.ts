/**
 * Settlement reports and lockbox files in the OpenAPI document (ours; docs/api.md#settlement-reports):
 * their queries, their JSON and text answers with examples, and every status each operation gives.
 */
import { REPORT_CSV_EXAMPLE, LOCKBOX_CSV_EXAMPLE, LOCKBOX_FIXED_EXAMPLE } from './report-examples.js';
import { SECRET_ERRORS, operationResponses, success, type ResponseDoc } from './response-map.js';
import { batchSchema } from './lifecycle-schemas.js';
import { TRANSACTION_TYPES } from '../../../shared/wire.js';

const money = (description: string, signed = false) => ({
  type: 'number',
  ...(signed ? {} : { minimum: 0 }),
  description: `${description} In currency units, 2 decimals.`,
});

const lineSchema = {
  type: 'object',
  description: 'One settled transaction. principal + payerFee = net + serviceFee + initiatingPartyFee = amount.',
  properties: {
    transactionId: { type: 'integer', minimum: 1 },
    publicId: { type: 'string' },
    kind: { type: 'string', enum: ['Payment', 'Refund'], description: 'A debit (payment) or a credit (refund).' },
    date: {
      type: 'string',
      format: 'date-time',
      description: 'When the money moved: a capture’s capture, else when it was made.',
    },
    payer: { type: 'string' },
    transactionType: { type: ['string', 'null'], enum: [...TRANSACTION_TYPES, null] },
    lastFour: { type: ['string', 'null'], pattern: '^\\d{4}$' },
    originalTransactionId: { type: ['integer', 'null'], description: 'On a refund: the payment it gives back from.' },
    principal: money('The net amount due: amount less the payer fee; negative on a refund.', true),
    payerFee: money('The payer fee.'),
    serviceFee: money('The service’s fee.'),
    initiatingPartyFee: money('The initiating party’s fee.'),
    net: money('What the agency is funded; negative on a refund.', true),
    amount: money('What the payer was charged; negative on a refund.', true),
  },
  required: [
    'transactionId',
    'publicId',
    'kind',
    'date',
    'payer',
    'transactionType',
    'lastFour',
    'originalTransactionId',
    'principal',
    'payerFee',
    'serviceFee',
    'initiatingPartyFee',
    'net',
    'amount',
  ],
} as const;

const totalsSchema = {
  type: 'object',
  description:
    'The sums of the lines; numberOfDebits, totalOfDebits, numberOfCredits and totalOfCredits equal the batch’s.',
  properties: {
    numberOfDebits: { type: 'integer', minimum: 0 },
    totalOfDebits: money('What the payments charged.'),
    numberOfCredits: { type: 'integer', minimum: 0 },
    totalOfCredits: money('What the refunds gave back, positive.'),
    principal: money('The sum of the lines’ principal.', true),
    payerFee: money('The sum of the payer fees.'),
    serviceFee: money('The sum of the service’s fees.'),
    initiatingPartyFee: money('The sum of the initiating party’s fees.'),
    net: money('What the agency is funded for the batch.', true),
    amount: money('totalOfDebits − totalOfCredits.', true),
  },
  required: [
    'numberOfDebits',
    'totalOfDebits',
    'numberOfCredits',
    'totalOfCredits',
    'principal',
    'payerFee',
    'serviceFee',
    'initiatingPartyFee',
    'net',
    'amount',
  ],
} as const;

export const settlementReportSchema = {
  type: 'object',
  description: 'A batch’s settlement report (ours): the batch, a line per transaction it settled, and their totals.',
  properties: { batch: batchSchema, lines: { type: 'array', items: lineSchema }, totals: totalsSchema },
  required: ['batch', 'lines', 'totals'],
} as const;

export const reportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: {
      type: 'string',
      enum: ['json', 'csv'],
      description: 'json or csv; without it, Accept: text/csv gives CSV and anything else JSON.',
    },
  },
} as const;

export const lockboxQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date: {
      type: 'string',
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'The day, in the time zone of SETTLEMENT_CUTOFF (docs/operating.md#configuration).',
      examples: ['2026-11-27'],
    },
    format: {
      type: 'string',
      enum: ['csv', 'fixed'],
      default: 'csv',
      description: 'csv, or fixed (fixed-width records).',
    },
  },
  required: ['date'],
} as const;

const text = (doc: ResponseDoc, type: 'text/csv' | 'text/plain', description: string, example: string) => {
  doc.content[type] = { schema: { type: 'string', description }, example };
  return doc;
};

const reportExample = {
  batch: {
    id: 17,
    created: '2026-11-23T01:00:00.000Z',
    numberOfCredits: 0,
    totalOfCredits: 0,
    numberOfDebits: 1,
    totalOfDebits: 103.25,
    currency: 'USD',
  },
  lines: [
    {
      transactionId: 1042,
      publicId: 'txn_8Hq2Lm4Zr7Vx1Cw9Tb3Nk6Pd',
      kind: 'Payment',
      date: '2026-11-22T15:04:05.000Z',
      payer: 'Ada Lovelace',
      transactionType: 'Visa',
      lastFour: '4242',
      originalTransactionId: null,
      principal: 100,
      payerFee: 3.25,
      serviceFee: 3.25,
      initiatingPartyFee: 0,
      net: 100,
      amount: 103.25,
    },
  ],
  totals: {
    numberOfDebits: 1,
    totalOfDebits: 103.25,
    numberOfCredits: 0,
    totalOfCredits: 0,
    principal: 100,
    payerFee: 3.25,
    serviceFee: 3.25,
    initiatingPartyFee: 0,
    net: 100,
    amount: 103.25,
  },
};

export const settlementReportResponses = operationResponses(
  {
    200: text(
      success('The report, as JSON or CSV.', settlementReportSchema, {
        report: { summary: 'A batch of one payment', value: reportExample },
      }),
      'text/csv',
      'RFC 4180 CSV: a header row, a row per transaction, a Total row; text that a spreadsheet would read as a formula starts with an apostrophe.',
      REPORT_CSV_EXAMPLE,
    ),
  },
  [...SECRET_ERRORS, 'validationError', 'batchNotFound', 'uriTooLong'],
);

export const lockboxResponses = operationResponses(
  {
    200: text(
      text(
        { description: 'The day’s payments: as CSV, or in fixed width.', content: {} },
        'text/csv',
        'RFC 4180 CSV, a header row and a row per payment (docs/api.md#lockbox-files).',
        LOCKBOX_CSV_EXAMPLE,
      ),
      'text/plain',
      'Fixed-width records of 120 characters: H header, D per payment, T trailer (docs/api.md#lockbox-files).',
      LOCKBOX_FIXED_EXAMPLE,
    ),
  },
  [...SECRET_ERRORS, 'validationError'],
);
