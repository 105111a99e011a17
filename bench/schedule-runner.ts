import { sandboxBinTable } from '../src/service/cards/bin-table-file.js';
/**
 * The schedules' runner on PostgreSQL (docs/autopay.md#the-runner): 10 000 payments due at once,
 * made by four runner loops as two processes would (each claims with SKIP LOCKED), and the cost of a
 * pass when nothing is due. Needs DATABASE_URL; without it, one row says so.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedIfEmpty } from '../src/service/accounts/seed.js';
import { newStoredToken } from '../src/service/payments/stored-token.js';
import { sandboxProcessor } from '../src/service/sandbox/processor.js';
import { runDuePayments, type RunnerDeps } from '../src/service/schedules/schedule-runner.js';
import { migrate } from '../src/service/storage/migrations.js';
import { openDatabase } from '../src/service/storage/open.js';
import { createRepository } from '../src/service/storage/repository.js';
import { createVault } from '../src/service/vault/vault.js';
import { newId } from '../src/service/vault/random.js';
import { quantile, type Row } from './report.js';
import { profiled } from '../src/service/testing/sql-profile.js';

const DUE = Number(process.env.BENCH_SCHEDULE_RUNS ?? 10_000);
const BUDGET_S = 60;
const LOOPS = 8;
const NOW = new Date('2026-12-01T15:00:00Z');

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function scheduleRunner(databaseUrl: string | undefined): Promise<Row[]> {
  if (!databaseUrl) return [{ name: 'scheduled payments', value: 0, unit: '-', note: 'skipped: set DATABASE_URL' }];
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
  const sql = await openDatabase({ databaseUrl, dataDir: null, schema });
  try {
    await migrate(sql);
    const repository = createRepository(sql);
    await seedIfEmpty(repository);
    const account = await repository.accounts.findByName('Springfield');
    if (!account) throw new Error('The seed makes Springfield.');
    const scope = { accountId: account.id, viaAccountId: null };
    const vault = createVault([randomBytes(32)]);
    const card = { accountHolder: 'Ada', cardNumber: '4242424242424242', cvc: '123', month: '12', year: 2030 };
    const token = newStoredToken(
      newId('tok'),
      { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: card },
      scope,
      {
        vault,
        binTable: sandboxBinTable(),
        now: () => NOW,
      },
    );
    await repository.tokens.insert(token);
    const plan = {
      kind: 'Recurring',
      first: '2026-12-01',
      recurrence: { interval: 'Month', intervalCount: 1, lastDayOfMonth: false },
      amount: 1000,
      endDate: null,
      totalPayments: null,
    };
    await sql.query(
      `INSERT INTO payment_schedules (public_id, kind, account_id, token_id, payer, email_address, language, time_zone, plan,
         status, next_n, next_due_date, next_amount_cents, next_run_at, reminder_days, created_at)
       SELECT 'psch_bench_' || g, 'Schedule', $1, $2, 'Ada Lovelace', 'ada@example.com', 'en', 'America/New_York', $3::jsonb,
         'Active', 0, '2026-12-01', 1000, $4, 0, $4
       FROM generate_series(1, $5::integer) g`,
      [account.id, token.id, JSON.stringify(plan), new Date('2026-12-01T05:00:00Z'), DUE],
    );
    const profile = profiled(sql);
    const counted = createRepository(profile.sql);
    const deps = (id: number): RunnerDeps => ({
      repository: counted,
      vault,
      binTable: sandboxBinTable(),
      processor: sandboxProcessor,
      now: () => NOW,
      instance: { id: `bench-${id}` },
    });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: LOOPS }, async (_, id) => {
        while ((await runDuePayments(deps(id))) > 0);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [made] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM schedule_runs`);
    if (made?.count !== DUE) throw new Error(`${made?.count} runs made of ${DUE}.`);
    console.log(`Where the runs' round trips and time went (${DUE} runs, ${LOOPS} loops):`);
    for (const cost of profile.costs())
      console.log(
        `  ${(cost.count / DUE).toFixed(2).padStart(6)} per run  ${(cost.ms / DUE).toFixed(2).padStart(7)} ms per run  ${cost.label}`,
      );
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) {
      const at = performance.now();
      await runDuePayments(deps(0));
      idle.push(performance.now() - at);
    }
    return [
      {
        name: `scheduled payments: ${DUE.toLocaleString('en-US')} due at once`,
        value: Math.round(seconds * 10) / 10,
        unit: 's',
        ...(DUE === 10_000 && { budget: { atMost: BUDGET_S } }),
        note: `${LOOPS} runner loops on PostgreSQL, ${Math.round(DUE / seconds)} payments/s`,
      },
      {
        name: 'scheduled payments: a pass with nothing due (median)',
        value: Math.round(quantile(idle, 0.5) * 100) / 100,
        unit: 'ms',
        note: `one indexed query, every 5 s per process; p99 ${Math.round(quantile(idle, 0.99) * 100) / 100} ms`,
      },
    ];
  } finally {
    await sql.close();
    await adminQuery(databaseUrl, `DROP SCHEMA ${schema} CASCADE`);
  }
}
