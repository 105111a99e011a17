import type { PaytokenConfig } from './config.js';
import type { TokenResult } from './result.js';

/** Options of one call: any configuration value, and a signal that cancels the call. */
export interface CreateTokenOptions extends PaytokenConfig {
  signal?: AbortSignal;
}

export type TokenCallback = (result: TokenResult) => void;

/**
 * `createToken`'s two calling styles: `(data, callback, options?)` or `(data, options?)`. Runs `run`
 * with the call's options and hands its result to the callback, exactly once and asynchronously; an
 * exception inside the callback is reported and does not break the script. The returned Promise
 * resolves to the same result and never rejects.
 */
export function withCallback(
  callback: TokenCallback | CreateTokenOptions | undefined,
  options: CreateTokenOptions | undefined,
  run: (options: CreateTokenOptions | undefined) => Promise<TokenResult>,
): Promise<TokenResult> {
  const result = run(typeof callback === 'function' ? options : (callback ?? options));
  if (typeof callback === 'function') {
    void result.then((value) => {
      try {
        callback(value);
      } catch (error) {
        // The integrator's bug surfaces on the page's error channel; the script itself goes on.
        (globalThis as { reportError?: (error: unknown) => void }).reportError?.(error);
      }
    });
  }
  return result;
}
