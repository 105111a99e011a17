/** One POST with bounded retries, an overall deadline and an abort signal. */

export type Outcome =
  { kind: 'response'; response: Response; body: unknown } | { kind: 'network' | 'timeout' | 'aborted' };

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Retries after a 5xx or a network failure; the same headers (so the same Idempotency-Key) each time. */
  retries: number;
}

const BACKOFF_MS = 250;

/** Posts `body` as JSON; never throws. */
export async function postJson(
  url: URL,
  body: unknown,
  { headers, timeoutMs, signal, retries }: PostOptions,
): Promise<Outcome> {
  const controller = new AbortController();
  const cancel = () => controller.abort('aborted');
  const timer = setTimeout(() => controller.abort('timeout'), timeoutMs);
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
  for (let attempt = 0; ; attempt++) {
    let outcome: Outcome;
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      outcome = { kind: 'response', response, body: parseJson(text) };
    } catch {
      outcome = { kind: 'network' };
    }
    const { aborted, reason } = controller.signal as { aborted: boolean; reason: unknown };
    const failed = outcome.kind === 'network' || (outcome.kind === 'response' && outcome.response.status >= 500);
    if (aborted || !failed || attempt >= retries) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      return aborted ? { kind: reason === 'timeout' ? 'timeout' : 'aborted' } : outcome;
    }
    // Jittered exponential backoff (250 ms, 500 ms, … × 0.5–1.5), cut short by an abort.
    await new Promise((resolve) => {
      setTimeout(resolve, BACKOFF_MS * 2 ** attempt * (0.5 + Math.random()));
      controller.signal.addEventListener('abort', resolve);
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
