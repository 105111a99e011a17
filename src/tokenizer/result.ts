import { clientMessages, formatMessage, type ClientCode } from '../shared/messages/en.js';
import { summarize } from '../shared/validators/fields.js';
import type { FieldError } from '../shared/wire.js';

/** A field problem as the result carries it; `code` may also be a service code outside the browser catalog. */
export interface ResultFieldError extends Omit<FieldError, 'code'> {
  code: string;
}

/** The token id, the only thing that goes on to the integrator's server. */
export interface TokenSuccess {
  success: true;
  id: string;
}

/** A readable `errorMessage`, a stable `code`, and every field problem in `errors` (empty when none). */
export interface TokenFailure {
  success: false;
  errorMessage: string;
  code: string;
  errors: ResultFieldError[];
}

/** What `createToken` hands back: the shape of the real service's callback object, plus `code` and `errors`. */
export type TokenResult = TokenSuccess | TokenFailure;

export function failure(code: ClientCode, params?: Record<string, string | number>): TokenFailure {
  return { success: false, errorMessage: formatMessage(clientMessages[code], params), code, errors: [] };
}

/**
 * The failure `createToken` gives for field problems found before any request: one code when there
 * is one problem, else VALIDATION_FAILED; the message lists them all.
 * @example fieldFailure([{ field: 'payer', code: 'PAYER_REQUIRED', message: 'Full name is required.' }])
 *   // → { success: false, code: 'PAYER_REQUIRED', errorMessage: 'Full name is required.', errors: [ … ] }
 */
export function fieldFailure(errors: ResultFieldError[]): TokenFailure {
  const { code, message } = summarize(errors);
  return { success: false, errorMessage: message, code, errors };
}
