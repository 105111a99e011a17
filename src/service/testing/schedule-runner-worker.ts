import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * A runner process for the crash test (schedules/runner-crash.process.test.ts): makes the payments
 * due at RUN_AT on DATABASE_URL's schema DATABASE_SCHEMA, pass after pass, then exits 0. The test
 * kills it with SIGKILL at random moments.
 */
import { randomUUID } from 'node:crypto';
import { sandboxProcessor } from '../sandbox/processor.js';
import { runDuePayments } from '../schedules/schedule-runner.js';
import { openDatabase } from '../storage/open.js';
import { createRepository } from '../storage/repository.js';
import { createVault } from '../vault/vault.js';

const { DATABASE_URL, DATABASE_SCHEMA, VAULT_KEY, RUN_AT } = process.env;
if (!DATABASE_URL || !DATABASE_SCHEMA || !VAULT_KEY || !RUN_AT)
  throw new Error('Set DATABASE_URL, DATABASE_SCHEMA, VAULT_KEY and RUN_AT.');
const sql = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: null, schema: DATABASE_SCHEMA });
const deps = {
  repository: createRepository(sql),
  vault: createVault([Buffer.from(VAULT_KEY, 'hex')]),
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
  now: () => new Date(RUN_AT),
  instance: { id: `crash-test-${randomUUID()}` },
};
while ((await runDuePayments(deps, 10)) > 0);
await sql.close();
process.stdout.write('done\n');
