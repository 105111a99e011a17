import { formatMessage } from '../shared/messages/catalog.js';
import { clientMessages, type ClientCode } from '../shared/messages/en.js';
import { summarize } from '../shared/validators/fields.js';
import type { WireFieldError } from '../shared/wire.js';

/** A field problem as the result carries it (wire.ts): `code` may also be a newer service's. */
export type ResultFieldError = WireFieldError;

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
  /**
   * RATE_LIMITED only: the seconds to wait before trying again, the number in `errorMessage`, so a page
   * can word the message in its own language.
   */
  seconds?: number;
}

/** What `createToken` hands back: the shape of the real service's callback object, plus `code` and `errors`. */
export type TokenResult = TokenSuccess | TokenFailure;

/** A failure of the script's own: its English message, with `detail` filled in and carried as data. */
export function failure(code: ClientCode, detail?: Pick<TokenFailure, 'seconds'>): TokenFailure {
  return { success: false, errorMessage: formatMessage(clientMessages[code], detail), code, errors: [], ...detail };
}

/**
 * The failure for field problems: one code when there is one problem, else VALIDATION_FAILED; the
 * message lists them all. The form builds its own field failures with it.
 */
export function fieldFailure(errors: ResultFieldError[]): TokenFailure {
  const { code, message } = summarize(errors);
  return { success: false, errorMessage: message, code, errors };
}
