/**
 * Voids, refunds and settlement batches in the OpenAPI document: request and answer schemas, and
 * every status each operation gives with a named example (docs/api.md#voids-refunds-and-settlement).
 */
import { MAX_PAGE_SIZE } from '../../../shared/transaction-search.js';
import { ID_PATTERNS } from '../../../shared/validators/ids.js';
import {
  BODY_ERRORS,
  IDEMPOTENCY_ERRORS,
  HEADERS,
  SECRET_ERRORS,
  STRAY_BODY_ERRORS,
  operationResponses,
  success,
  type NamedExample,
} from './response-map.js';
import { SEND_RECEIPT_QUERY } from '../reversal-requests.js';
import { transactionExample } from './examples.js';
import { transactionSchema } from './schemas.js';

const SETTLED = '2026-11-23T01:00:00.000Z';

/** The body of a void: optional, as the API we follow takes it. */
export const voidRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sendReceipt: {
      type: 'boolean',
      description: 'true: e-mail the payer a receipt of the void, when the transaction has an address.',
    },
  },
} as const;

export const voidQuerySchema = {
  type: 'object',
  properties: {
    sendReceipt: {
      type: 'string',
      enum: [...SEND_RECEIPT_QUERY],
      description:
        '`sendReceipt` as the .NET client of the API we follow sends it (True/False): True e-mails the payer a receipt of the void.',
    },
  },
} as const;

export const refundRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
      description:
        'The amount to give back: a JSON number of currency units, more than 0, with at most 2 decimals; without it, all that is left to refund.',
      examples: [40],
    },
    sendReceipt: {
      type: 'boolean',
      description: 'true: e-mail the payer a receipt of the refund, when the transaction has an address.',
    },
  },
} as const;

export const batchSchema = {
  type: 'object',
  description:
    'A closed settlement batch. Debits are the payments it settled, credits the refunds; totals are positive.',
  properties: {
    id: {
      type: 'integer',
      minimum: 1,
      maximum: 999_999_999,
      description:
        'Unique across the service and in no order: it counts no one’s batches (docs/decisions/0001-transaction-and-batch-ids.md). Order by created.',
    },
    created: { type: 'string', format: 'date-time' },
    numberOfCredits: { type: 'integer', minimum: 0 },
    totalOfCredits: { type: 'number', minimum: 0 },
    numberOfDebits: { type: 'integer', minimum: 0 },
    totalOfDebits: { type: 'number', minimum: 0 },
    currency: { type: 'string', enum: ['USD'] },
  },
  required: ['id', 'created', 'numberOfCredits', 'totalOfCredits', 'numberOfDebits', 'totalOfDebits', 'currency'],
} as const;

export const batchIdParamsSchema = {
  type: 'object',
  properties: {
    batchId: { type: 'string', pattern: ID_PATTERNS.batch, description: 'The batch’s numeric id (no leading zeros).' },
  },
  required: ['batchId'],
} as const;

export const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'The page, from 1.' },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 25, description: 'Items per page.' },
  },
} as const;

const sale = { ...transactionExample, id: 1042 };
const voided = {
  ...sale,
  amount: 0,
  payerFee: 0,
  fee: 0,
  netAmount: 0,
  events: [...sale.events, { eventDate: sale.created, eventType: 'Void', comments: null }],
  status: 'Voided',
};
const refundTransaction = {
  ...sale,
  id: 1077,
  publicId: 'txn_Vb7Qm2Lk9Xw4Rt1Yc8Ns3Hd',
  amount: -40,
  payerFee: 0,
  fee: 0,
  netAmount: -40,
  payerFeeMode: null,
  events: [{ eventDate: SETTLED, eventType: 'Refund', comments: null }],
  created: SETTLED,
  originalTransactionId: 1042,
  principalTransactionId: null,
  feeTransactionId: null,
};
const batch = {
  id: 17,
  created: SETTLED,
  numberOfCredits: 1,
  totalOfCredits: 40,
  numberOfDebits: 3,
  totalOfDebits: 309.75,
  currency: 'USD',
};

const page = (name: string, items: object) => ({
  type: 'object',
  properties: {
    [name]: { type: 'array', items, maxItems: MAX_PAGE_SIZE },
    totalRecords: { type: 'integer', minimum: 0 },
  },
  required: [name, 'totalRecords'],
});

const examplesOf = (name: string, summary: string, value: unknown): Record<string, NamedExample> => ({
  [name]: { summary, value },
});

export const voidResponses = operationResponses(
  {
    200: success(
      'Voided: the payer is not charged, fee and netAmount are 0, a Void event is added.',
      transactionSchema,
      examplesOf('voided', 'A voided sale', voided),
      { 'Idempotent-Replayed': HEADERS.IdempotentReplayed },
    ),
  },
  [
    ...SECRET_ERRORS,
    ...BODY_ERRORS,
    ...IDEMPOTENCY_ERRORS,
    'previouslyVoided',
    'alreadySettled',
    'previouslyRejected',
    'cannotBeVoided',
    'transactionNotFound',
    'uriTooLong',
    'processorUnavailable',
  ],
);

export const refundResponses = operationResponses(
  {
    201: success(
      'The refund: a new transaction of −amount, netAmount −amount, no fees, with originalTransactionId; its URL is in Location.',
      transactionSchema,
      examplesOf('refund', 'A partial refund of 40.00', refundTransaction),
      { Location: HEADERS.Location, 'Idempotent-Replayed': HEADERS.IdempotentReplayed },
    ),
  },
  [
    ...SECRET_ERRORS,
    ...BODY_ERRORS,
    ...IDEMPOTENCY_ERRORS,
    'notSettled',
    'amountExceedsRemaining',
    'notRefundable',
    'previouslyVoided',
    'previouslyRejected',
    'transactionNotFound',
    'uriTooLong',
    'processorUnavailable',
  ],
);

export const settleResponses = operationResponses(
  {
    200: success(
      'The batch just closed (with no transactions when nothing was open).',
      batchSchema,
      examplesOf('batch', 'Three payments and a refund settled', batch),
    ),
  },
  [...SECRET_ERRORS, ...STRAY_BODY_ERRORS],
);

export const listBatchesResponses = operationResponses(
  {
    200: success(
      'A page of the caller’s batches, newest first.',
      page('batches', batchSchema),
      examplesOf('page', 'The newest batch of 4', { batches: [batch], totalRecords: 4 }),
    ),
  },
  [...SECRET_ERRORS, 'validationError'],
);

export const listBatchTransactionsResponses = operationResponses(
  {
    200: success(
      'A page of the batch’s transactions, oldest first.',
      page('transactions', transactionSchema),
      examplesOf('page', 'A settled sale', {
        transactions: [{ ...sale, status: 'Settled', batchId: 17 }],
        totalRecords: 4,
      }),
    ),
  },
  [...SECRET_ERRORS, 'validationError', 'batchNotFound', 'uriTooLong'],
);
