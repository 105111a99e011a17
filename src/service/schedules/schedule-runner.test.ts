import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * The runner on the real database, its clock moved by the test: a year of monthly payments across
 * daylight-saving changes and month ends, declines and their retries, reminders, an expiring card.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventResponse } from '../../shared/wire.js';
import { sandboxProcessor } from '../sandbox/processor.js';
import { payerNamed, startTestService, storedCardToken, type TestService } from '../testing/harness.js';
import { movableClock } from '../testing/movable-clock.js';
import { cents, type Cents } from '../payments/model.js';
import type { Payer } from '../payments/result.js';
import { addDays, dueInstant, localDate, type LocalDate, type Recurrence } from './calendar.js';
import { createSchedule, type ScheduleRequest, type Timing } from './create.js';
import { MAX_REMINDER_DAYS, type Schedule } from './payment-schedule.js';
import { runDue, runDuePayments, type RunnerDeps } from './schedule-runner.js';
import { statementProfile } from '../testing/sql-profile.js';
import { createRepository } from '../storage/repository.js';

let service: TestService;
let payer: Payer;
const clock = movableClock('2026-01-10T12:00:00Z');
const deps = (): RunnerDeps => ({
  repository: service.repository,
  vault: service.vault,
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
  now: clock.now,
  instance: { id: 'runner-test' },
});
beforeAll(async () => {
  service = await startTestService();
  payer = await payerNamed(service, 'Springfield');
});
afterAll(() => service.close());
beforeEach(async () => {
  await service.reset();
  clock.set('2026-01-10T12:00:00Z');
});

const day = (text: string) => localDate(text) as LocalDate;
const NEW_YORK = 'America/New_York';

/** A stored card token of Springfield's, good through December of `year`. */
const cardToken = (service: TestService, payer: Payer, cardNumber = '4242424242424242', year = 2030) =>
  storedCardToken(service, payer, { cardNumber, month: '12', year });

const monthly: Recurrence = { interval: 'Month', intervalCount: 1, lastDayOfMonth: false };
/** Monthly from today (no start date: the first payment is due at once), with no end. */
const monthlyFromToday = (amount: Cents): Timing => ({
  kind: 'Recurring',
  startDate: null,
  recurrence: monthly,
  amount,
  endDate: null,
  totalPayments: null,
});
const request = (tokenId: string, timing: Timing): ScheduleRequest => ({
  kind: 'Schedule',
  tokenId,
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  language: 'en',
  attributeValues: { account: 'W-1' },
  comments: null,
  initiatingPartyFee: cents(0),
  ipAddress: null,
  reminderDays: 3,
  timing,
});

async function scheduleOf(timing: Timing, tokenId?: string): Promise<Schedule> {
  const result = await createSchedule(request(tokenId ?? (await cardToken(service, payer)), timing), payer, deps());
  if (!result.ok) throw new Error(JSON.stringify(result.failure));
  return result.value;
}

const runsOf = (schedule: Schedule) => service.repository.schedules.runs(schedule.id);
/** The schedule's events in the outbox (schedules/schedule-events.ts), oldest first: type and payment date. */
const eventsOf = async (schedule: Schedule) =>
  (
    await service.sql.query<{ type: string; body: string }>(
      'SELECT type, body FROM events WHERE object_id = $1 ORDER BY seq',
      [schedule.publicId],
    )
  ).map((e) => `${e.type} ${(JSON.parse(e.body) as EventResponse).data.payment?.dueDate ?? ''}`.trim());
const reread = async (schedule: Schedule) =>
  (await service.repository.schedules.find('Schedule', schedule.publicId, payer.scope)) as Schedule;

describe('a year of monthly payments', () => {
  it('pays on the 31st or the month’s last day, at the first instant of the day in New York, once each', async () => {
    const schedule = await scheduleOf({
      kind: 'Recurring',
      startDate: day('2026-01-31'),
      recurrence: monthly,
      amount: cents(40_12),
      endDate: null,
      totalPayments: 13,
    });
    const expected = [
      '2026-01-31',
      '2026-02-28',
      '2026-03-31', // after the spring-forward change of 8 March
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30', // after the fall-back change of 1 November
      '2026-12-31',
      '2027-01-31',
    ];
    for (const date of expected) {
      const due = dueInstant(day(date), NEW_YORK);
      clock.set(new Date(due.getTime() - 1));
      await runDue(deps());
      expect((await runsOf(schedule)).map((r) => r.dueDate)).not.toContain(date);
      clock.set(due);
      await runDue(deps());
      await runDue(deps()); // a second pass finds nothing more to do
    }
    const runs = await runsOf(schedule);
    expect(runs.map((r) => r.dueDate)).toEqual(expected);
    expect(runs.every((r) => r.paymentResponseCode === 'Success' && r.amount === 40_12)).toBe(true);
    // Each made at midnight New York time: 05:00Z in winter, 04:00Z in summer.
    expect(runs.map((r) => r.ran.toISOString().slice(11, 16))).toEqual([
      ...['05:00', '05:00'],
      ...Array<string>(8).fill('04:00'),
      ...['05:00', '05:00', '05:00'],
    ]);
    const [charged] = await service.sql.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM transactions WHERE payment_response_code = 'Success'",
    );
    expect(charged?.count).toBe(13);
    const done = await reread(schedule);
    expect(done).toMatchObject({ status: 'Completed', executedPayments: 13, next: null });
  });

  it('makes every payment the runner missed while the service was down, once', async () => {
    const schedule = await scheduleOf({
      kind: 'Recurring',
      startDate: day('2026-01-15'),
      recurrence: { interval: 'Week', intervalCount: 2, lastDayOfMonth: false },
      amount: cents(10_00),
      endDate: day('2026-03-31'),
      totalPayments: null,
    });
    clock.set('2026-04-15T00:00:00Z');
    await Promise.all([runDue(deps()), runDue(deps())]);
    expect((await runsOf(schedule)).map((r) => r.dueDate)).toEqual([
      '2026-01-15',
      '2026-01-29',
      '2026-02-12',
      '2026-02-26',
      '2026-03-12',
      '2026-03-26',
    ]);
  });

  it('once stopping, claims no more schedules: the one in hand is paid, the others stay due', async () => {
    const schedules = [];
    for (let i = 0; i < 3; i++) schedules.push(await scheduleOf(monthlyFromToday(cents(5_00))));
    // The process is told to stop while the processor decides the first payment.
    const stopping = new AbortController();
    const processor = {
      ...sandboxProcessor,
      authorize: (...args: Parameters<typeof sandboxProcessor.authorize>) => {
        stopping.abort();
        return sandboxProcessor.authorize(...args);
      },
    };
    await runDue({ ...deps(), processor, stopping: stopping.signal });
    const runs = await Promise.all(schedules.map(runsOf));
    expect(runs.map((made) => made.length).sort()).toEqual([0, 0, 1]);
    // The next process (or start) takes the others.
    await runDue(deps());
    expect((await Promise.all(schedules.map(runsOf))).map((made) => made.length)).toEqual([1, 1, 1]);
  });

  it('pays at once when no start date is given', async () => {
    const schedule = await scheduleOf(monthlyFromToday(cents(5_00)));
    await runDue(deps());
    expect((await runsOf(schedule)).map((r) => r.dueDate)).toEqual(['2026-01-10']);
    expect((await reread(schedule)).next?.date).toBe('2026-02-10');
  });
});

describe('instalments', () => {
  it('pays each instalment of a total split to the cent', async () => {
    const dates = ['2026-02-01', '2026-05-01', '2026-08-01', '2026-11-01'].map(day);
    const schedule = await scheduleOf({
      kind: 'Instalments',
      total: cents(1_000_01),
      instalments: dates.map((date) => ({ date, amount: null })),
    });
    clock.set('2026-12-01T00:00:00Z');
    await runDue(deps());
    const runs = await runsOf(schedule);
    expect(runs.map((r) => r.amount)).toEqual([250_01, 250_00, 250_00, 250_00]);
    const [charged] = await service.sql.query<{ sum: number }>(
      'SELECT sum(amount_cents - payer_fee_cents)::int AS sum FROM transactions',
    );
    expect(charged?.sum).toBe(1_000_01);
  });

  it('refuses instalments that do not add up to the amount', async () => {
    const result = await createSchedule(
      request(await cardToken(service, payer), {
        kind: 'Instalments',
        total: cents(100_00),
        instalments: [
          { date: day('2026-02-01'), amount: cents(50_00) },
          { date: day('2026-03-01'), amount: cents(49_99) },
        ],
      }),
      payer,
      deps(),
    );
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'Invalid', errors: [{ field: 'amount', code: 'INSTALMENTS_SUM_MISMATCH' }] },
    });
  });
});

describe('declines', () => {
  it('retries 1, 3 and 7 days after the due date, then marks the schedule failing', async () => {
    const tokenId = await cardToken(service, payer, '4000000000009995');
    const schedule = await scheduleOf(
      {
        kind: 'Recurring',
        startDate: day('2026-02-01'),
        recurrence: monthly,
        amount: cents(30_00),
        endDate: null,
        totalPayments: null,
      },
      tokenId,
    );
    for (let d = 0; d <= 40; d++) {
      clock.set(dueInstant(addDays(day('2026-02-01'), d), NEW_YORK));
      await runDue(deps());
    }
    const runs = await runsOf(schedule);
    expect(runs.map((r) => [r.dueDate, r.attempt, r.ran.toISOString().slice(0, 10)])).toEqual([
      ['2026-02-01', 0, '2026-02-01'],
      ['2026-02-01', 1, '2026-02-02'],
      ['2026-02-01', 2, '2026-02-04'],
      ['2026-02-01', 3, '2026-02-08'],
    ]);
    expect(runs.every((r) => r.paymentResponseCode === 'InsufficientFunds' && r.transactionId !== null)).toBe(true);
    expect(await reread(schedule)).toMatchObject({ status: 'Failing', next: { date: '2026-03-01' } });
    expect(await eventsOf(schedule)).toEqual([
      'schedule.declined 2026-02-01',
      'schedule.declined 2026-02-01',
      'schedule.declined 2026-02-01',
      'schedule.declined 2026-02-01',
      'schedule.failing 2026-02-01',
    ]);
  });

  it('does not retry a token that was deleted', async () => {
    const tokenId = await cardToken(service, payer);
    const schedule = await scheduleOf(monthlyFromToday(cents(30_00)), tokenId);
    await service.repository.tokens.delete(tokenId, payer.scope);
    await runDue(deps());
    expect((await runsOf(schedule)).map((r) => r.paymentResponseCode)).toEqual(['InvalidToken']);
    expect((await reread(schedule)).status).toBe('Failing');
  });
});

describe('reminders and expiring cards', () => {
  it('reminds reminderDays before each payment, once, and flags a card that expires before the next', async () => {
    const tokenId = await cardToken(service, payer, '4242424242424242', 2026);
    const schedule = await scheduleOf(
      {
        kind: 'Recurring',
        startDate: day('2026-11-30'),
        recurrence: monthly,
        amount: cents(12_00),
        endDate: null,
        totalPayments: 2,
      },
      tokenId,
    );
    clock.set(new Date(dueInstant(day('2026-11-27'), NEW_YORK).getTime() - 1));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual([]);
    clock.set(dueInstant(day('2026-11-27'), NEW_YORK));
    await runDue(deps());
    await runDue(deps());
    clock.set(dueInstant(day('2026-11-30'), NEW_YORK));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual([
      'schedule.reminder 2026-11-30',
      'schedule.paid 2026-11-30',
      // The card is good through December 2026; the next payment is on 30 December: no flag.
    ]);
  });

  it('reminds as far ahead as a schedule may ask', async () => {
    const schedule = await scheduleOf({
      kind: 'Recurring',
      startDate: day('2026-06-30'),
      recurrence: monthly,
      amount: cents(12_00),
      endDate: null,
      totalPayments: 1,
    });
    await service.sql.query('UPDATE payment_schedules SET reminder_days = $1 WHERE id = $2', [
      MAX_REMINDER_DAYS,
      schedule.id,
    ]);
    clock.set(new Date(dueInstant(day('2026-05-31'), NEW_YORK).getTime() - 1));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual([]);
    clock.set(dueInstant(day('2026-05-31'), NEW_YORK));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual(['schedule.reminder 2026-06-30']);
  });

  it('reminds at the start of the local day reminderDays before, across a daylight-saving change', async () => {
    // 1 April 2027 in New York is in summer time; 29 March, three days before, too, but 1 March is
    // not: thirty local days are not thirty times 24 hours.
    const schedule = await scheduleOf({
      kind: 'Recurring',
      startDate: day('2027-04-01'),
      recurrence: monthly,
      amount: cents(12_00),
      endDate: null,
      totalPayments: 1,
    });
    await service.sql.query('UPDATE payment_schedules SET reminder_days = 30 WHERE id = $1', [schedule.id]);
    clock.set(new Date(dueInstant(day('2027-03-02'), NEW_YORK).getTime() - 1));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual([]);
    clock.set(dueInstant(day('2027-03-02'), NEW_YORK));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual(['schedule.reminder 2027-04-01']);
  });

  it('flags a card that expires before the next payment when the payment before it is made', async () => {
    const tokenId = await cardToken(service, payer, '4242424242424242', 2026);
    const schedule = await scheduleOf(
      {
        kind: 'Recurring',
        startDate: day('2026-12-15'),
        recurrence: monthly,
        amount: cents(12_00),
        endDate: null,
        totalPayments: null,
      },
      tokenId,
    );
    clock.set(dueInstant(day('2026-12-15'), NEW_YORK));
    await runDue(deps());
    expect(await eventsOf(schedule)).toEqual(['schedule.paid 2026-12-15', 'schedule.cardExpiring 2027-01-15']);
  });
});

describe('round trips', () => {
  it('makes a due payment in 7 round trips to the database, its events included', async () => {
    // Each round trip waits for the database: they are what bounds the runner's speed
    // (bench/README.md). A payment: its transaction's BEGIN and COMMIT, the claim with its token,
    // the idempotency key, the sale, the run with the schedule, the event; and a pass reads each
    // account once.
    const timing: Timing = {
      kind: 'Recurring',
      startDate: day('2026-02-01'),
      recurrence: monthly,
      amount: cents(25_00),
      endDate: null,
      totalPayments: null,
    };
    const schedules = [await scheduleOf(timing), await scheduleOf(timing)];
    clock.set(dueInstant(day('2026-02-01'), NEW_YORK));
    const profile = statementProfile();
    expect(await runDuePayments({ ...deps(), repository: createRepository(profile.wrap(service.sql)) }, 2)).toBe(2);
    for (const schedule of schedules)
      expect((await runsOf(schedule)).map((r) => r.paymentResponseCode)).toEqual(['Success']);
    expect(profile.roundTrips()).toBe(2 * 7 + 1);
  });

  it('asks one query a pass when nothing is due, however many schedules are due later', async () => {
    for (const startDate of ['2026-02-01', '2026-02-02', '2026-03-01'])
      await scheduleOf({
        kind: 'Recurring',
        startDate: day(startDate),
        recurrence: monthly,
        amount: cents(25_00),
        endDate: null,
        totalPayments: null,
      });
    clock.set('2026-01-10T12:00:00Z');
    const profile = statementProfile();
    await runDue({ ...deps(), repository: createRepository(profile.wrap(service.sql)) });
    expect(profile.roundTrips()).toBe(1);
  });
});
