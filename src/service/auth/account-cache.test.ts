import { describe, expect, it } from 'vitest';
import type { Account } from '../storage/repository.js';
import { createAccountCache } from './account-cache.js';

const account = (name: string) => ({ id: 1, name }) as Account;

describe('account cache', () => {
  it('keeps a found account for the TTL, then loads it again', async () => {
    let time = 0;
    let loads = 0;
    const cache = createAccountCache(5_000, 10, () => time);
    const load = () => Promise.resolve(account(`v${++loads}`));
    expect((await cache.get('api:a', load))?.name).toBe('v1');
    time = 4_999;
    expect((await cache.get('api:a', load))?.name).toBe('v1');
    time = 5_000;
    expect((await cache.get('api:a', load))?.name).toBe('v2');
  });

  it('keeps a miss for the TTL too, so an unknown key takes the path of a known one', async () => {
    let time = 0;
    let loads = 0;
    const cache = createAccountCache(5_000, 10, () => time);
    const load = () => Promise.resolve(++loads > 1 ? account('created') : null);
    expect(await cache.get('public:b', load)).toBeNull();
    expect(await cache.get('public:b', load)).toBeNull();
    expect(loads).toBe(1);
    time = 5_000;
    expect((await cache.get('public:b', load))?.name).toBe('created');
  });
});
