/**
 * Vitest's global setup for the in-memory databases of the service tests: one PGlite, migrated once,
 * dumped to a file that each test file's database starts from (harness.ts). A fresh PGlite runs
 * initdb and every migration, the largest part of a test file's set-up; from the dump it does
 * neither, and every file still gets a database of its own. Nothing is done on PostgreSQL
 * (DATABASE_URL), where each file makes its own schema.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedTemplate } from '../storage/pglite.js';

/** The environment variable that names the dump for the test workers. */
export const PGLITE_TEMPLATE_ENV = 'PAYTOKEN_TEST_PGLITE_TEMPLATE';

/** The migrated, empty database a test file starts from, when the global setup made one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'paytoken-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
