/**
 * An operation's `response` map for Fastify and the OpenAPI document at once: exact statuses (never
 * `4XX` ranges), each with its body schema, its headers and named examples (docs/api.md#errors-and-codes).
 * Fastify serializes every answer through the schema of its status, so nothing undeclared leaks.
 * @example
 * response: operationResponses(
 *   { 200: success('The token.', tokenSchema, { card: { summary: 'A Visa card', value: { … } } }) },
 *   [...SECRET_ERRORS, 'tokenNotFound'],
 * )
 */
import { formatMessage, type MessageParams } from '../../../shared/messages/catalog.js';
import { fieldMessages } from '../../../shared/messages/en.js';
import { payerDeclineMessage } from '../../../shared/messages/payer-declines.js';
import { responseMessages, webhookMessages } from '../../../shared/messages/api.js';
import { REVERSAL_MESSAGES } from '../../payments/reversal.js';
import { duplicateMessage } from '../../payments/sale.js';
import { SERVICE_MESSAGES, type ServiceCode } from '../errors.js';
import { errorSchema } from './schemas.js';

/**
 * The error body as one shared schema (`components/schemas/Error` in the document), so generators
 * make one error type; register it with `app.addSchema(ERROR_COMPONENT)` before the routes.
 */
export const ERROR_COMPONENT = { $id: 'Error', title: 'Error', ...errorSchema } as const;
/** A reference to `ERROR_COMPONENT`, as the body schema of an error status. */
export const errorRef = { $ref: 'Error#' } as const;

/** A named example of a body, as OpenAPI's Example Object. */
export interface NamedExample {
  summary: string;
  value: unknown;
}

/** A response header as the document shows it. */
export interface HeaderDoc {
  type: 'string' | 'integer';
  description: string;
  format?: string;
  pattern?: string;
  minimum?: number;
}

/** One documented status, in the form @fastify/swagger reads and Fastify serializes (its `content`). */
export interface ResponseDoc {
  description: string;
  headers?: Record<string, HeaderDoc>;
  content: {
    /** Absent only on an answer that is never JSON (a lockbox file's 200). */
    'application/json'?: { schema: object; examples: Record<string, NamedExample> };
    /** A report's other forms (docs/api.md#settlement-reports): text, its schema a string. */
    'text/csv'?: TextContent;
    'text/plain'?: TextContent;
  };
}

/** A text answer as the document shows it: a string, with an example. */
export interface TextContent {
  schema: { type: 'string'; description: string };
  example: string;
}

/** Headers the document declares on answers. */
export const HEADERS = {
  Location: { type: 'string', format: 'uri', description: 'The URL of what was created.' },
  RetryAfter: { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again.' },
  WwwAuthenticate: { type: 'string', description: 'The scheme to authenticate with: `Basic realm="api"`.' },
  IdempotentReplayed: {
    type: 'string',
    pattern: '^true$',
    description: 'Present (`true`) when this is the stored answer of an earlier request with the same Idempotency-Key.',
  },
  Deprecation: { type: 'string', pattern: '^true$', description: 'Mode C (no payerFee sent) is deprecated.' },
} as const satisfies Record<string, HeaderDoc>;

/** A 2xx answer: its body schema, named examples and headers. */
export function success(
  description: string,
  schema: object,
  examples: Record<string, NamedExample>,
  headers: Record<string, HeaderDoc> = {},
): ResponseDoc {
  return {
    description,
    ...(Object.keys(headers).length && { headers }),
    content: { 'application/json': { schema, examples } },
  };
}

const REQUEST_ID = 'req_Qk3v9xYb0a1';
/** An error body as the examples show it. */
export const fault = (message: string, code: string, extra: object = {}) => ({
  message,
  code,
  ...extra,
  requestId: REQUEST_ID,
});
/** A service code's answer, its message from the catalog. */
export const said = (code: ServiceCode, params: MessageParams = {}, extra: object = {}) =>
  fault(formatMessage(SERVICE_MESSAGES[code], params), code, extra);
const reversal = (reversalResponseCode: string, message: string) =>
  fault(message, 'REVERSAL_DECLINED', { reversalResponseCode });

/** Every error answer the service gives, by name: its status, a summary, a body, and headers it carries. */
export const ERROR_EXAMPLES = {
  validationError: {
    status: 400,
    summary: 'A field is not valid (every problem is listed in errors)',
    value: fault(fieldMessages.INVALID_CARD_NUMBER, 'INVALID_CARD_NUMBER', {
      errors: [
        {
          field: 'creditCardInformation.cardNumber',
          code: 'INVALID_CARD_NUMBER',
          message: fieldMessages.INVALID_CARD_NUMBER,
        },
      ],
    }),
  },
  declined: {
    status: 400,
    summary: 'A decline: the transaction is stored (id) with the processor’s answer',
    value: fault(responseMessages.InsufficientFunds, 'PAYMENT_DECLINED', {
      id: 42,
      paymentResponseCode: 'InsufficientFunds',
      payerMessage: payerDeclineMessage('InsufficientFunds'),
    }),
  },
  duplicate: {
    status: 400,
    summary: 'The same payment method and amount as an approved sale within the account’s window',
    value: fault(
      duplicateMessage({ id: 41, created: new Date('2026-11-22T15:04:05Z') }, 5), // the default window, minutes
      'PAYMENT_DECLINED',
      {
        id: 42,
        paymentResponseCode: 'HardDuplicateTransaction',
        payerMessage: payerDeclineMessage('HardDuplicateTransaction'),
      },
    ),
  },
  invalidToken: {
    status: 400,
    summary: 'The token does not exist or was deleted',
    value: said(
      'INVALID_TOKEN',
      {},
      {
        paymentResponseCode: 'InvalidToken',
        payerMessage: payerDeclineMessage('InvalidToken'),
      },
    ),
  },
  invalidAuthorization: {
    status: 400,
    summary: 'The authorization cannot be captured (expired, captured, more than held)',
    value: said(
      'INVALID_AUTHORIZATION',
      {},
      {
        paymentResponseCode: 'InvalidAuthorization',
        payerMessage: payerDeclineMessage('InvalidAuthorization'),
      },
    ),
  },
  previouslyVoided: {
    status: 400,
    summary: 'Voided already',
    value: reversal('PreviouslyVoided', REVERSAL_MESSAGES.previouslyVoided),
  },
  alreadySettled: {
    status: 400,
    summary: 'Settled: refund it instead',
    value: reversal('AlreadySettled', REVERSAL_MESSAGES.alreadySettled),
  },
  previouslyRejected: {
    status: 400,
    summary: 'A declined transaction: nothing to void or refund',
    value: reversal('PreviouslyRejected', REVERSAL_MESSAGES.voidOfDeclined),
  },
  notSettled: {
    status: 400,
    summary: 'Not settled yet: void it instead',
    value: reversal('NotSettled', REVERSAL_MESSAGES.notSettled),
  },
  amountExceedsRemaining: {
    status: 400,
    summary: 'More than is left to refund',
    value: reversal('AmountExceedsRemaining', REVERSAL_MESSAGES.exceedsRemaining('63.25')),
  },
  notRefundable: {
    status: 400,
    summary: 'A refund of a refund: refund its original instead',
    value: reversal('NotRefundable', REVERSAL_MESSAGES.refundOfRefund),
  },
  cannotBeVoided: {
    status: 400,
    summary: 'A refund cannot be voided',
    value: reversal('CannotBeVoided', REVERSAL_MESSAGES.voidOfRefund),
  },
  malformedJson: {
    status: 400,
    summary: 'The body is not JSON',
    value: said('MALFORMED_JSON'),
  },
  invalidIdempotencyKey: {
    status: 400,
    summary: 'The Idempotency-Key header is not 1 to 255 visible characters',
    value: said('INVALID_IDEMPOTENCY_KEY'),
  },
  invalidImpersonationKey: {
    status: 400,
    summary: 'The impersonationAccountKey header was sent empty',
    value: said('INVALID_IMPERSONATION_KEY'),
  },
  invalidHost: {
    status: 400,
    summary: 'The Host header names another service',
    value: said('INVALID_HOST'),
  },
  unauthorized: {
    status: 401,
    summary: 'Missing or invalid credentials',
    value: said('UNAUTHORIZED'),
    headers: { 'WWW-Authenticate': HEADERS.WwwAuthenticate },
  },
  publicKeyNotAllowed: {
    status: 403,
    summary: 'The public key was sent where key and secret are needed',
    value: said('PUBLIC_KEY_NOT_ALLOWED'),
  },
  impersonationNotAllowed: {
    status: 403,
    summary: 'The impersonationAccountKey is not a client of the caller',
    value: said('IMPERSONATION_NOT_ALLOWED'),
  },
  originNotAllowed: {
    status: 403,
    summary: 'The page’s origin is not on the public key’s allow-list',
    value: said('ORIGIN_NOT_ALLOWED'),
  },
  tokenNotFound: { status: 404, summary: 'No such token', value: said('TOKEN_NOT_FOUND') },
  paymentScheduleNotFound: {
    status: 404,
    summary: 'No such payment schedule',
    value: said('PAYMENT_SCHEDULE_NOT_FOUND'),
  },
  autoPayNotFound: { status: 404, summary: 'No such AutoPay', value: said('AUTOPAY_NOT_FOUND') },
  scheduleCancelled: { status: 409, summary: 'The schedule is cancelled', value: said('SCHEDULE_CANCELLED') },
  scheduleCompleted: {
    status: 409,
    summary: 'The schedule made all its payments',
    value: said('SCHEDULE_COMPLETED'),
  },
  scheduleNotActive: {
    status: 409,
    summary: 'Only an active schedule can be paused',
    value: said('SCHEDULE_NOT_ACTIVE', { status: 'Failing' }),
  },
  transactionNotFound: {
    status: 404,
    summary: 'No such transaction',
    value: said('TRANSACTION_NOT_FOUND'),
  },
  authorizationNotFound: {
    status: 404,
    summary: 'No such authorization',
    value: said('AUTHORIZATION_NOT_FOUND'),
  },
  batchNotFound: {
    status: 404,
    summary: 'No such batch for these credentials',
    value: said('BATCH_NOT_FOUND'),
  },
  eventNotFound: {
    status: 404,
    summary: 'No such event for these credentials',
    value: said('EVENT_NOT_FOUND'),
  },
  webhookEndpointNotFound: {
    status: 404,
    summary: 'No such webhook endpoint for these credentials',
    value: said('WEBHOOK_ENDPOINT_NOT_FOUND'),
  },
  webhookUrlNotAllowed: {
    status: 400,
    summary: 'The URL points where webhooks are not sent (this service, a private or metadata address)',
    value: fault(webhookMessages.WEBHOOK_URL_NOT_ALLOWED, 'WEBHOOK_URL_NOT_ALLOWED', {
      errors: [{ field: 'url', code: 'WEBHOOK_URL_NOT_ALLOWED', message: webhookMessages.WEBHOOK_URL_NOT_ALLOWED }],
    }),
  },
  idempotencyKeyInUse: {
    status: 409,
    summary: 'The first request with this Idempotency-Key still runs',
    value: said('IDEMPOTENCY_KEY_IN_USE'),
    headers: { 'Retry-After': HEADERS.RetryAfter },
  },
  headersTooLarge: {
    status: 431,
    summary: 'The request headers are larger than the HTTP parser takes (16 KiB)',
    value: said('HEADERS_TOO_LARGE'),
  },
  payloadTooLarge: {
    status: 413,
    summary: 'The body is larger than 64 KiB',
    value: said('PAYLOAD_TOO_LARGE'),
  },
  uriTooLong: {
    status: 414,
    summary: 'A path segment is longer than 100 characters',
    value: said('URI_TOO_LONG'),
  },
  unsupportedMediaType: {
    status: 415,
    summary: 'The body is not application/json',
    value: said('UNSUPPORTED_MEDIA_TYPE'),
  },
  idempotencyKeyReused: {
    status: 422,
    summary: 'The Idempotency-Key was used with another body',
    value: said('IDEMPOTENCY_KEY_REUSED'),
  },
  rateLimited: {
    status: 429,
    summary: 'Too many token requests with a public key',
    value: said('RATE_LIMITED', { seconds: 42 }),
    headers: { 'Retry-After': HEADERS.RetryAfter },
  },
  processorUnavailable: {
    status: 503,
    summary: 'The processor did not answer a capture, void or refund in time: nothing changed',
    value: said('PROCESSOR_UNAVAILABLE'),
    headers: { 'Retry-After': HEADERS.RetryAfter },
  },
  internalError: {
    status: 500,
    summary: 'An unexpected fault: only message, code and requestId',
    value: said('INTERNAL_ERROR'),
  },
} as const satisfies Record<
  string,
  { status: number; summary: string; value: object; headers?: Record<string, HeaderDoc> }
>;

/** The name of an error example, e.g. `'validationError'`. */
export type ErrorExample = keyof typeof ERROR_EXAMPLES;

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (field problems in errors), or a payment or a reversal was declined.',
  401: SERVICE_MESSAGES.UNAUTHORIZED,
  403: 'The credentials may not do this.',
  404: 'Not found for these credentials and this impersonation.',
  409: 'The first request with this Idempotency-Key still runs (retry after Retry-After seconds), or the resource’s state does not allow the change.',
  413: 'The body is larger than 64 KiB.',
  414: 'A path segment is longer than 100 characters.',
  415: 'The body is not application/json.',
  422: 'The Idempotency-Key was used with another body.',
  429: 'Over the rate limit; retry after Retry-After seconds.',
  431: 'The request headers are too large; answered before the operation is known.',
  500: 'An unexpected fault. No input causes one; the requestId finds it in the log.',
  503: 'The payment processor did not answer in time and nothing changed; retry after Retry-After seconds (docs/domain.md).',
};

/** Answers every authenticated operation can give, whatever it does. */
export const AUTH_ERRORS = [
  'invalidHost',
  'invalidImpersonationKey',
  'unauthorized',
  'impersonationNotAllowed',
  'internalError',
] as const satisfies readonly ErrorExample[];

/** Answers every operation with key and secret only can give: `AUTH_ERRORS` and a public key refused. */
export const SECRET_ERRORS = [...AUTH_ERRORS, 'publicKeyNotAllowed'] as const satisfies readonly ErrorExample[];

/** Answers of an operation that reads a JSON body. */
export const BODY_ERRORS = [
  'validationError',
  'malformedJson',
  'payloadTooLarge',
  'unsupportedMediaType',
] as const satisfies readonly ErrorExample[];

/** Answers of an operation without a body to one sent anyway (DELETE reads one if it is sent). */
export const STRAY_BODY_ERRORS = [
  'malformedJson',
  'payloadTooLarge',
  'unsupportedMediaType',
] as const satisfies readonly ErrorExample[];

/** Answers of an operation that takes an Idempotency-Key (docs/api.md#idempotency). */
export const IDEMPOTENCY_ERRORS = [
  'invalidIdempotencyKey',
  'idempotencyKeyInUse',
  'idempotencyKeyReused',
] as const satisfies readonly ErrorExample[];

/** Answers the HTTP parser gives before any operation is known, so every operation can give them. */
export const PARSER_ERRORS = ['headersTooLarge'] as const satisfies readonly ErrorExample[];

/**
 * The `response` map of an operation: its successes as given, and its errors (with `PARSER_ERRORS`)
 * grouped by status, each status with the error schema, the headers its examples carry and every
 * example by name.
 */
export function operationResponses(
  successes: Record<number, ResponseDoc>,
  errors: readonly ErrorExample[],
): Record<number, ResponseDoc> {
  const byStatus: Record<number, ResponseDoc> = { ...successes };
  for (const name of new Set([...errors, ...PARSER_ERRORS])) {
    const example: { status: number; summary: string; value: object; headers?: Record<string, HeaderDoc> } =
      ERROR_EXAMPLES[name];
    const entry = (byStatus[example.status] ??= {
      description: STATUS_DESCRIPTIONS[example.status] ?? 'An error.',
      content: { 'application/json': { schema: errorRef, examples: {} } },
    });
    const json = (entry.content['application/json'] ??= { schema: errorRef, examples: {} });
    json.examples[name] = { summary: example.summary, value: example.value };
    if (example.headers) entry.headers = { ...entry.headers, ...example.headers };
  }
  return byStatus;
}
