/**
 * Fixed one-minute windows counted in memory, per name (a client IP, a public key). Enough for one
 * service process; several processes would share counts through the database or Redis instead.
 */
export interface RateLimiter {
  /** Counts one request for `name`; returns the seconds to wait when it is over `limit`. */
  hit(name: string, limit: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

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
      if (count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - time) / 1000)) };
    },
  };
}
