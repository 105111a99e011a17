import pg from 'pg';
import { DatabaseError, statementName } from './database-error.js';
import type { Sql } from './sql.js';

export interface PostgresOptions {
  /** Every connection's search_path; tests give each file its own schema. */
  schema?: string;
  max?: number;
}

/** PostgreSQL through a `pg` connection pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Sql> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000, // a database that is down fails requests (and /readyz) instead of hanging them
    ...(options.schema && { options: `-c search_path=${options.schema}` }),
  });
  pool.on('error', () => undefined); // an idle client's broken connection is replaced on next use
  await pool.query('SELECT 1');
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    engine: 'postgres',
    async query<Row>(text: string, params: unknown[] = []) {
      // Named statements are parsed once per connection, then only bound and executed.
      try {
        return (await client.query({ name: statementName(text), text, values: params })).rows as Row[];
      } catch (error) {
        throw DatabaseError.from(text, error);
      }
    },
    async transaction(work) {
      if (client !== pool) return work(on(client));
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(on(connection));
        // A deferred check fails here, and its message may quote the row.
        await connection.query('COMMIT').catch((error: unknown) => {
          throw DatabaseError.from('COMMIT', error);
        });
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  });
  return on(pool);
}
