/**
 * What happens after a declined payment of a schedule (docs/autopay.md#declines-and-retries): it is
 * tried again 1, 3 and 7 days after its due date, at the first instant of that day; after the third
 * retry is declined too, the schedule is marked `Failing` and makes no payment until it is restarted.
 * A token that no longer exists is not retried.
 */
import type { PaymentResponseCode } from '../../shared/wire.js';
import { addDays, dueInstant, type LocalDate } from './calendar.js';

/** Days after the due date of each retry. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

/**
 * When the next try of a payment due on `date` runs after try `attempt` (0: the first) was declined
 * with `code`, or null when it is not tried again.
 * @example retryAt('2026-03-01', 0, 'InsufficientFunds', 'UTC') // 2026-03-02T00:00:00Z
 */
export function retryAt(date: LocalDate, attempt: number, code: PaymentResponseCode, timeZone: string): Date | null {
  const days = RETRY_AFTER_DAYS[attempt];
  if (days === undefined || code === 'InvalidToken') return null;
  return dueInstant(addDays(date, days), timeZone);
}
