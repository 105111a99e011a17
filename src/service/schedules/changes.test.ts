/**
 * Pause, restart and cancel on the real database, the clock moved by the test; the property: for any
 * schedule and any sequence of changes, the payments made are exactly the due dates that fell while
 * it was active, however late the runner came.
 */
import fc from 'fast-check';
import { sandboxBinTable } from '../cards/bin-table-file.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import { payerNamed, startTestService, storedCardToken, type TestService } from '../testing/harness.js';
import { movableClock } from '../testing/movable-clock.js';
import { cents } from '../payments/model.js';
import type { Payer } from '../payments/result.js';
import { dueInstant, localDate, type LocalDate, type Recurrence } from './calendar.js';
import { cancelSchedule, pauseSchedule, restartSchedule } from './changes.js';
import { createSchedule } from './create.js';
import { paymentAt, type Plan } from './plan.js';
import { runDue, type RunnerDeps } from './schedule-runner.js';

let service: TestService;
let payer: Payer;
const clock = movableClock('2026-01-01T12:00:00Z');
const deps = (): RunnerDeps => ({
  repository: service.repository,
  vault: service.vault,
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
  now: clock.now,
  instance: { id: 'changes-test' },
});
beforeAll(async () => {
  service = await startTestService();
  payer = await payerNamed(service, 'Springfield');
});
afterAll(() => service.close());

const NEW_YORK = 'America/New_York';
const DAY = 86_400_000;
type Action = 'pause' | 'restart' | 'cancel' | 'run';
const CHANGES = { pause: pauseSchedule, restart: restartSchedule, cancel: cancelSchedule };

async function newSchedule(first: LocalDate, recurrence: Recurrence, totalPayments: number | null) {
  const tokenId = await storedCardToken(service, payer, { cardNumber: '4242424242424242' }, clock.now);
  const result = await createSchedule(
    {
      kind: 'Schedule',
      tokenId,
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      language: 'en',
      attributeValues: {},
      comments: null,
      initiatingPartyFee: cents(0),
      ipAddress: null,
      reminderDays: 0,
      timing: { kind: 'Recurring', startDate: first, recurrence, amount: cents(10_00), endDate: null, totalPayments },
    },
    payer,
    deps(),
  );
  if (!result.ok) throw new Error(JSON.stringify(result.failure));
  return result.value;
}

describe('pause, restart and cancel', () => {
  it('pays exactly the due dates that fell while the schedule was active', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 27 }),
        fc.constantFrom<Recurrence>(
          { interval: 'Week', intervalCount: 1, lastDayOfMonth: false },
          { interval: 'Week', intervalCount: 2, lastDayOfMonth: false },
          { interval: 'Month', intervalCount: 1, lastDayOfMonth: false },
          { interval: 'Month', intervalCount: 1, lastDayOfMonth: true },
        ),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        fc.array(
          fc.record({
            afterDays: fc.integer({ min: 0, max: 45 }),
            afterHours: fc.integer({ min: 0, max: 23 }),
            action: fc.constantFrom<Action>('pause', 'restart', 'cancel', 'run'),
          }),
          { maxLength: 8 },
        ),
        async (startOffset, recurrence, totalPayments, steps) => {
          await service.reset();
          clock.set('2026-01-01T12:00:00Z');
          const first = localDate(`2026-01-${String(startOffset + 1).padStart(2, '0')}`) as LocalDate;
          const schedule = await newSchedule(first, recurrence, totalPayments);
          // The model: the intervals while it was active, from the changes the service accepted.
          const active: [number, number][] = [];
          // Active from its making; a first date of today is due at once (docs/autopay.md#making-a-schedule).
          let since: number | null = Math.min(clock.now().getTime(), dueInstant(first, NEW_YORK).getTime());
          for (const step of steps) {
            clock.advance(step.afterDays * DAY + step.afterHours * 3_600_000);
            const at = clock.now().getTime();
            if (step.action === 'run') {
              await runDue(deps());
              continue;
            }
            const result = await CHANGES[step.action]('Schedule', schedule.publicId, payer, deps());
            if (!result.ok) continue;
            if (step.action === 'restart' && since === null) since = at;
            if (step.action !== 'restart' && since !== null) {
              active.push([since, at]);
              since = null;
            }
          }
          const end = clock.now().getTime() + 60 * DAY;
          clock.set(new Date(end));
          await runDue(deps());
          if (since !== null) active.push([since, end]);
          const plan: Plan = {
            kind: 'Recurring',
            first,
            recurrence,
            amount: cents(10_00),
            endDate: null,
            totalPayments,
          };
          const expected: string[] = [];
          for (let n = 0; ; n++) {
            const payment = paymentAt(plan, n);
            const due = payment && dueInstant(payment.date, NEW_YORK).getTime();
            if (!payment || due === null || due > end) break;
            if (active.some(([from, to]) => due >= from && due <= to)) expected.push(payment.date);
          }
          const runs = await service.repository.schedules.runs(schedule.id);
          expect(runs.map((r) => r.dueDate)).toEqual(expected);
          const [charged] = await service.sql.query<{ count: number }>(
            "SELECT count(*)::int AS count FROM transactions WHERE payment_response_code = 'Success'",
          );
          expect(charged?.count).toBe(expected.length);
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);

  it('refuses to pause a cancelled schedule, and restarts it', async () => {
    await service.reset();
    clock.set('2026-01-01T12:00:00Z');
    const schedule = await newSchedule(
      localDate('2026-01-05') as LocalDate,
      { interval: 'Month', intervalCount: 1, lastDayOfMonth: false },
      null,
    );
    expect(await cancelSchedule('Schedule', schedule.publicId, payer, deps())).toMatchObject({
      ok: true,
      value: { status: 'Cancelled' },
    });
    expect(await pauseSchedule('Schedule', schedule.publicId, payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Conflict', code: 'SCHEDULE_CANCELLED' },
    });
    clock.set('2026-02-10T12:00:00Z');
    expect(await restartSchedule('Schedule', schedule.publicId, payer, deps())).toMatchObject({
      ok: true,
      value: { status: 'Active', next: { date: '2026-03-05' } },
    });
    const other = await payerNamed(service, 'Shelby');
    expect(await cancelSchedule('Schedule', schedule.publicId, other, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'NotFound', what: 'paymentSchedule' },
    });
  });
});
