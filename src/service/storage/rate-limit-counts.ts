import { randomBytes } from 'node:crypto';
import { batcher } from './batcher.js';
import type { Sql } from './sql.js';

/** One counted request: which counter, in which window (its start, ms since the epoch). */
interface Hit {
  name: string;
  windowStart: number;
}

/**
 * This process's rows of rate_limit_counts: 48 random bits, drawn once. Two processes that drew the
 * same would share their rows, which counts exactly, as one row for all did.
 */
const THIS_PROCESS = randomBytes(6).toString('base64url');

/**
 * The rate_limit_counts table: fixed windows counted in the database, so every service process
 * (on one machine or several) counts against one limit. Each process adds to rows of its own and
 * reads the others' as they were when its statement began, so no process waits for another's
 * commit; hits the others commit while a statement runs are not in its count, so a few more
 * requests than the limit may pass as it is crossed
 * (docs/decisions/0167-rate-limit-rows-per-process.md). Hits arriving together share one statement.
 * `processId` names this store's rows: one per process, or another in a test of two.
 */
export function rateLimitStore(sql: Sql, processId = THIS_PROCESS) {
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
    // The other processes' rows as they were when the statement began: this process's own are not
    // in that snapshot either, so its count comes from the row the INSERT returns.
    const counted = await sql.query<{ name: string; window_start: string; count: number }>(
      `INSERT INTO rate_limit_counts AS mine (name, window_start, process, count)
       SELECT name, window_start, $4, hits FROM unnest($1::text[], $2::bigint[], $3::int[]) AS h (name, window_start, hits)
       ON CONFLICT (name, window_start, process) DO UPDATE SET count = mine.count + excluded.count
       RETURNING name, window_start, count + COALESCE((
         SELECT sum(others.count) FROM rate_limit_counts others
         WHERE others.name = mine.name AND others.window_start = mine.window_start AND others.process <> $4), 0)::int AS count`,
      [rows.map((row) => row.name), rows.map((row) => row.windowStart), rows.map((row) => row.hits), processId],
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
    /** Drops windows that ended before `before` (ms), every process's rows. */
    async purge(before: number): Promise<void> {
      await sql.query('DELETE FROM rate_limit_counts WHERE window_start < $1', [before]);
    },
  };
}

export type RateLimitStore = ReturnType<typeof rateLimitStore>;
