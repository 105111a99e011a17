/**
 * One HTTP request with bounded, jittered retries, for every runtime (the hosted script and the server
 * SDK): what counts as worth retrying, the first wait and the timeouts stay with the caller.
 */

/**
 * What one try gave: the response with its body read as JSON (`null` when it is not), or no response
 * (a network failure, a timeout, an abort: the caller's signal tells which).
 */
export type Attempt = { response: Response; body: unknown } | { response?: undefined };

/** The text as JSON, or `null` when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Calls `send` until it gives something `retryable` refuses, or `retries` retries are spent; waits
 * `backoffMs` × 2^n × 0.5–1.5 before retry n (jittered exponential backoff). Never throws. Once `signal`
 * is aborted it stops retrying, and an abort during a wait cuts the wait short.
 *
 * @example
 * const attempt = await withRetries(() => fetch(url, init), (a) => !a.response || a.response.status >= 500, 2, 250);
 */
export async function withRetries(
  send: () => Promise<Response>,
  retryable: (attempt: Attempt) => boolean,
  retries: number,
  backoffMs: number,
  signal?: AbortSignal,
): Promise<Attempt> {
  for (let n = 0; ; n++) {
    let attempt: Attempt;
    try {
      const response = await send();
      attempt = { response, body: parseJson(await response.text()) };
    } catch {
      attempt = {};
    }
    if (n >= retries || signal?.aborted || !retryable(attempt)) return attempt;
    await new Promise((resolve) => {
      setTimeout(resolve, backoffMs * 2 ** n * (0.5 + Math.random()));
      signal?.addEventListener('abort', resolve);
    });
  }
}
