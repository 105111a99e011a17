/** Reading schedules and AutoPays of a scope: one, a search, and the tries of one's payments. */
import { done, notFound, type PaymentDeps, type Result } from '../payments/result.js';
import type { Scope } from '../payments/model.js';
import type { ScheduleCriteria } from '../storage/repository.js';
import type { Schedule, ScheduleKind, ScheduleRun } from './payment-schedule.js';

const missing = (kind: ScheduleKind) => notFound(kind === 'AutoPay' ? 'autoPay' : 'paymentSchedule');

/** One schedule or AutoPay of the scope; another scope's is not found. */
export async function findSchedule(
  kind: ScheduleKind,
  publicId: string,
  scope: Scope,
  deps: Pick<PaymentDeps, 'repository'>,
): Promise<Result<Schedule>> {
  const found = await deps.repository.schedules.find(kind, publicId, scope);
  return found ? done(found) : missing(kind);
}

/** A page of the scope's schedules or AutoPays, newest first, and how many match in all. */
export const searchSchedules = (
  kind: ScheduleKind,
  scope: Scope,
  criteria: ScheduleCriteria,
  deps: Pick<PaymentDeps, 'repository'>,
): Promise<{ items: Schedule[]; total: number }> => deps.repository.schedules.search(kind, scope, criteria);

/** Every try of every payment of one schedule or AutoPay, oldest first. */
export async function schedulePayments(
  kind: ScheduleKind,
  publicId: string,
  scope: Scope,
  deps: Pick<PaymentDeps, 'repository'>,
): Promise<Result<ScheduleRun[]>> {
  const found = await deps.repository.schedules.find(kind, publicId, scope);
  return found ? done(await deps.repository.schedules.runs(found.id)) : missing(kind);
}
