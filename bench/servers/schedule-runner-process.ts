/**
 * One service process's schedule runner for bench/schedule-runner.ts: opens DATABASE_URL's schema
 * BENCH_SCHEMA, says `{"ready":true}`, and on a line on its standard input runs `runDue` as the
 * service does (schedules/schedule-runner.ts), then says where its round trips and time went
 * (`{"costs":[…]}`) and exits.
 */
import { createInterface } from 'node:readline';
import { sandboxBinTable } from '../../src/service/cards/bin-table-file.js';
import { sandboxProcessor } from '../../src/service/sandbox/processor.js';
import { runDue } from '../../src/service/schedules/schedule-runner.js';
import { openDatabase } from '../../src/service/storage/open.js';
import { createRepository } from '../../src/service/storage/repository.js';
import { statementProfile } from '../../src/service/testing/sql-profile.js';
import { createVault } from '../../src/service/vault/vault.js';

const { DATABASE_URL, BENCH_SCHEMA, VAULT_KEY, RUN_AT, BENCH_INSTANCE } = process.env;
if (!DATABASE_URL || !BENCH_SCHEMA || !VAULT_KEY || !RUN_AT)
  throw new Error('Set DATABASE_URL, BENCH_SCHEMA, VAULT_KEY and RUN_AT.');
const sql = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: null, schema: BENCH_SCHEMA });
const profile = statementProfile();
const deps = {
  repository: createRepository(profile.wrap(sql)),
  vault: createVault([Buffer.from(VAULT_KEY, 'hex')]),
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
  now: () => new Date(RUN_AT),
  instance: { id: `bench-${BENCH_INSTANCE ?? process.pid}` },
};
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
await runDue(deps);
process.stdout.write(`${JSON.stringify({ costs: profile.costs() })}\n`);
lines.close();
await sql.close();
