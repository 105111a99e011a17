import { formatMessage, type MessageParams } from '../../shared/messages/catalog.js';
import { clientMessages } from '../../shared/messages/en.js';
import { serviceMessages } from '../../shared/messages/api.js';
import { summarize } from '../../shared/validators/fields.js';
import type { FieldError } from '../../shared/wire.js';

/**
 * Every code the service answers with on its own, and its English message: its own catalog
 * (src/shared/messages/api.ts), and RATE_LIMITED, which the hosted script shows the payer in
 * the same words (src/shared/messages/en.ts).
 */
export const SERVICE_MESSAGES = {
  ...serviceMessages,
  RATE_LIMITED: clientMessages.RATE_LIMITED,
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
