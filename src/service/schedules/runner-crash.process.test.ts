import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * Two runner processes on PostgreSQL, killed with SIGKILL at random moments during a day of 1,000
 * due payments: every payment is made exactly once (counted by schedule and due date), none is
 * skipped. PostgreSQL only: PGlite is one process's database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../payments/model.js';
import type { Payer } from '../payments/result.js';
import { newStoredToken } from '../payments/stored-token.js';
import { CARD, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { createVault } from '../vault/vault.js';
import { newId } from '../vault/random.js';
import { createSchedule } from './create.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const WORKER = 'src/service/testing/schedule-runner-worker.ts';
const RUN_AT = '2026-12-01T15:00:00.000Z';
const DUE = 1_000;

describe.skipIf(!process.env.DATABASE_URL)('the runner, killed at random', () => {
  let service: TestService;
  let payer: Payer;
  let schema = '';
  const key = randomBytes(32);
  beforeAll(async () => {
    service = await startTestService();
    payer = await payerNamed(service, 'Springfield');
    schema = (await service.sql.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]?.schema ?? '';
  });
  afterAll(() => service?.close());

  /** A runner process; resolves with its exit code, or the signal that ended it. */
  function worker(): { child: ChildProcess; ended: Promise<string> } {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_SCHEMA: schema, VAULT_KEY: key.toString('hex'), RUN_AT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? (code === 0 ? 'done' : `exit ${code}: ${output}`))),
    );
    return { child, ended };
  }

  it('makes each of 1,000 due payments exactly once', async () => {
    const now = () => new Date(RUN_AT);
    const token = newStoredToken(
      newId('tok'),
      {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        creditCardInformation: { ...CARD, cardNumber: '4242424242424242' },
      },
      payer.scope,
      { vault: createVault([key]), now, binTable: sandboxBinTable() },
    );
    await service.repository.tokens.insert(token);
    for (let made = 0; made < DUE; made += 50)
      await Promise.all(
        Array.from({ length: 50 }, () =>
          createSchedule(
            {
              kind: 'Schedule',
              tokenId: token.id,
              payer: 'Ada Lovelace',
              emailAddress: 'ada@example.com',
              language: 'en',
              attributeValues: {},
              comments: null,
              initiatingPartyFee: cents(0),
              ipAddress: null,
              reminderDays: 0,
              timing: {
                kind: 'Recurring',
                startDate: null,
                recurrence: { interval: 'Month', intervalCount: 1, lastDayOfMonth: false },
                amount: cents(10_00),
                endDate: null,
                totalPayments: null,
              },
            },
            payer,
            { repository: service.repository, now },
          ),
        ),
      );
    const remaining = async () =>
      (
        await service.sql.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM payment_schedules WHERE next_due_date = '2026-12-01'`,
        )
      )[0]?.count ?? -1;
    let kills = 0;
    const ends: string[] = [];
    // Two at a time; one of them killed after a random while, and another started in its place.
    for (let round = 0; round < 8 && (await remaining()) > 0; round++) {
      const pair = [worker(), worker()];
      const victim = pair[round % 2];
      const timer = setTimeout(
        () => {
          if (victim && victim.child.exitCode === null && victim.child.kill('SIGKILL')) kills++;
        },
        300 + Math.floor(Math.random() * 2_000),
      );
      ends.push(...(await Promise.all(pair.map((p) => p.ended))));
      clearTimeout(timer);
    }
    const last = worker();
    ends.push(await last.ended);
    expect(ends.filter((end) => end !== 'done' && end !== 'SIGKILL')).toEqual([]);
    expect(kills).toBeGreaterThan(0);
    expect(await remaining()).toBe(0);
    const [runs] = await service.sql.query<{ runs: number; distinct: number; most: number }>(
      `SELECT count(*)::int AS runs, count(DISTINCT (schedule_id, due_date))::int AS distinct,
         COALESCE(max(n), 0)::int AS most
       FROM schedule_runs, LATERAL (SELECT count(*) AS n FROM schedule_runs r
         WHERE r.schedule_id = schedule_runs.schedule_id AND r.due_date = schedule_runs.due_date) c`,
    );
    expect(runs).toEqual({ runs: DUE, distinct: DUE, most: 1 });
    const [charged] = await service.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM transactions WHERE payment_response_code = 'Success'`,
    );
    expect(charged?.count).toBe(DUE);
    // Each payment told once (schedules/schedule-events.ts): one schedule.paid event, one receipt queued.
    const [told] = await service.sql.query<{ events: number; distinct: number; receipts: number }>(
      `SELECT count(*)::int AS events, count(DISTINCT (object_id, body::json->'data'->'payment'->>'dueDate'))::int AS distinct,
         (SELECT count(*)::int FROM deliveries d JOIN events e ON e.seq = d.event_seq
           WHERE e.type = 'schedule.paid' AND d.channel = 'email') AS receipts
       FROM events WHERE type = 'schedule.paid'`,
    );
    expect(told).toEqual({ events: DUE, distinct: DUE, receipts: DUE });
  }, 120_000);
});
