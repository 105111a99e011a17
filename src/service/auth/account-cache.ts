import type { Account, Repository } from '../storage/repository.js';

/**
 * Accounts looked up by a credential, kept for a few seconds so a request costs one database round
 * trip instead of two. A miss is kept too, so an unknown key takes the path a known one takes and
 * costs the same time; a key and secret are kept as one credential (authenticate.ts). A change made by another process (a secret rotated with
 * `npm run accounts`) clears it through the process's heartbeat (ops/instance.ts) within a
 * second or two; `ttlMs` bounds it even if that fails.
 */
export interface AccountCache {
  get(credential: string, load: () => Promise<Account | null>): Promise<Account | null>;
  /** The account of a credential checked within the TTL, without loading; null if none. */
  peek(credential: string): Account | null;
  /** Forgets everything, including what requests still loading will find: they read before the change. */
  clear(): void;
}

/**
 * The client account an impersonation key names, as `asker` may see it: cached per asking account, so
 * that one system's use of a key never makes another's guess at it cheaper (a cached key would answer
 * faster than an unknown one).
 */
export function findImpersonated(
  deps: { repository: Repository; accountCache: AccountCache },
  asker: number,
  impersonationKey: string,
): Promise<Account | null> {
  return deps.accountCache.get(`impersonation:${asker}:${impersonationKey}`, () =>
    deps.repository.accounts.findByImpersonationKey(impersonationKey),
  );
}

export function createAccountCache(ttlMs = 5_000, maxEntries = 10_000, now: () => number = Date.now): AccountCache {
  const entries = new Map<string, { account: Account | null; expires: number }>();
  /** Bumped by `clear()`; what was read under an older generation is never remembered. */
  let generation = 0;
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
    async get(credential, load) {
      const hit = live(credential);
      if (hit) return hit.account;
      const startedIn = generation;
      const account = await load();
      if (startedIn === generation) store(credential, account);
      return account;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
}
