import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DatabaseError } from './database-error.js';
import type { Sql } from './sql.js';

/**
 * Embedded PostgreSQL (WebAssembly): a data directory on disk, or memory when `dataDir` is omitted.
 * It runs one statement at a time, so concurrent callers queue inside PGlite.
 */
export async function openPglite(dataDir?: string): Promise<Sql> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const wrap = (runner: PGlite | Transaction): Sql => ({
    engine: 'pglite',
    async query<Row>(text: string, params: unknown[] = []) {
      try {
        return (await runner.query<Row>(text, params)).rows;
      } catch (error) {
        throw DatabaseError.from(text, error);
      }
    },
    transaction: (work) => (runner === db ? db.transaction((tx) => work(wrap(tx))) : work(wrap(runner))),
    close: () => db.close(),
  });
  return wrap(db);
}
