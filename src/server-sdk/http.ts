import { clientMessages } from '../shared/messages/en.js';
import { withRetries } from '../shared/http-retry.js';
import type { ErrorBody } from '../shared/wire.js';
import { PaymentDeclinedError, PaytokenApiError, ReversalDeclinedError } from './errors.js';

export interface HttpOptions {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  impersonationAccountKey?: string | undefined;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number | undefined;
  /** After a network error, a 5xx or a 409. Default 2. */
  maxRetries?: number | undefined;
  /** Default: the runtime's `fetch`. */
  fetch?: typeof fetch | undefined;
}

export interface RequestOptions {
  /** Sent on every POST (one is made when not given) and reused by its retries. */
  idempotencyKey?: string;
  /** A text answer instead of JSON (a report as CSV): its media type, sent as Accept; the body comes back as text. */
  accept?: 'text/csv' | 'text/plain';
}

/** The first wait: 300 ms, then 600 ms, … each × 0.5–1.5. */
const BACKOFF_MS = 300;

/** Base64 of UTF-8 text, on any runtime (no Buffer needed). */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** Sends one API request with bounded, jittered retries and typed errors. */
export function createHttp(options: HttpOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${base64(`${options.apiKey}:${options.apiSecret}`)}`;

  return async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      Accept: requestOptions.accept ?? 'application/json',
      Authorization: authorization,
    };
    let text: string | undefined;
    if (options.impersonationAccountKey) headers.impersonationAccountKey = options.impersonationAccountKey;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method === 'POST') headers['Idempotency-Key'] = requestOptions.idempotencyKey ?? crypto.randomUUID();
    let deadline: AbortSignal | undefined;
    const attempt = await withRetries(
      async () => {
        const response = await doFetch(`${base}${path}`, {
          method,
          headers,
          signal: (deadline = AbortSignal.timeout(options.timeoutMs ?? 30_000)),
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        // A text answer is read here: the retry loop reads every body as JSON.
        if (requestOptions.accept && response.ok) text = await response.clone().text();
        return response;
      },
      // 409 with Retry-After: the same Idempotency-Key is still running; retrying waits for its answer.
      // A 409 without it is a state that refuses the change (a cancelled schedule): retrying cannot help.
      ({ response }) =>
        !response || response.status >= 500 || (response.status === 409 && response.headers.has('retry-after')),
      options.maxRetries ?? 2,
      BACKOFF_MS,
    );
    if (!attempt.response) {
      const timedOut = deadline?.aborted === true;
      const code = timedOut ? 'TIMEOUT' : 'NETWORK_ERROR';
      throw new PaytokenApiError(0, { code, message: clientMessages[code] });
    }
    const { response, body: parsed } = attempt;
    if (response.ok) return (requestOptions.accept ? text : parsed) as T;
    const error = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<ErrorBody>;
    if (error.reversalResponseCode)
      throw new ReversalDeclinedError(response.status, { ...error, reversalResponseCode: error.reversalResponseCode });
    if (error.paymentResponseCode)
      throw new PaymentDeclinedError(response.status, { ...error, paymentResponseCode: error.paymentResponseCode });
    throw new PaytokenApiError(response.status, error);
  };
}

/** The request function `createHttp` makes: what the SDK's namespaces call. */
export type Requester = ReturnType<typeof createHttp>;
