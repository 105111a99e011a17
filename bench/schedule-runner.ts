import { sandboxBinTable } from '../src/service/cards/bin-table-file.js';
/**
 * The schedules' runner on PostgreSQL (docs/autopay.md#the-runner): 10 000 payments due at once,
 * made by two service processes' runners as the service runs them (`runDue` in
 * servers/schedule-runner-process.ts, both claiming with SKIP LOCKED), where their round trips and
 * time went, and what the runner's polling costs when nothing is due. Needs DATABASE_URL; without
 * it, one row says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
import { statementProfile, type StatementCost } from '../src/service/testing/sql-profile.js';

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

/** A runner process (servers/schedule-runner-process.ts): `ready` once it is, `run()` its one `runDue`. */
function runnerProcess(databaseUrl: string, schema: string, vaultKey: Buffer, id: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./servers/schedule-runner-process.ts', import.meta.url).pathname],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BENCH_SCHEMA: schema,
        VAULT_KEY: vaultKey.toString('hex'),
        RUN_AT: NOW.toISOString(),
        BENCH_INSTANCE: id,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const said: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
      const message: unknown = JSON.parse(output.slice(0, end));
      output = output.slice(end + 1);
      const next = waiting.shift();
      if (next) next(message);
      else said.push(message);
    }
  });
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`A runner process exited with ${code}.`))),
  );
  const next = () =>
    Promise.race([
      said.length ? Promise.resolve(said.shift()) : new Promise<unknown>((resolve) => waiting.push(resolve)),
      ended,
    ]);
  return {
    ready: next(),
    async run(): Promise<StatementCost[]> {
      child.stdin?.write('go\n');
      const { costs } = (await next()) as { costs: StatementCost[] };
      return costs;
    },
  };
}

/** The costs of several processes, label by label, most round trips first. */
function merged(costs: StatementCost[]): StatementCost[] {
  const byLabel = new Map<string, StatementCost>();
  for (const cost of costs) {
    const sum = byLabel.get(cost.label) ?? { label: cost.label, count: 0, ms: 0 };
    byLabel.set(cost.label, { label: cost.label, count: sum.count + cost.count, ms: sum.ms + cost.ms });
  }
  return [...byLabel.values()].sort((a, b) => b.count - a.count || b.ms - a.ms);
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
    const vaultKey = randomBytes(32);
    const vault = createVault([vaultKey]);
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
    const processes = Array.from({ length: PROCESSES }, (_, id) =>
      runnerProcess(databaseUrl, schema, vaultKey, String(id)),
    );
    await Promise.all(processes.map((one) => one.ready));
    const started = performance.now();
    const costs = (await Promise.all(processes.map((one) => one.run()))).flat();
    const seconds = (performance.now() - started) / 1000;
    const [made] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM schedule_runs`);
    if (made?.count !== DUE) throw new Error(`${made?.count} runs made of ${DUE}.`);
    const profile = statementProfile();
    const deps: RunnerDeps = {
      repository: createRepository(profile.wrap(sql)),
      vault,
      binTable: sandboxBinTable(),
      processor: sandboxProcessor,
      now: () => NOW,
      instance: { id: 'bench-idle' },
    };
    const perRun = costs.reduce((sum, cost) => sum + cost.count, 0) / DUE;
    console.log(`Where the runs' round trips and time went (${DUE} runs, ${PROCESSES} × ${RUNNER_LOOPS} loops):`);
    for (const cost of merged(costs))
      console.log(
        `  ${(cost.count / DUE).toFixed(2).padStart(6)} per run  ${(cost.ms / DUE).toFixed(2).padStart(7)} ms waited per run  ${cost.label}`,
      );
    // Nothing due now: each of the 10 000 is due next month. Right after the run, the index still
    // holds the rows' old versions, until autovacuum's next pass (within a minute); then as it does.
    const afterRun: number[] = [];
    for (let i = 0; i < IDLE_PASSES / 4; i++) {
      const at = performance.now();
      await runDue(deps);
      afterRun.push(performance.now() - at);
    }
    await sql.query('VACUUM ANALYZE payment_schedules');
    profile.reset();
    const idle: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < IDLE_PASSES; i++) {
      const at = performance.now();
      await runDue(deps);
      idle.push(performance.now() - at);
    }
    const { user, system } = process.cpuUsage(cpu);
    const passesAMinute = 60_000 / RUNNER_INTERVAL_MS;
    const idleQueries = (profile.roundTrips() / IDLE_PASSES) * passesAMinute;
    const idleCpuMs = ((user + system) / 1000 / IDLE_PASSES) * passesAMinute;
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
        name: 'scheduled payments: a pass with nothing due, before autovacuum (median)',
        value: Math.round(quantile(afterRun, 0.5) * 100) / 100,
        unit: 'ms',
        note: `right after the run, its rows' old versions not yet vacuumed; p99 ${Math.round(quantile(afterRun, 0.99) * 100) / 100} ms`,
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
