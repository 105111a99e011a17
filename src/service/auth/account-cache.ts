import type { Account } from '../storage/repository.js';

/**
 * Accounts looked up by a credential, kept for a few seconds so a request costs one database round
 * trip instead of two. A miss is kept too, so an unknown key takes the path a known one takes and
 * costs the same time (issue 10, item 5). A change made by another process (a secret rotated or an
 * account created with `npm run accounts`) takes effect here within `ttlMs`.
 */
export interface AccountCache {
  get(credential: string, load: () => Promise<Account | null>): Promise<Account | null>;
  /** The account of a credential checked within the TTL, without loading; null if none. */
  peek(credential: string): Account | null;
  /** Remembers a credential that was just checked. */
  remember(credential: string, account: Account): void;
  clear(): void;
}

export function createAccountCache(ttlMs = 5_000, maxEntries = 10_000, now: () => number = Date.now): AccountCache {
  const entries = new Map<string, { account: Account | null; expires: number }>();
  const live = (credential: string) => {
    const hit = entries.get(credential);
    return hit && hit.expires > now() ? hit : undefined;
  };
  const peek = (credential: string) => live(credential)?.account ?? null;
  const remember = (credential: string, account: Account | null) => {
    if (entries.size >= maxEntries) entries.clear();
    entries.set(credential, { account, expires: now() + ttlMs });
  };
  return {
    peek,
    remember,
    async get(credential, load) {
      const hit = live(credential);
      if (hit) return hit.account;
      const account = await load();
      remember(credential, account);
      return account;
    },
    clear: () => entries.clear(),
  };
}
