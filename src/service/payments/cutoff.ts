import { isTimeZone, localDay, localInstant } from '../clock/time-zone.js';
import type { Repository } from '../storage/repository.js';
import { batchSettledEvent } from '../events/record.js';
import { wakeDeliveries } from '../events/wake.js';

/** When the sandbox processor closes each day's batches: a local time in a time zone. */
export interface SettlementCutoff {
  hour: number;
  minute: number;
  timeZone: string;
}

/** The default: 20:00 in New York (docs/api.md#voids-refunds-and-settlement). */
export const DEFAULT_CUTOFF = '20:00 America/New_York';

/**
 * `SETTLEMENT_CUTOFF` as `HH:MM` and optionally an IANA time zone (default America/New_York); null
 * when it is not valid.
 * @example parseSettlementCutoff('18:30 Europe/Berlin') // { hour: 18, minute: 30, timeZone: 'Europe/Berlin' }
 */
export function parseSettlementCutoff(text: string): SettlementCutoff | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?:\s+(\S+))?$/.exec(text.trim());
  if (!match) return null;
  const timeZone = match[3] ?? 'America/New_York';
  if (!isTimeZone(timeZone)) return null;
  return { hour: Number(match[1]), minute: Number(match[2]), timeZone };
}

/** The instant the wall clock of `timeZone` shows the cut-off on the given local day. */
function cutoffOn(year: number, month: number, day: number, cutoff: SettlementCutoff): number {
  return localInstant(year, month, day, cutoff.hour, cutoff.minute, cutoff.timeZone);
}

/**
 * The instants a local day of `timeZone` begins and ends (the next day's start), DST days included.
 * @example localDayBounds(2026, 10, 27, 'America/New_York') // { from: 2026-11-27T05:00Z, to: 2026-11-28T05:00Z }
 */
export function localDayBounds(year: number, month: number, day: number, timeZone: string): { from: Date; to: Date } {
  return {
    from: new Date(localInstant(year, month, day, 0, 0, timeZone)),
    to: new Date(localInstant(year, month, day + 1, 0, 0, timeZone)),
  };
}

/**
 * The latest cut-off at or before `now`: today's in the cut-off's time zone if it has passed, else
 * yesterday's. DST days are handled by the zone's offset at that instant.
 */
export function latestCutoff(now: Date, cutoff: SettlementCutoff): Date {
  const [year, month, day] = localDay(now.getTime(), cutoff.timeZone);
  const today = cutoffOn(year, month, day, cutoff);
  return new Date(today <= now.getTime() ? today : cutoffOn(year, month, day - 1, cutoff));
}

/** How many missed daily cut-offs a start catches up on, one batch each; older payments join the first. */
export const MAX_MISSED_CUTOFFS = 31;

/**
 * The cut-offs due: every one after `last` up to the latest at `now`, oldest first (at most
 * MAX_MISSED_CUTOFFS); only the latest when none was ever closed (a new database).
 */
export function dueCutoffs(last: Date | null, now: Date, cutoff: SettlementCutoff): Date[] {
  const due: Date[] = [];
  for (
    let at = latestCutoff(now, cutoff);
    (last === null ? due.length < 1 : at > last) && due.length < MAX_MISSED_CUTOFFS;
    at = latestCutoff(new Date(at.getTime() - 1), cutoff)
  )
    due.unshift(at);
  return due;
}

/**
 * Closes the batches due at each cut-off not closed yet, oldest first, so a service that was down for
 * days settles a batch a day as if it had run. Each closes exactly once however many processes call
 * it: the first to record the cut-off settles, in the same database transaction, every scope's
 * payments made before it. Returns how many batches it closed, or null when every due cut-off was
 * already closed.
 */
export async function closeDueBatches(
  cutoff: SettlementCutoff,
  deps: { repository: Pick<Repository, 'batches'>; now: () => Date },
): Promise<number | null> {
  let closed: number | null = null;
  for (const at of dueCutoffs(await deps.repository.batches.lastCutoff(), deps.now(), cutoff)) {
    const batches = await deps.repository.batches.closeCutoff(at, batchSettledEvent);
    if (batches !== null) closed = (closed ?? 0) + batches;
  }
  if (closed) wakeDeliveries();
  return closed;
}

/** Every minute, closes the batches that are due (`closeDueBatches`); `stop` ends it. */
export function startSettlementClock(
  cutoff: SettlementCutoff,
  deps: { repository: Pick<Repository, 'batches'>; now: () => Date },
  warn: (message: string) => void,
  intervalMs = 60_000,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => closeDueBatches(cutoff, deps))
      .catch((error: unknown) => warn(`Closing the due settlement batches failed: ${(error as Error).message}`));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
