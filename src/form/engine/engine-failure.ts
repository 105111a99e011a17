/**
 * What the form's engine loaders share: how hard a caller asks, how long a load may take, and what
 * Pay (or `Paytoken.createToken`) answers when the engine does not come.
 */
import { failure, type TokenFailure } from '../../tokenizer/deferred.js';

/**
 * Without it, a load that is here or under way is used as it is. `'again'` (a focus in a field)
 * tries a failed load again, ten times at most for the page; `'pay'` (Pay, `createToken`) always does.
 */
export type Retry = 'again' | 'pay';

/** A load that has not arrived by then has failed (and the next attempt starts afresh). */
export const ENGINE_TIMEOUT_MS = 15_000;

export function engineTimeout(): Error {
  const error = new Error(`paytoken-form-engine.js did not arrive within ${ENGINE_TIMEOUT_MS} ms`);
  error.name = 'TimeoutError';
  return error;
}

/** The answer when the engine could not be loaded: it comes from the service, like the token. */
export const engineFailure = (error: unknown): TokenFailure =>
  failure(error instanceof Error && error.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR');
