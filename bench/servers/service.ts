/** The reference service on a fresh database (PGlite in memory, or a new schema on DATABASE_URL). */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../src/service/app.js';
import { seedIfEmpty } from '../../src/service/accounts/seed.js';
import { migrate } from '../../src/service/storage/migrations.js';
import { openDatabase } from '../../src/service/storage/open.js';
import { createRepository } from '../../src/service/storage/repository.js';
import type { Sql } from '../../src/service/storage/sql.js';
import { createVault } from '../../src/service/vault/vault.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
if (databaseUrl && schema) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
}
const opened = await openDatabase({ databaseUrl, dataDir: null, ...(schema && { schema }) });
await migrate(opened);
// BENCH_OUTBOX=off: the service as it was before the outbox, for the outbox's cost in the same run
// (bench/outbox.ts): no event row, and a change's statements on their own, outside a transaction. A
// new transaction's INSERT carries its event (its 26th parameter, the event's id): given none, it
// writes the transaction alone. New tokens' INSERT carries their events from its 18th parameter on
// (one array per column): given empty arrays, it writes the tokens alone.
const EVENT_OF_INSERT = 25;
const EVENTS_OF_TOKENS = 17;
const withoutOutbox = (sql: Sql): Sql => ({
  engine: sql.engine,
  query: (text, params) =>
    text.includes('INSERT INTO transactions (')
      ? sql.query(
          text,
          params?.map((value, index) => (index === EVENT_OF_INSERT ? null : value)),
        )
      : text.includes('INSERT INTO tokens (')
        ? sql.query(
            text,
            params?.map((value, index) => (index >= EVENTS_OF_TOKENS ? [] : value)),
          )
        : text.includes('INSERT INTO events')
          ? Promise.resolve([])
          : sql.query(text, params),
  transaction: (work) => work(withoutOutbox(sql)),
  close: () => sql.close(),
});
const sql = process.env.BENCH_OUTBOX === 'off' ? withoutOutbox(opened) : opened;
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
  if (schema) await dropSchema(schema);
  await repository.close();
  process.exit(0);
}

/**
 * Its schema gone. Servers of one bench stop together, and two schemas dropped at once can deadlock in
 * PostgreSQL's catalog (SQLSTATE 40P01, one of the two chosen to fail): that one tries again.
 */
async function dropSchema(name: string, attempt = 1): Promise<void> {
  try {
    await sql.query(`DROP SCHEMA ${name} CASCADE`);
  } catch (error) {
    if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    await dropSchema(name, attempt + 1);
  }
}
