import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../payments/model.js';
import { addDays, dueDateAt, dueInstant, localDate, localDateAt, type LocalDate, type Recurrence } from './calendar.js';
import { nextPaymentFrom, paymentAt, paymentCount, splitEvenly, type Plan } from './plan.js';

const day = (text: string) => localDate(text) as LocalDate;
const every = (interval: Recurrence['interval'], intervalCount = 1, lastDayOfMonth = false): Recurrence => ({
  interval,
  intervalCount,
  lastDayOfMonth,
});
const dates = (first: string, recurrence: Recurrence, count: number) =>
  Array.from({ length: count }, (_, n) => dueDateAt(day(first), recurrence, n));

describe('localDate', () => {
  it.each([
    ['2026-02-28', '2026-02-28'],
    ['2028-02-29', '2028-02-29'],
    ['2027-02-29', null],
    ['2026-04-31', null],
    ['2026-13-01', null],
    ['1999-12-31', null],
    ['2026-1-05', null],
    ['2026-01-05T00:00:00Z', null],
    ['2026-01-05\u0000', null],
    [20260105, null],
  ])('%s is %s', (text, expected) => expect(localDate(text)).toBe(expected));
});

describe('dueDateAt', () => {
  it('monthly on the 31st: the last day of shorter months, the 31st again when there is one', () =>
    expect(dates('2026-01-31', every('Month'), 13)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]));
  it('monthly on the 29th meets a leap February', () =>
    expect(dates('2027-12-29', every('Month'), 4)).toEqual(['2027-12-29', '2028-01-29', '2028-02-29', '2028-03-29']));
  it('on the last day of the month', () =>
    expect(dates('2026-02-28', every('Month', 1, true), 4)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]));
  it('weekly and every two weeks, across a month and a year', () => {
    expect(dates('2026-12-24', every('Week'), 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(dates('2026-12-24', every('Week', 2), 3)).toEqual(['2026-12-24', '2027-01-07', '2027-01-21']);
  });
  it('quarterly and yearly', () => {
    expect(dates('2026-11-30', every('Month', 3), 4)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
    expect(dates('2028-02-29', every('Year'), 3)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
  });
  it('every n days', () =>
    expect(dates('2026-02-27', every('Day', 2), 3)).toEqual(['2026-02-27', '2026-03-01', '2026-03-03']));
});

describe('dueInstant', () => {
  it.each([
    // New York: EST, the spring-forward day, EDT, the fall-back day.
    ['2026-01-15', 'America/New_York', '2026-01-15T05:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    // Santiago springs forward at midnight: 6 September 2026 begins at 01:00 (the first instant of the day).
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['2026-06-30', 'Asia/Kolkata', '2026-06-29T18:30:00.000Z'],
    ['2026-06-30', 'UTC', '2026-06-30T00:00:00.000Z'],
  ])('%s in %s begins at %s', (date, zone, expected) =>
    expect(dueInstant(day(date), zone).toISOString()).toBe(expected),
  );

  it('is the first instant of its own day, in any zone, any day', () => {
    const zones = ['America/New_York', 'America/Santiago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Tehran'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), fc.constantFrom(...zones), (offset, zone) => {
        const date = addDays(day('2025-01-01'), offset);
        const at = dueInstant(date, zone);
        expect(localDateAt(at, zone)).toBe(date);
        expect(localDateAt(new Date(at.getTime() - 1), zone)).toBe(addDays(date, -1));
      }),
    );
  });
});

describe('plans', () => {
  const monthly: Plan = {
    kind: 'Recurring',
    first: day('2026-01-31'),
    recurrence: every('Month'),
    amount: cents(40_00),
    endDate: null,
    totalPayments: null,
  };
  it('ends at a count or on an end date', () => {
    expect(paymentCount({ ...monthly, totalPayments: 3 })).toBe(3);
    expect(paymentAt({ ...monthly, totalPayments: 3 }, 3)).toBeNull();
    expect(paymentCount({ ...monthly, endDate: day('2026-04-29') })).toBe(3);
    expect(paymentCount(monthly)).toBeNull();
    expect(paymentCount({ ...monthly, recurrence: every('Month', 0) })).toBe(1);
  });
  it('resumes at the first payment due at or after a restart', () => {
    const at = dueInstant(day('2026-03-31'), 'America/New_York');
    expect(nextPaymentFrom(monthly, 0, at, 'America/New_York')?.n).toBe(2);
    expect(nextPaymentFrom(monthly, 0, new Date(at.getTime() + 1), 'America/New_York')?.n).toBe(3);
    expect(nextPaymentFrom({ ...monthly, totalPayments: 2 }, 0, at, 'America/New_York')).toBeNull();
  });
  it('splits a total into instalments that sum to it to the cent', () => {
    expect(splitEvenly(cents(100_00), 3)).toEqual([33_34, 33_33, 33_33]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 365 }), (total, count) => {
        const parts = splitEvenly(cents(total), count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
