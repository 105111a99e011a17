import type { Account } from '../storage/repository.js';

/**
 * Accounts looked up by a credential, kept for a few seconds so a request costs one database round
 * trip instead of two. A miss is kept too, so an unknown key takes the path a known one takes and
 * costs the same time (issue 10, item 5). A change made by another process (a secret rotated with
 * `npm run accounts`) clears it through the process's heartbeat (operation/instance.ts) within a
 * second or two; `ttlMs` bounds it even if that fails.
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
  const entries = new Map<string, { account: Account | null; expires: number }>();
  /** Bumped by `clear()`; what was read under an older generation is never remembered. */
  let generation = 0;
  const readIn = new WeakMap<Account, number>();
  const live = (credential: string) => {
    const hit = entries.get(credential);
    return hit && hit.expires > now() ? hit : undefined;
  };
  const store = (credential: string, account: Account | null) => {
    if (entries.size >= maxEntries) entries.clear();
    entries.set(credential, { account, expires: now() + ttlMs });
  };
  return {
    peek: (credential) => live(credential)?.account ?? null,
    remember(credential, account) {
      if ((readIn.get(account) ?? generation) === generation) store(credential, account);
    },
    async get(credential, load) {
      const hit = live(credential);
      if (hit) return hit.account;
      const startedIn = generation;
      const account = await load();
      if (account) readIn.set(account, startedIn);
      if (startedIn === generation) store(credential, account);
      return account;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
}
