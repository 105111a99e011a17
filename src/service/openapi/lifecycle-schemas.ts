/**
 * Voids, refunds and settlement batches in the OpenAPI document: request and answer schemas, and
 * every status each operation gives with a named example (docs/api.md#voids-refunds-and-settlement).
 */
import { MAX_PAGE_SIZE } from '../../shared/transaction-search.js';
import { REFUND_MESSAGES } from '../payments/reversal.js';
import { errorSchema, transactionSchema } from './schemas.js';

const CREATED = '2026-11-22T15:30:00.000Z';
const SETTLED = '2026-11-23T01:00:00.000Z';
const REQUEST_ID = 'req_Qk3v9xYb0a1';

export const refundRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
      multipleOf: 0.01,
      description: 'The amount to give back, in currency units; without it, all that is left to refund.',
      examples: [40],
    },
    sendReceipt: { type: 'boolean', description: 'Accepted for compatibility; the sandbox sends no receipts.' },
  },
} as const;

export const batchSchema = {
  type: 'object',
  description:
    'A closed settlement batch. Debits are the payments it settled, credits the refunds; totals are positive.',
  properties: {
    id: { type: 'integer' },
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
  properties: { batchId: { type: 'string', pattern: '^\\d{1,9}$', description: 'The batch’s numeric id.' } },
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

/** A refused void or refund: errorSchema plus why, as `reversalResponseCode`. */
export const reversalErrorSchema = {
  ...errorSchema,
  properties: {
    ...errorSchema.properties,
    reversalResponseCode: {
      type: 'string',
      enum: [
        'PreviouslyVoided',
        'AlreadySettled',
        'PreviouslyRejected',
        'NotSettled',
        'AmountExceedsRemaining',
        'NotRefundable',
      ],
    },
  },
} as const;

const sale = {
  id: 1042,
  publicId: 'txn_8Hs2Kd9Lq3Wm5Rt7Yb1Vc4Nx',
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  transactionType: 'Visa',
  amount: 103.25,
  payerFee: 3.25,
  fee: 3.25,
  netAmount: 100,
  initiatingPartyFee: 0,
  payerFeeMode: 'Included',
  maskedAccountNumber: '************4242',
  comments: null,
  attributeValues: [],
  paymentResponseCode: 'Success',
  events: [{ eventDate: CREATED, eventType: 'Sale', comments: null }],
  created: CREATED,
  status: 'Captured',
  batchId: null,
  originalTransactionId: null,
};
const voided = {
  ...sale,
  amount: 0,
  payerFee: 0,
  fee: 0,
  netAmount: 0,
  events: [...sale.events, { eventDate: CREATED, eventType: 'Void', comments: null }],
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

const json = (schema: object, examples: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, examples },
});
const fault = (message: string, code: string, extra: object = {}) => ({
  message,
  code,
  ...extra,
  requestId: REQUEST_ID,
});
const reversal = (reversalResponseCode: string, message: string) =>
  fault(message, 'REVERSAL_DECLINED', { reversalResponseCode });

const unauthorized = {
  401: {
    description: 'Missing or invalid credentials.',
    headers: {
      'WWW-Authenticate': { type: 'string', description: 'The scheme to authenticate with: `Basic realm="api"`.' },
    },
    content: json(errorSchema, {
      unauthorized: {
        summary: 'Missing or invalid credentials',
        value: fault('Missing or invalid credentials.', 'UNAUTHORIZED'),
      },
    }),
  },
  403: {
    description: 'A public key, or an impersonation key of no client of the caller.',
    content: json(errorSchema, {
      publicKeyNotAllowed: {
        summary: 'The public key was sent where key and secret are needed',
        value: fault('The public key can only create payment tokens.', 'PUBLIC_KEY_NOT_ALLOWED'),
      },
    }),
  },
  500: {
    description: 'An unexpected fault. No input causes one; the requestId finds it in the log.',
    content: json(errorSchema, {
      internalError: {
        summary: 'An unexpected fault: only message, code and requestId',
        value: fault('Something went wrong on our side. The request id helps us find it.', 'INTERNAL_ERROR'),
      },
    }),
  },
} as const;

const transactionNotFound = {
  description: 'No such transaction for these credentials (another account’s is not found either).',
  content: json(errorSchema, {
    notFound: {
      summary: 'Not the caller’s transaction',
      value: fault('No such transaction.', 'TRANSACTION_NOT_FOUND'),
    },
  }),
} as const;

const badHost = {
  invalidHost: {
    summary: 'The Host header names another service',
    value: fault('The Host header does not name this service (set PUBLIC_URL or ALLOWED_HOSTS).', 'INVALID_HOST'),
  },
};

export const voidResponses = {
  200: {
    description: 'Voided: the payer is not charged, fee and netAmount are 0, a Void event is added.',
    content: json(transactionSchema, { voided: { summary: 'A voided sale', value: voided } }),
  },
  400: {
    description: 'Not voidable; `reversalResponseCode` says why.',
    content: json(reversalErrorSchema, {
      previouslyVoided: {
        summary: 'Voided already',
        value: reversal('PreviouslyVoided', 'This transaction was already voided.'),
      },
      alreadySettled: {
        summary: 'Settled: refund it instead',
        value: reversal(
          'AlreadySettled',
          'This transaction is already settled and can no longer be voided; refund it instead (POST /api/v1/transactions/{id}/refund).',
        ),
      },
      previouslyRejected: {
        summary: 'A declined transaction',
        value: reversal('PreviouslyRejected', 'This transaction was declined, so there is nothing to void.'),
      },
      ...badHost,
    }),
  },
  404: transactionNotFound,
  ...unauthorized,
} as const;

export const refundResponses = {
  201: {
    description: 'The refund: a new transaction of −amount, netAmount −amount, no fees, with originalTransactionId.',
    headers: { Location: { type: 'string', description: 'The refund transaction’s URL.' } },
    content: json(transactionSchema, { refund: { summary: 'A partial refund of 40.00', value: refundTransaction } }),
  },
  400: {
    description: 'Not refundable, or a bad body; `reversalResponseCode` says why a refund was refused.',
    content: json(reversalErrorSchema, {
      notSettled: {
        summary: 'Not settled yet: void it instead',
        value: reversal(
          'NotSettled',
          'This transaction is not settled yet; void it instead (POST /api/v1/transactions/{id}/void).',
        ),
      },
      exceedsRemaining: {
        summary: 'More than is left to refund',
        value: reversal('AmountExceedsRemaining', 'The refund is more than what is left to refund: 63.25 remains.'),
      },
      invalidAmount: {
        summary: 'An amount with three decimals',
        value: fault(REFUND_MESSAGES.INVALID_REFUND_AMOUNT, 'INVALID_REFUND_AMOUNT', {
          errors: [{ field: 'amount', code: 'INVALID_REFUND_AMOUNT', message: REFUND_MESSAGES.INVALID_REFUND_AMOUNT }],
        }),
      },
    }),
  },
  404: transactionNotFound,
  409: {
    description: 'A request with this Idempotency-Key is still running.',
    content: json(errorSchema, {
      inUse: {
        summary: 'The first request with this key is still running',
        value: fault(
          'A request with this Idempotency-Key is still running. Try again shortly.',
          'IDEMPOTENCY_KEY_IN_USE',
        ),
      },
    }),
  },
  422: {
    description: 'This Idempotency-Key was used with another body.',
    content: json(errorSchema, {
      reused: {
        summary: 'The key was used with a different request',
        value: fault('This Idempotency-Key was already used with a different request.', 'IDEMPOTENCY_KEY_REUSED'),
      },
    }),
  },
  ...unauthorized,
} as const;

export const settleResponses = {
  200: {
    description: 'The batch just closed (empty when nothing was open).',
    content: json(batchSchema, { batch: { summary: 'Three payments and a refund settled', value: batch } }),
  },
  400: { description: 'A bad request.', content: json(errorSchema, badHost) },
  ...unauthorized,
} as const;

const page = (name: string, items: object) => ({
  type: 'object',
  properties: {
    [name]: { type: 'array', items, maxItems: MAX_PAGE_SIZE },
    totalRecords: { type: 'integer', minimum: 0 },
  },
  required: [name, 'totalRecords'],
});

const badPage = {
  pageSizeTooLarge: {
    summary: 'pageSize over 50',
    value: fault('pageSize must be a whole number from 1 to 50.', 'INVALID_PAGE_SIZE', {
      errors: [
        { field: 'pageSize', code: 'INVALID_PAGE_SIZE', message: 'pageSize must be a whole number from 1 to 50.' },
      ],
    }),
  },
};

export const listBatchesResponses = {
  200: {
    description: 'A page of the caller’s batches, newest first.',
    content: json(page('batches', batchSchema), {
      page: { summary: 'The newest batch of 4', value: { batches: [batch], totalRecords: 4 } },
    }),
  },
  400: { description: 'A bad page or pageSize.', content: json(errorSchema, badPage) },
  ...unauthorized,
} as const;

export const listBatchTransactionsResponses = {
  200: {
    description: 'A page of the batch’s transactions, oldest first.',
    content: json(page('transactions', transactionSchema), {
      page: {
        summary: 'A settled sale',
        value: { transactions: [{ ...sale, status: 'Settled', batchId: 17 }], totalRecords: 4 },
      },
    }),
  },
  400: { description: 'A bad page or pageSize.', content: json(errorSchema, badPage) },
  404: {
    description: 'No such batch for these credentials (another account’s is not found either).',
    content: json(errorSchema, {
      notFound: { summary: 'Not the caller’s batch', value: fault('No such batch.', 'BATCH_NOT_FOUND') },
    }),
  },
  ...unauthorized,
} as const;
