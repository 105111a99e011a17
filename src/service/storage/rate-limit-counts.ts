import { batcher } from './batcher.js';
import type { Sql } from './sql.js';

/** One counted request: which counter, in which window (its start, ms since the epoch). */
interface Hit {
  name: string;
  windowStart: number;
}

/**
 * The rate_limit_counts table: fixed windows counted in the database, so every service process
 * (on one machine or several) counts against one limit. Hits arriving together share one statement.
 */
export function rateLimitStore(sql: Sql) {
  const count = batcher(async (hits: Hit[]): Promise<number[]> => {
    // One row per counter in the statement (ON CONFLICT cannot touch a row twice), then each hit gets its own count.
    const totals = new Map<string, { name: string; windowStart: number; hits: number }>();
    for (const hit of hits) {
      const id = `${hit.windowStart}:${hit.name}`;
      const total = totals.get(id) ?? { ...hit, hits: 0 };
      total.hits++;
      totals.set(id, total);
    }
    const rows = [...totals.values()];
    const counted = await sql.query<{ name: string; window_start: string; count: number }>(
      `INSERT INTO rate_limit_counts (name, window_start, count)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
       ON CONFLICT (name, window_start) DO UPDATE SET count = rate_limit_counts.count + excluded.count
       RETURNING name, window_start, count`,
      [rows.map((row) => row.name), rows.map((row) => row.windowStart), rows.map((row) => row.hits)],
    );
    const after = new Map(counted.map((row) => [`${row.window_start}:${row.name}`, row.count]));
    // The k hits of one counter in this batch are its last k counts, in arrival order.
    const next = new Map([...totals].map(([id, total]) => [id, (after.get(id) ?? total.hits) - total.hits + 1]));
    return hits.map((hit) => {
      const id = `${hit.windowStart}:${hit.name}`;
      const value = next.get(id) ?? 1;
      next.set(id, value + 1);
      return value;
    });
  });

  return {
    /** Counts one hit of `name` in the window starting at `windowStart` (ms); returns the window's count. */
    hit: (name: string, windowStart: number): Promise<number> => count({ name, windowStart }),
    /** Drops windows that ended before `before` (ms). */
    async purge(before: number): Promise<void> {
      await sql.query('DELETE FROM rate_limit_counts WHERE window_start < $1', [before]);
    },
  };
}

export type RateLimitStore = ReturnType<typeof rateLimitStore>;
