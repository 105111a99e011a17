import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Sql } from './sql.js';

/**
 * PostgreSQL when `databaseUrl` is set; otherwise the embedded database in `dataDir/pglite`,
 * or in memory when `dataDir` is null (tests).
 */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  schema?: string;
}): Promise<Sql> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema ? { schema: options.schema } : {});
  if (options.dataDir === null) return openPglite();
  mkdirSync(options.dataDir, { recursive: true });
  return openPglite(join(options.dataDir, 'pglite'));
}
