import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DatabaseError } from './database-error.js';
import { migrate } from './migrations.js';
import type { Sql } from './sql.js';

/**
 * Embedded PostgreSQL (WebAssembly): a data directory on disk, or memory when `dataDir` is omitted,
 * started from `template` (a `dumpDataDir()` tarball) when one is given: that skips initdb, which is
 * most of a start. It runs one statement at a time, so concurrent callers queue inside PGlite.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Sql> {
  return sqlOf(await PGlite.create(dataDir ? { dataDir } : template ? { loadDataDir: template } : {}));
}

function sqlOf(db: PGlite): Sql {
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

/**
 * An empty, migrated embedded database as a `dumpDataDir()` tarball, for `openPglite(undefined,
 * template)`: the service tests start each file's database from one (testing/pglite-template.ts).
 */
export async function migratedTemplate(): Promise<Blob> {
  const db = await PGlite.create({});
  await migrate(sqlOf(db));
  const dump = await db.dumpDataDir('none');
  await db.close();
  return dump;
}
