import { formatMessage, type MessageParams } from '../../shared/messages/catalog.js';
import { summarize } from '../../shared/validators/fields.js';
import type { FieldError } from '../../shared/wire.js';

/** The service's own codes (browser-side and field codes live in src/shared/messages). */
export const SERVICE_MESSAGES = {
  UNAUTHORIZED: 'Missing or invalid credentials.',
  PUBLIC_KEY_NOT_ALLOWED: 'The public key can only create payment tokens.',
  SECRET_IN_BROWSER:
    'This operation takes your API key and secret, which belong on your server: a web page ({origin}) cannot call it. A secret that has been in a page is exposed: rotate it now (npm run accounts -- rotate-secret NAME), and make this call from your server (the server SDK).',
  IMPERSONATION_NOT_ALLOWED: 'The impersonation key is not valid for these credentials.',
  INVALID_IMPERSONATION_KEY:
    'The impersonationAccountKey header is empty: send a client’s impersonation key, or leave the header out.',
  ORIGIN_NOT_ALLOWED: 'This origin is not allowed to use this public key.',
  NOT_FOUND: 'No such endpoint: {method} {path}.',
  TOKEN_NOT_FOUND: 'No such token.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  EMPTY_BODY: 'The request body is empty; send a JSON object.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as application/json.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 64 KiB.',
  INVALID_REQUEST: 'The request is not valid.',
  INVALID_URL: 'The URL is not valid: its path must be percent-encoded UTF-8.',
  URI_TOO_LONG: 'A part of the URL path is longer than 100 characters.',
  INVALID_HEADER: 'A request header is not valid (a control character, or a malformed line).',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  INVALID_HOST: 'The Host header does not name this service (set PUBLIC_URL or ALLOWED_HOSTS).',
  RATE_LIMITED: 'Too many requests. Try again in {seconds} seconds.',
  INVALID_IDEMPOTENCY_KEY: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with this Idempotency-Key is still running. Try again shortly.',
  TRANSACTION_NOT_FOUND: 'No such transaction.',
  AUTHORIZATION_NOT_FOUND: 'No such authorization.',
  BATCH_NOT_FOUND: 'No such batch.',
  PAYMENT_DECLINED: 'The payment was declined.',
  REVERSAL_DECLINED: 'The void or refund was refused; reversalResponseCode says why.',
  INVALID_TOKEN: 'The token does not exist or was deleted.',
  INVALID_AUTHORIZATION: 'The authorization cannot be captured.',
  INVALID_PAYMENT_TYPE: 'This payment method cannot be used for this operation.',
  INTERNAL_ERROR: 'Something went wrong on our side. The request id helps us find it.',
} as const;

export type ServiceCode = keyof typeof SERVICE_MESSAGES;

/** An error the central handler turns into the contract's error body (docs/api.md#errors-and-codes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** An error with a service code and its catalog message. */
  static of(
    status: number,
    code: ServiceCode,
    params: MessageParams = {},
    headers: Record<string, string> = {},
  ): ApiError {
    return new ApiError(status, code, formatMessage(SERVICE_MESSAGES[code], params), [], headers);
  }

  /** A 400 listing every field problem; one problem lends its code to the whole. */
  static fields(errors: FieldError[]): ApiError {
    const { code, message } = summarize(errors);
    return new ApiError(400, code, message, errors);
  }
}
