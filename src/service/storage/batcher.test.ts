import { describe, expect, it } from 'vitest';
import { batcher } from './batcher.js';

/** A `run` that records its batches and answers when told to. */
function recorder() {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => release.push(() => resolve(items.map((item) => item * 10))));
  };
  return { batches, release, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('runs a lone call on the next turn, alone', async () => {
    const { batches, release, run } = recorder();
    const call = batcher(run);
    const answer = call(1);
    await tick();
    expect(batches).toEqual([[1]]);
    release[0]!();
    expect(await answer).toBe(10);
  });

  it('gathers calls that wait for a busy database into the next batch, each with its own answer', async () => {
    const { batches, release, run } = recorder();
    const call = batcher(run, { inFlight: 1, maxBatch: 3 });
    const first = call(1);
    await tick();
    const waiting = [call(2), call(3), call(4), call(5)];
    await tick();
    expect(batches).toEqual([[1]]);
    release[0]!();
    await first;
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release[1]!();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    release[2]!();
    expect(await Promise.all(waiting)).toEqual([20, 30, 40, 50]);
  });

  it('fails every call of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const call = batcher((items: number[]) =>
      fail ? Promise.reject(new Error('database gone')) : Promise.resolve(items),
    );
    const failed = [call(1), call(2)];
    await expect(Promise.all(failed)).rejects.toThrow('database gone');
    await Promise.allSettled(failed);
    fail = false;
    expect(await call(3)).toBe(3);
  });

  it('isolates a poisoned item: it fails its own call only, its batch neighbours are answered', async () => {
    const runs: number[][] = [];
    const call = batcher(
      (items: number[]) => {
        runs.push(items);
        return items.includes(13) ? Promise.reject(new Error('bad row')) : Promise.resolve(items.map((i) => i * 10));
      },
      { inFlight: 1 },
    );
    const first = call(0);
    const calls = [1, 2, 13, 4, 5].map((item) => call(item));
    const settled = await Promise.allSettled([first, ...calls]);
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      0,
      10,
      20,
      'failed',
      40,
      50,
    ]);
    expect(runs[0]).toEqual([0, 1, 2, 13, 4, 5]);
    expect(runs).toContainEqual([13]);
  });

  it('refuses a run that does not answer every item', async () => {
    const call = batcher(() => Promise.resolve([1]));
    await expect(Promise.all([call(1), call(2)])).rejects.toThrow('A batch of 2 gave 1 results.');
  });
});
