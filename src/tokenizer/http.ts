/** One POST with bounded retries (src/shared/http-retry.ts), an overall deadline and an abort signal. */
import { withRetries } from '../shared/http-retry.js';

/** The last response with its JSON body, or why there was none: the code createToken answers with. */
export type Outcome = { response: Response; body: unknown } | NoResponse;
export type NoResponse = 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED';

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Retries after a 5xx or a network failure; the same headers (so the same Idempotency-Key) each time. */
  retries: number;
}

/** The first wait: 250 ms, then 500 ms, each × 0.5–1.5. */
const BACKOFF_MS = 250;

/** Posts `body` as JSON; never throws. */
export async function postJson(
  url: URL,
  body: unknown,
  { headers, timeoutMs, signal, retries }: PostOptions,
): Promise<Outcome> {
  const controller = new AbortController();
  const cancel = () => controller.abort('ABORTED');
  const timer = setTimeout(() => controller.abort('TIMEOUT'), timeoutMs);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  const init: RequestInit = {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: controller.signal,
    credentials: 'omit',
    cache: 'no-store',
  };
  const attempt = await withRetries(
    () => fetch(url, init),
    ({ response }) => !response || response.status >= 500,
    retries,
    BACKOFF_MS,
    controller.signal,
  );
  clearTimeout(timer);
  signal?.removeEventListener('abort', cancel);
  const { aborted, reason } = controller.signal as { aborted: boolean; reason: NoResponse };
  // Only the two abort() calls above abort the controller, each with its Outcome as the reason.
  if (aborted) return reason;
  return attempt.response ? attempt : 'NETWORK_ERROR';
}
