import { sandboxBinTable } from '../src/service/cards/bin-table-file.js';
/**
 * The schedules' runner on PostgreSQL (docs/autopay.md#the-runner): 10 000 payments due at once,
 * made by two processes' runners as the service runs them (`runDue`, each on a connection pool of
 * its own, both claiming with SKIP LOCKED), where their round trips and time went, and what the
 * runner's polling costs when nothing is due. Needs DATABASE_URL; without it, one row says so.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedIfEmpty } from '../src/service/accounts/seed.js';
import { newStoredToken } from '../src/service/payments/stored-token.js';
import { sandboxProcessor } from '../src/service/sandbox/processor.js';
import { RUNNER_INTERVAL_MS, RUNNER_LOOPS, runDue, type RunnerDeps } from '../src/service/schedules/schedule-runner.js';
import { migrate } from '../src/service/storage/migrations.js';
import { openDatabase } from '../src/service/storage/open.js';
import { createRepository } from '../src/service/storage/repository.js';
import { createVault } from '../src/service/vault/vault.js';
import { newId } from '../src/service/vault/random.js';
import { quantile, type Row } from './report.js';
import { statementProfile } from '../src/service/testing/sql-profile.js';

const DUE = Number(process.env.BENCH_SCHEDULE_RUNS ?? 10_000);
const BUDGET_S = 60;
/** The service processes the bench runs the runner in, each with its own pool. */
const PROCESSES = 2;
/** Passes with nothing due that the idle rows measure. */
const IDLE_PASSES = 200;
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
    // What autovacuum knows of a table that grew over months: its statistics (the plans depend on them).
    await sql.query('ANALYZE payment_schedules');
    const profile = statementProfile();
    const pools = await Promise.all(
      Array.from({ length: PROCESSES }, () => openDatabase({ databaseUrl, dataDir: null, schema })),
    );
    const deps = pools.map((pool, id): RunnerDeps => ({
      repository: createRepository(profile.wrap(pool)),
      vault,
      binTable: sandboxBinTable(),
      processor: sandboxProcessor,
      now: () => NOW,
      instance: { id: `bench-${id}` },
    }));
    const started = performance.now();
    await Promise.all(deps.map((one) => runDue(one)));
    const seconds = (performance.now() - started) / 1000;
    const [made] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM schedule_runs`);
    if (made?.count !== DUE) throw new Error(`${made?.count} runs made of ${DUE}.`);
    const perRun = profile.roundTrips() / DUE;
    console.log(`Where the runs' round trips and time went (${DUE} runs, ${PROCESSES} × ${RUNNER_LOOPS} loops):`);
    for (const cost of profile.costs())
      console.log(
        `  ${(cost.count / DUE).toFixed(2).padStart(6)} per run  ${(cost.ms / DUE).toFixed(2).padStart(7)} ms waited per run  ${cost.label}`,
      );
    // Nothing due now: each of the 10 000 is due next month.
    profile.reset();
    const idle: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < IDLE_PASSES; i++) {
      const at = performance.now();
      await runDue(deps[0] as RunnerDeps);
      idle.push(performance.now() - at);
    }
    const { user, system } = process.cpuUsage(cpu);
    const passesAMinute = 60_000 / RUNNER_INTERVAL_MS;
    const idleQueries = (profile.roundTrips() / IDLE_PASSES) * passesAMinute;
    const idleCpuMs = ((user + system) / 1000 / IDLE_PASSES) * passesAMinute;
    await Promise.all(pools.map((pool) => pool.close()));
    return [
      {
        name: `scheduled payments: ${DUE.toLocaleString('en-US')} due at once`,
        value: Math.round(seconds * 10) / 10,
        unit: 's',
        ...(DUE === 10_000 && { budget: { atMost: BUDGET_S } }),
        note: `${PROCESSES} processes × ${RUNNER_LOOPS} runner loops on PostgreSQL, ${Math.round(DUE / seconds)} payments/s, ${perRun.toFixed(1)} round trips a payment`,
      },
      {
        name: 'scheduled payments: a pass with nothing due (median)',
        value: Math.round(quantile(idle, 0.5) * 100) / 100,
        unit: 'ms',
        note: `${DUE.toLocaleString('en-US')} schedules due later; p99 ${Math.round(quantile(idle, 0.99) * 100) / 100} ms`,
      },
      {
        name: 'scheduled payments: queries a minute with nothing due, per process',
        value: Math.round(idleQueries * 10) / 10,
        unit: 'queries',
        note: `a pass every ${RUNNER_INTERVAL_MS / 1000} s`,
      },
      {
        name: 'scheduled payments: CPU a minute with nothing due, per process',
        value: Math.round(idleCpuMs * 100) / 100,
        unit: 'ms',
        note: `the service's own, over ${IDLE_PASSES} passes`,
      },
    ];
  } finally {
    await sql.close();
    await adminQuery(databaseUrl, `DROP SCHEMA ${schema} CASCADE`);
  }
}
