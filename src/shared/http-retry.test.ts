import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseJson, withRetries, type Attempt } from './http-retry.js';

/** A `send` that answers from a script: a status with a body, or a thrown network error. */
function scripted(...answers: (readonly [number, string] | 'throw')[]) {
  const send = vi.fn(() => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no more answers');
    if (answer === 'throw') return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(new Response(answer[1], { status: answer[0] }));
  });
  return send;
}

const serverOrNetwork = ({ response }: Attempt) => !response || response.status >= 500;
const statusOf = (attempt: Attempt) => attempt.response?.status ?? 'none';

describe('parseJson', () => {
  it.each([
    ['{"id":"tok_1"}', { id: 'tok_1' }],
    ['[1,2]', [1, 2]],
    ['', null],
    ['<html>', null],
    ['null', null],
  ])('%j → %j', (text, parsed) => {
    expect(parseJson(text)).toEqual(parsed);
  });
});

describe('withRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks(); // Math.random, which a spy holds at 0.5 below
  });

  it('answers at once when the first answer is not worth retrying, with its body parsed', async () => {
    const send = scripted([201, '{"id":"tok_1"}']);
    const attempt = await withRetries(send, serverOrNetwork, 2, 250);
    expect(statusOf(attempt)).toBe(201);
    expect(attempt.response && attempt.body).toEqual({ id: 'tok_1' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx and a network failure, then gives the answer that ended it', async () => {
    const send = scripted([503, 'busy'], 'throw', [200, '{}']);
    const pending = withRetries(send, serverOrNetwork, 2, 250);
    await vi.runAllTimersAsync();
    expect(statusOf(await pending)).toBe(200);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('stops after `retries` retries and gives the last answer, or no response for a network failure', async () => {
    const failing = scripted([500, ''], [502, ''], [500, 'last']);
    const pending = withRetries(failing, serverOrNetwork, 2, 250);
    await vi.runAllTimersAsync();
    const last = await pending;
    expect(statusOf(last)).toBe(500);
    expect(failing).toHaveBeenCalledTimes(3);

    const unreachable = scripted('throw', 'throw');
    const nothing = withRetries(unreachable, serverOrNetwork, 1, 250);
    await vi.runAllTimersAsync();
    expect(await nothing).toEqual({});
  });

  it('waits a jittered, doubling backoff: base × 2^n × 0.5–1.5', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // the middle of the jitter: exactly base × 2^n
    const send = scripted([500, ''], [500, ''], [200, '']);
    const pending = withRetries(send, serverOrNetwork, 2, 300);
    await vi.advanceTimersByTimeAsync(299);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(statusOf(await pending)).toBe(200);
  });

  it('does not retry once the signal is aborted, and an abort cuts a wait short', async () => {
    const aborted = scripted([500, '']);
    expect(statusOf(await withRetries(aborted, serverOrNetwork, 2, 250, AbortSignal.abort()))).toBe(500);
    expect(aborted).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const send = vi.fn(() =>
      controller.signal.aborted
        ? Promise.reject(new Error('aborted'))
        : Promise.resolve(new Response('', { status: 500 })),
    );
    const pending = withRetries(send, serverOrNetwork, 2, 60_000, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await pending).toEqual({}); // no minute-long wait: the abort ended it
    expect(send).toHaveBeenCalledTimes(2);
  });
});
