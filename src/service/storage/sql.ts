/**
 * The one thing the repository needs from a database: parameterized queries and transactions.
 * PGlite and PostgreSQL both speak it with the same SQL; only this folder knows which is behind it.
 */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine, for logs and benchmarks: 'pglite' or 'postgres'. */
  readonly engine: 'pglite' | 'postgres';
}
