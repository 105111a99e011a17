/**
 * `GET /api/v1/transactions` over 100 000 transactions of one account on PostgreSQL: the
 * median and p99 of one page for representative searches, through HTTP to the service in this
 * process. Other tenants' rows sit beside them, so the scope has to be found, not assumed. Needs
 * DATABASE_URL; without it, one row says so. Why the index is what it is: docs/decisions/0118-transaction-search.md.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { seedIfEmpty, type SandboxCredentials } from '../src/service/accounts/seed.js';
import { buildApp } from '../src/service/app.js';
import { migrate } from '../src/service/storage/migrations.js';
import { openDatabase } from '../src/service/storage/open.js';
import { createRepository } from '../src/service/storage/repository.js';
import type { Sql } from '../src/service/storage/sql.js';
import { createVault } from '../src/service/vault/vault.js';
import { quantile, type Row } from './report.js';

const TRANSACTIONS = 100_000;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const BUDGET_MS = 20;

/** The searches measured, as query strings (the default is the first page of the last 30 days). */
export const SEARCHES: [name: string, query: string][] = [
  ['default (page 1 of 25)', ''],
  ['payerName contains (1 in 8 match)', 'payerName=lovelace'],
  ['payerName contains (none match)', 'payerName=nobody'],
  ['amount range 100.00–200.00', 'minAmount=100&maxAmount=200'],
  ['accountNumber (last four)', 'accountNumber=4242'],
  ['deep page (1 900 of 50)', 'page=1900&pageSize=50'],
];

/**
 * `count` transactions (one in 20 declined) and their Sale events, spread over the last 29 days, in
 * one statement each: names from 64 first/last pairs, amounts 1.00 to 500.99, 10 000 last fours.
 */
export async function seed(sql: Sql, accountId: number, viaAccountId: number | null, count: number): Promise<void> {
  await sql.query(
    `INSERT INTO transactions (public_id, account_id, via_account_id, payer, transaction_type, masked_account_number,
       amount_cents, payer_fee_cents, fee_cents, net_amount_cents, initiating_party_fee_cents, payer_fee_mode,
       payment_response_code, created_at)
     SELECT 'txn_bench_' || $1::integer || '_' || COALESCE($2::integer, 0) || '_' || g, $1, $2,
       (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Margaret','Ken'])[1 + g % 8] || ' ' ||
         (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Hamilton','Thompson'])[1 + (g / 8) % 8],
       'Visa', '************' || lpad(((g * 7919) % 10000)::text, 4, '0'),
       a.cents, 0, a.cents * 3 / 100, a.cents - a.cents * 3 / 100, 0, 'Custom',
       CASE WHEN g % 20 = 0 THEN 'GenericDecline' ELSE 'Success' END,
       now() - g * (interval '29 days' / $3::integer)
     FROM generate_series(1, $3::integer) g, LATERAL (SELECT 100 + (g * 7793) % 50000 AS cents) a`,
    [accountId, viaAccountId, count],
  );
  await sql.query(
    `INSERT INTO transaction_events (transaction_id, event_type, event_date)
     SELECT id, 'Sale', created_at FROM transactions WHERE account_id = $1 AND via_account_id IS NOT DISTINCT FROM $2`,
    [accountId, viaAccountId],
  );
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function transactionSearch(databaseUrl = process.env.DATABASE_URL): Promise<Row[]> {
  if (!databaseUrl)
    return [{ name: 'GET /transactions search', value: 0, unit: '-', note: 'skipped: set DATABASE_URL (PostgreSQL)' }];
  const schema = `bench_search_${randomBytes(4).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
  const sql = await openDatabase({ databaseUrl, dataDir: null, schema });
  try {
    await migrate(sql);
    const repository = createRepository(sql);
    const accounts = (await seedIfEmpty(repository)) as SandboxCredentials;
    const ids = Object.fromEntries(
      (await sql.query<{ id: number; name: string }>('SELECT id, name FROM accounts')).map((a) => [a.name, a.id]),
    );
    const [springfield, shelby, system] = [ids.Springfield, ids.Shelby, ids['Sandbox System']] as number[];
    await seed(sql, springfield as number, null, TRANSACTIONS);
    await seed(sql, shelby as number, null, TRANSACTIONS / 5);
    await seed(sql, springfield as number, system as number, TRANSACTIONS / 5);
    await sql.query('VACUUM ANALYZE transactions');
    await sql.query('VACUUM ANALYZE transaction_events');

    const app = await buildApp({
      repository,
      vault: createVault([randomBytes(32)]),
      config: { tokenRateLimitPerIp: 1e6, tokenRateLimitPerKey: 1e6, publicUrl: undefined, logLevel: 'silent' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/transactions`;
    const { apiKey, apiSecret } = accounts.springfield;
    const authorization = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    const rows: Row[] = [];
    try {
      for (const [name, query] of SEARCHES) {
        const times: number[] = [];
        let total = 0;
        for (let run = -10; run < RUNS; run++) {
          const started = performance.now();
          const response = await fetch(`${url}?${query}`, { headers: { authorization } });
          const body = (await response.json()) as { totalRecords: number };
          if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
          if (run >= 0) times.push(performance.now() - started);
          total = body.totalRecords;
        }
        rows.push(
          {
            name: `search: ${name}, median`,
            value: quantile(times, 0.5),
            unit: 'ms',
            budget: { atMost: BUDGET_MS },
            note: `${total} matches of ${TRANSACTIONS}, ${RUNS} runs`,
          },
          { name: `search: ${name}, p99`, value: quantile(times, 0.99), unit: 'ms' },
        );
      }
    } finally {
      await app.close();
    }
    return rows;
  } finally {
    await sql.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await sql.close();
  }
}
