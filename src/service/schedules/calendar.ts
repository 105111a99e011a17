/**
 * The calendar of a payment schedule: due dates are local days (`2026-01-31`) in the account's time
 * zone, and a run comes due at the first instant of its day there (docs/autopay.md#due-dates).
 */
import { localDay, localInstant } from '../clock/time-zone.js';

/** A calendar day, `YYYY-MM-DD`, in the schedule's time zone. */
export type LocalDate = string & { readonly __brand: 'LocalDate' };

/** The wire's `interval` (the API's PaymentInterval). */
export type Interval = 'Day' | 'Week' | 'Month' | 'Year';

/**
 * How often a schedule pays: every `intervalCount` days, weeks, months or years from its first due
 * date; `intervalCount` 0 pays once. Weekly is Week 1, every two weeks Week 2, quarterly Month 3,
 * yearly Year 1. Monthly and yearly keep the first date's day of the month, on the month's last day
 * when it is shorter (the 31st falls on 30 April, 28 or 29 February), or always on the last day
 * with `lastDayOfMonth`.
 */
export interface Recurrence {
  interval: Interval;
  intervalCount: number;
  lastDayOfMonth: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fromParts = (year: number, month: number, day: number): LocalDate => {
  const date = new Date(Date.UTC(year, month, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` as LocalDate;
};
/** `[year, month from 0, day]` of a local date. */
const partsOf = (date: LocalDate): [number, number, number] => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month - 1, day];
};
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * A `YYYY-MM-DD` that is a real day from 2000 to 2199, else null.
 * @example localDate('2027-02-29') // null: 2027 is not a leap year
 */
export function localDate(text: unknown): LocalDate | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2199 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1))
    return null;
  return fromParts(year, month - 1, day);
}

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = partsOf(date);
  return fromParts(year, month, day + days);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return (Date.UTC(...partsOf(to)) - Date.UTC(...partsOf(from))) / 86_400_000;
}

/**
 * The `n`th due date (the first is n = 0) of a recurrence from its first due date. Always counted
 * from the first date, never from the one before, so a schedule on the 31st is on the 31st again in
 * every month that has one.
 * @example dueDateAt('2026-01-31', { interval: 'Month', intervalCount: 1, lastDayOfMonth: false }, 1) // '2026-02-28'
 */
export function dueDateAt(first: LocalDate, recurrence: Recurrence, n: number): LocalDate {
  const [year, month, day] = partsOf(first);
  const { interval, intervalCount } = recurrence;
  if (interval === 'Day') return fromParts(year, month, day + n * intervalCount);
  if (interval === 'Week') return fromParts(year, month, day + 7 * n * intervalCount);
  const months = month + n * intervalCount * (interval === 'Year' ? 12 : 1);
  const [targetYear, targetMonth] = [year + Math.floor(months / 12), ((months % 12) + 12) % 12];
  const last = daysInMonth(targetYear, targetMonth);
  return fromParts(targetYear, targetMonth, recurrence.lastDayOfMonth ? last : Math.min(day, last));
}

/** The instant a run of `date` comes due: the first instant of that day in `timeZone`. */
export function dueInstant(date: LocalDate, timeZone: string): Date {
  const [year, month, day] = partsOf(date);
  return new Date(localInstant(year, month, day, 0, 0, timeZone));
}

/** The local day of `instant` in `timeZone`. */
export function localDateAt(instant: Date, timeZone: string): LocalDate {
  return fromParts(...localDay(instant.getTime(), timeZone));
}

/** The last day of a card's expiry month (a card is good through it). */
export function expiryDay(month: number, year: number): LocalDate {
  return fromParts(year, month, 0);
}
