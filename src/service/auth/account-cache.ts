import type { Account } from '../storage/repository.js';

/**
 * Accounts looked up by a credential, kept for a few seconds so a request costs one database round
 * trip instead of two. Only found accounts are kept. A change made by another process (a secret
 * rotated with `npm run accounts`) takes effect here within `ttlMs`.
 */
export interface AccountCache {
  get(credential: string, load: () => Promise<Account | null>): Promise<Account | null>;
  clear(): void;
}

export function createAccountCache(ttlMs = 5_000, maxEntries = 10_000, now: () => number = Date.now): AccountCache {
  const entries = new Map<string, { account: Account; expires: number }>();
  return {
    async get(credential, load) {
      const hit = entries.get(credential);
      if (hit && hit.expires > now()) return hit.account;
      const account = await load();
      if (account) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(credential, { account, expires: now() + ttlMs });
      } else {
        entries.delete(credential);
      }
      return account;
    },
    clear: () => entries.clear(),
  };
}
