/**
 * For retry tests: runs `run()` with `setTimeout` and `Date` faked and the clock running fast (10 ms
 * of fake time per turn of the event loop) while the requests stay real, so a test of backoff takes
 * milliseconds and still sees every wait that was asked for (`delays`, in ms; waits of 10 s or more,
 * the request timeouts and the HTTP client's own timers, are left out).
 */
import { vi } from 'vitest';

const LONGEST_WAIT_MS = 10_000;

export async function withInstantBackoff<T>(run: () => Promise<T>): Promise<{ result: T; delays: number[] }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const fakeSetTimeout = globalThis.setTimeout;
  const delays: number[] = [];
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms !== undefined && ms < LONGEST_WAIT_MS) delays.push(ms);
    return fakeSetTimeout(callback, ms, ...rest);
  }) as typeof setTimeout);
  try {
    let settled = false;
    const pending = run();
    const settle = () => (settled = true);
    pending.then(settle, settle);
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(10);
    }
    return { result: await pending, delays };
  } finally {
    spy.mockRestore();
    vi.useRealTimers();
  }
}
