/**
 * Where a workload's database round trips and time go: an `Sql` that passes every statement on to
 * the real one and counts it, with its time as the caller waited for it, under a short label (its
 * verb and first table). A transaction counts its BEGIN and COMMIT (storage/postgres.ts sends them)
 * as two round trips more. For benchmarks (bench/schedule-runner.ts) and tests that hold a path to
 * its number of round trips (schedules/schedule-runner.test.ts); the service never wraps its database.
 */
import type { Sql } from '../storage/sql.js';

/** One label's statements: how many, and the milliseconds callers waited for them. */
export interface StatementCost {
  label: string;
  count: number;
  ms: number;
}

/**
 * `verb table` of a statement: `INSERT schedule_runs`, `SELECT payment_schedules` (its subqueries'
 * tables aside), `WITH transactions+events` (each table its parts write).
 */
export function labelOf(text: string): string {
  let label = labels.get(text);
  if (label === undefined) labels.set(text, (label = labelFor(text)));
  return label;
}

/** The labels of the statements seen so far: a statement's text is labelled once. */
const labels = new Map<string, string>();

function labelFor(text: string): string {
  const flat = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const verb = /^(\w+)/.exec(flat)?.[1]?.toUpperCase() ?? '?';
  if (verb === 'WITH') {
    const written = [...flat.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/gi)].map((match) => match[1]);
    return `WITH ${[...new Set(written)].join('+')}`;
  }
  let top = flat;
  for (let inner = top.replace(/\([^()]*\)/g, ''); inner !== top; inner = top.replace(/\([^()]*\)/g, '')) top = inner;
  const table = /\b(?:INTO|UPDATE|FROM)\s+(\w+)/i.exec(top)?.[1];
  return `${verb} ${table ?? ''}`.trim();
}

/**
 * A count of the statements of every `Sql` it wraps (several processes' pools, say): `wrap(sql)` is
 * `sql` counted; `costs()` says what ran since the last `reset()`.
 */
export function statementProfile() {
  const costs = new Map<string, StatementCost>();
  const add = (label: string, ms: number, count = 1) => {
    const cost = costs.get(label) ?? { label, count: 0, ms: 0 };
    cost.count += count;
    cost.ms += ms;
    costs.set(label, cost);
  };
  const wrap = (inner: Sql, inTransaction = false): Sql => ({
    engine: inner.engine,
    async query<Row>(text: string, params?: unknown[]) {
      const started = performance.now();
      try {
        return await inner.query<Row>(text, params);
      } finally {
        add(labelOf(text), performance.now() - started);
      }
    },
    async transaction<T>(work: (sql: Sql) => Promise<T>) {
      if (inTransaction) return inner.transaction((tx) => work(wrap(tx, true)));
      const started = performance.now();
      let inside = 0;
      try {
        return await inner.transaction(async (tx) => {
          const from = performance.now();
          try {
            return await work(wrap(tx, true));
          } finally {
            inside = performance.now() - from;
          }
        });
      } finally {
        add('BEGIN + COMMIT (+ wait for a connection)', performance.now() - started - inside, 2);
      }
    },
    close: () => inner.close(),
  });
  return {
    wrap: (sql: Sql): Sql => wrap(sql),
    /** The labels, most round trips first. */
    costs: (): StatementCost[] => [...costs.values()].sort((a, b) => b.count - a.count || b.ms - a.ms),
    /** Every statement counted, BEGIN and COMMIT included. */
    roundTrips: (): number => [...costs.values()].reduce((sum, cost) => sum + cost.count, 0),
    reset: () => costs.clear(),
  };
}
