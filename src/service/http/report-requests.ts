/**
 * The queries of a batch's settlement report and of a lockbox file (docs/api.md#settlement-reports),
 * checked into plain values before the reports (src/service/reports/) see them.
 */
import { reportMessages, type ReportCode } from '../../shared/messages/api.js';
import type { FieldError } from '../../shared/wire.js';
import type { LocalDay } from '../reports/lockbox.js';

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };
const problem = (field: string, code: ReportCode): FieldError => ({ field, code, message: reportMessages[code] });

/** What a report is answered as. */
export type ReportFormat = 'json' | 'csv';
export type LockboxFormat = 'csv' | 'fixed';

const unknown = (given: Record<string, unknown>, allowed: string[]) =>
  Object.keys(given)
    .filter((name) => !allowed.includes(name))
    .map((name) => problem(name, 'UNKNOWN_REPORT_PARAMETER'));

/** `?format=json|csv`, optional: absent, the request's Accept decides (the route's business). */
export function validateReportQuery(query: unknown): Checked<{ format?: ReportFormat }> {
  const given = (query ?? {}) as Record<string, unknown>;
  const errors = unknown(given, ['format']);
  const { format } = given;
  if (format !== undefined && format !== 'json' && format !== 'csv')
    errors.push(problem('format', 'INVALID_REPORT_FORMAT'));
  return errors.length
    ? { ok: false, errors }
    : { ok: true, value: format === undefined ? {} : { format: format as ReportFormat } };
}

/** `?date=YYYY-MM-DD&format=csv|fixed`: a real calendar day (2026-02-30 is not one); csv by default. */
export function validateLockboxQuery(query: unknown): Checked<{ day: LocalDay; format: LockboxFormat }> {
  const given = (query ?? {}) as Record<string, unknown>;
  const errors = unknown(given, ['date', 'format']);
  const { date, format = 'csv' } = given;
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const day = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
  const real =
    day !== null &&
    new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDate() === day.day &&
    day.month >= 1 &&
    day.month <= 12;
  if (!real) errors.push(problem('date', 'INVALID_REPORT_DATE'));
  if (format !== 'csv' && format !== 'fixed') errors.push(problem('format', 'INVALID_LOCKBOX_FORMAT'));
  return errors.length || !day || !real
    ? { ok: false, errors }
    : { ok: true, value: { day, format: format as LockboxFormat } };
}
