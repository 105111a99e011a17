import type { RateLimitStore } from '../storage/rate-limit-counts.js';

/** A rate limit's answer for one request. */
export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed one-minute windows per name (a client IP, a public key): counted in memory for one process
 * (the embedded database), or in the database so several processes enforce one limit (PostgreSQL).
 */
export interface RateLimiter {
  /** Counts one request for `name`; says how many seconds to wait when it is over `limit`. */
  hit(name: string, limit: number): Promise<Verdict>;
}

const over = (windowStart: number, windowMs: number, time: number): Verdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - time) / 1000)),
});

/** Counts in this process's memory. */
export function createRateLimiter(windowMs = 60_000, now: () => number = Date.now): RateLimiter {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    hit(name, limit) {
      const time = now();
      if (time - windowStart >= windowMs) {
        windowStart = time - ((time - windowStart) % windowMs);
        counts = new Map();
      }
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      return Promise.resolve(count <= limit ? { allowed: true } : over(windowStart, windowMs, time));
    },
  };
}

/** Counts in the database (windows aligned on the clock), shared by every process on it. */
export function createSharedRateLimiter(
  store: RateLimitStore,
  windowMs = 60_000,
  now: () => number = Date.now,
): RateLimiter {
  return {
    async hit(name, limit) {
      const time = now();
      const windowStart = time - (time % windowMs);
      const count = await store.hit(name, windowStart);
      return count <= limit ? { allowed: true } : over(windowStart, windowMs, time);
    },
  };
}
