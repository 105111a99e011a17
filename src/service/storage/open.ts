import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Sql } from './sql.js';

/**
 * PostgreSQL when `databaseUrl` is set; otherwise the embedded database in `dataDir/pglite`,
 * or in memory when `dataDir` is null (tests), from `template` when given (storage/pglite.ts).
 */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  schema?: string;
  template?: Blob;
}): Promise<Sql> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema ? { schema: options.schema } : {});
  if (options.dataDir === null) return openPglite(undefined, options.template);
  mkdirSync(options.dataDir, { recursive: true });
  return openPglite(join(options.dataDir, 'pglite'));
}
