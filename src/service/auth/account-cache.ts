import type { Account } from '../storage/repository.js';

/**
 * Accounts looked up by a credential, kept for a few seconds so a request costs one database round
 * trip instead of two. Only found accounts are kept. A change made by another process (a secret
 * rotated with `npm run accounts`) clears it through the process's heartbeat (operation/instance.ts)
 * within a second or two; `ttlMs` bounds it even if that fails.
 */
export interface AccountCache {
  get(credential: string, load: () => Promise<Account | null>): Promise<Account | null>;
  /** The account of a credential checked within the TTL, without loading; null if none. */
  peek(credential: string): Account | null;
  /** Remembers a credential that was just checked (unless the cache was cleared since its account was read). */
  remember(credential: string, account: Account): void;
  /** Forgets everything, including what requests still loading will find: they read before the change. */
  clear(): void;
}

export function createAccountCache(ttlMs = 5_000, maxEntries = 10_000, now: () => number = Date.now): AccountCache {
  const entries = new Map<string, { account: Account; expires: number }>();
  /** Bumped by `clear()`; an account read under an older generation is never remembered. */
  let generation = 0;
  const readIn = new WeakMap<Account, number>();
  const peek = (credential: string) => {
    const hit = entries.get(credential);
    return hit && hit.expires > now() ? hit.account : null;
  };
  const remember = (credential: string, account: Account) => {
    if ((readIn.get(account) ?? generation) !== generation) return;
    if (entries.size >= maxEntries) entries.clear();
    entries.set(credential, { account, expires: now() + ttlMs });
  };
  return {
    peek,
    remember,
    async get(credential, load) {
      const hit = peek(credential);
      if (hit) return hit;
      const startedIn = generation;
      const account = await load();
      if (account) {
        readIn.set(account, startedIn);
        remember(credential, account);
      } else entries.delete(credential);
      return account;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
}
