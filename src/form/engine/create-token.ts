/**
 * `Paytoken.createToken` in the hosted form bundle (paytoken-form.js also sets `window.Paytoken`): the
 * same call as paytoken.js's, run by the form's engine, which it loads first when no form has yet.
 * The configuration (`Paytoken.configure`, the script tag's data-*) is this bundle's, resolved here:
 * the hosted engine is a script of its own, with its own.
 */
import {
  failure,
  resolveConfig,
  withCallback,
  type CreateTokenOptions,
  type TokenCallback,
} from '../../tokenizer/deferred.js';
import type { TokenResult } from '../../tokenizer/index.js';
import type { TokenRequest } from '../../shared/wire.js';
import { engineFailure } from './engine-failure.js';
import { loadEngine } from './load-engine.js';

/**
 * @example
 * Paytoken.createToken(details, (result) => {
 *   if (result.success) form.tokenId.value = result.id;
 *   else showError(result.errorMessage);
 * });
 */
export function createToken(
  data: TokenRequest,
  callback?: TokenCallback | CreateTokenOptions,
  options?: CreateTokenOptions,
): Promise<TokenResult> {
  return withCallback(callback, options, (callOptions) => {
    const config: CreateTokenOptions = resolveConfig(callOptions); // as it is now, not when the engine comes
    const aborted = new Promise<TokenResult>((resolve) =>
      config.signal?.addEventListener('abort', () => resolve(failure('ABORTED')), { once: true }),
    );
    return Promise.race([loadEngine('pay').then((engine) => engine.createToken(data, config), engineFailure), aborted]);
  });
}
