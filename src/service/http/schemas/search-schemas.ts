/**
 * `GET /api/v1/transactions` in the OpenAPI document: its query parameters (what
 * payments/search.ts enforces, as patterns and formats), its answer, and every status it gives, each
 * with named examples (docs/api.md#searching-transactions).
 */
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  TRANSACTION_SEARCH_TYPES,
} from '../../../shared/transaction-search.js';
import { ID_PATTERNS } from '../../../shared/validators/ids.js';
import { WHITE_SPACE } from '../../../shared/validators/verification.js';
import { SEARCH_MESSAGES } from '../../payments/search.js';
import { SERVICE_MESSAGES } from '../errors.js';
import { errorRef, fault, said } from './response-map.js';
import { transactionExample } from './examples.js';
import { transactionSchema } from './schemas.js';

// An offset is optional (without one, UTC); `+` sent unencoded arrives decoded as a space.
const DATE = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+ -]\\d{2}:\\d{2})?)?$';
const AMOUNT = '^\\d{1,8}(\\.\\d{1,2})?$';

export const transactionSearchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    beginDate: {
      type: 'string',
      pattern: DATE,
      description:
        'From this date (`YYYY-MM-DD`, its start in UTC) or instant (ISO 8601; send `+` as `%2B`; without an offset, UTC, as the .NET client sends it). Default: 30 days before endDate.',
      examples: ['2026-11-01'],
    },
    endDate: {
      type: 'string',
      pattern: DATE,
      description:
        'Through this date (`YYYY-MM-DD`, its end in UTC) or up to this instant (without an offset, UTC). Default: now. Must be after beginDate.',
      examples: ['2026-11-22T23:59:59Z'],
    },
    minAmount: {
      type: 'string',
      pattern: AMOUNT,
      description:
        'At least this amount, in currency units (at most 2 decimals); a refund counts by its size (−40.00 as 40.00).',
      examples: ['25.00'],
    },
    maxAmount: {
      type: 'string',
      pattern: AMOUNT,
      description: 'At most this amount; not less than minAmount.',
      examples: ['150.00'],
    },
    accountNumber: {
      type: 'string',
      pattern: '^\\d{4}$',
      description: 'The last four digits of the card or bank account number.',
      examples: ['4242'],
    },
    payerName: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: `[^${WHITE_SPACE}]`,
      description: 'Part of the payer’s name, in any case; `%` and `_` are matched as themselves.',
      examples: ['lovelace'],
    },
    batchId: {
      type: 'string',
      pattern: ID_PATTERNS.batch,
      description: 'Only the transactions settled in this batch (an id from GET /api/v1/batches).',
      examples: ['17'],
    },
    transactionSearchTypeId: {
      type: 'string',
      enum: [...TRANSACTION_SEARCH_TYPES],
      default: 'Processed',
      description:
        '`Processed`: approved payments; `Rejected`: declined ones; `Refunds`: refunds. The values of the API we follow; its others (PendingApproval, Chargeback, Returns, …) have no transactions here and are refused.',
    },
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: 'The page, from 1.' },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: 'Transactions per page.',
    },
  },
} as const;

export const transactionSearchResultSchema = {
  type: 'object',
  description: 'One page of the matches, newest first, in the shape GET /transactions/{id} answers.',
  properties: {
    transactions: { type: 'array', items: transactionSchema, maxItems: MAX_PAGE_SIZE },
    totalRecords: { type: 'integer', minimum: 0, description: 'How many transactions match, on every page.' },
  },
  required: ['transactions', 'totalRecords'],
} as const;

const sale = { ...transactionExample, id: 1042 };

const json = (schema: object, examples: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, examples },
});

/** Every status the search answers, with its named examples (no ranges: nothing else is answered). */
export const transactionSearchResponses = {
  200: {
    description: 'A page of the caller’s transactions, newest first, and the number of matches in all.',
    content: json(transactionSearchResultSchema, {
      page: { summary: 'The first page of 57 matches', value: { transactions: [sale], totalRecords: 57 } },
      empty: { summary: 'Nothing matches', value: { transactions: [], totalRecords: 0 } },
    }),
  },
  400: {
    description: 'A parameter is not valid; errors names each one as its field.',
    content: json(errorRef, {
      badAmount: {
        summary: 'minAmount with three decimals',
        value: fault(SEARCH_MESSAGES.INVALID_AMOUNT_FILTER, 'INVALID_AMOUNT_FILTER', {
          errors: [
            { field: 'minAmount', code: 'INVALID_AMOUNT_FILTER', message: SEARCH_MESSAGES.INVALID_AMOUNT_FILTER },
          ],
        }),
      },
      pageSizeTooLarge: {
        summary: 'pageSize over 50',
        value: fault(SEARCH_MESSAGES.INVALID_PAGE_SIZE, 'INVALID_PAGE_SIZE', {
          errors: [{ field: 'pageSize', code: 'INVALID_PAGE_SIZE', message: SEARCH_MESSAGES.INVALID_PAGE_SIZE }],
        }),
      },
      invalidImpersonationKey: {
        summary: 'The impersonationAccountKey header was sent empty',
        value: said('INVALID_IMPERSONATION_KEY'),
      },
      invalidHost: {
        summary: 'The Host header names another service',
        value: said('INVALID_HOST'),
      },
    }),
  },
  401: {
    description: SERVICE_MESSAGES.UNAUTHORIZED,
    headers: {
      'WWW-Authenticate': { type: 'string', description: 'The scheme to authenticate with: `Basic realm="api"`.' },
    },
    content: json(errorRef, {
      unauthorized: {
        summary: 'Missing or invalid credentials',
        value: said('UNAUTHORIZED'),
      },
    }),
  },
  403: {
    description: 'The credentials may not search: a public key, or an impersonation key of no client of the caller.',
    content: json(errorRef, {
      publicKeyNotAllowed: {
        summary: 'The public key was sent where key and secret are needed',
        value: said('PUBLIC_KEY_NOT_ALLOWED'),
      },
      impersonationNotAllowed: {
        summary: 'The impersonationAccountKey is not a client of the caller',
        value: said('IMPERSONATION_NOT_ALLOWED'),
      },
    }),
  },
  431: {
    description: 'The request headers are too large; answered before the operation is known.',
    content: json(errorRef, {
      headersTooLarge: {
        summary: 'The request headers are larger than the HTTP parser takes (16 KiB)',
        value: said('HEADERS_TOO_LARGE'),
      },
    }),
  },
  500: {
    description: 'An unexpected fault. No input causes one; the requestId finds it in the log.',
    content: json(errorRef, {
      internalError: {
        summary: 'An unexpected fault: only message, code and requestId',
        value: said('INTERNAL_ERROR'),
      },
    }),
  },
} as const;
