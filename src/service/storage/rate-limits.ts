import type { Sql } from './sql.js';

/**
 * The rate_limit_counts table: fixed windows counted in the database, so every service process
 * (on one machine or several) counts against one limit.
 */
export function rateLimitStore(sql: Sql) {
  return {
    /** Counts one hit of `name` in the window starting at `windowStart` (ms); returns the window's count. */
    async hit(name: string, windowStart: number): Promise<number> {
      const [row] = await sql.query<{ count: number }>(
        `INSERT INTO rate_limit_counts (name, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (name, window_start) DO UPDATE SET count = rate_limit_counts.count + 1 RETURNING count`,
        [name, windowStart],
      );
      return row?.count ?? 1;
    },
    /** Drops windows that ended before `before` (ms). */
    async purge(before: number): Promise<void> {
      await sql.query('DELETE FROM rate_limit_counts WHERE window_start < $1', [before]);
    },
  };
}

export type RateLimitStore = ReturnType<typeof rateLimitStore>;
