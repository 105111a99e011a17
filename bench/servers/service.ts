/** The reference service on a fresh database (PGlite in memory, or a new schema on DATABASE_URL). */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../src/service/app.js';
import { seedIfEmpty } from '../../src/service/accounts/seed.js';
import { migrate } from '../../src/service/storage/migrations.js';
import { openDatabase } from '../../src/service/storage/open.js';
import { createRepository } from '../../src/service/storage/repository.js';
import { createVault } from '../../src/service/vault/vault.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
if (databaseUrl && schema) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
}
const sql = await openDatabase({ databaseUrl, dataDir: null, ...(schema && { schema }) });
await migrate(sql);
const repository = createRepository(sql);
const accounts = await seedIfEmpty(repository);
// The bench posts one sale again and again: with duplicate protection on, every one after the first
// would be a HardDuplicateTransaction decline, and the row would time declines, not payments.
const bench = await repository.accounts.findByApiKey(accounts!.springfield.apiKey);
if (bench) await repository.accounts.setDuplicateWindow(bench.id, 0);
const app = await buildApp({
  repository,
  vault: createVault([randomBytes(32)]),
  config: { tokenRateLimitPerIp: 1e6, tokenRateLimitPerKey: 1e6, publicUrl: undefined, logLevel: 'silent' },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const springfield = accounts!.springfield;
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    engine: sql.engine,
    publicKey: springfield.publicKey,
    basic: `Basic ${Buffer.from(`${springfield.apiKey}:${springfield.apiSecret}`).toString('base64')}`,
  }),
);
process.on('SIGTERM', () => void stop());

async function stop(): Promise<void> {
  await app.close();
  if (schema) await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await repository.close();
  process.exit(0);
}
