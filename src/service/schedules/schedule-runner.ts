/**
 * The runner (docs/autopay.md#the-runner): makes each due payment of every schedule exactly once,
 * however many processes run it and whenever one of them dies.
 *
 * A process claims a due schedule in the database (`FOR UPDATE SKIP LOCKED`: no other process sees
 * it until it is done) and, in that same database transaction: claims the run's
 * idempotency key (the service's own idempotency, http/idempotency.ts's table), asks for the sale
 * (payments/sale.ts) of the token read with the schedule, records the try (one row per schedule, due
 * date and try: a second one cannot be stored) with the claim's answer and moves the schedule to its
 * next payment in one statement, and writes the events. All of it commits
 * together or not at all: a process killed mid-payment committed nothing, its locks die with its
 * connection, and the next pass makes that payment once.
 */
import type { Account } from '../storage/repository.js';
import type { PaymentResponseCode } from '../../shared/wire.js';
import type { Repository } from '../storage/repository.js';
import type { PaymentDeps } from '../payments/result.js';
import type { Token } from '../payments/model.js';
import { sale } from '../payments/sale.js';
import { expiryDay } from './calendar.js';
import { nextPayment } from './create.js';
import { storeScheduleEvent, type ScheduleEventSink } from './schedule-events.js';
import { MAX_REMINDER_DAYS, type Schedule, type ScheduleEvent } from './payment-schedule.js';
import { retryAt } from './retry-plan.js';
import { runDraft } from './run-fee.js';

export interface RunnerDeps extends PaymentDeps {
  /** This process, which owns the idempotency claims of its runs (ops/instance.ts). */
  instance: { id: string };
  /** Where events go (schedules/schedule-events.ts); the events outbox unless given. */
  events?: ScheduleEventSink;
  /** Once aborted (the process is stopping), no more schedules are claimed; the one in hand is finished. */
  stopping?: AbortSignal;
}

/** How many due schedules one pass takes, each in a database transaction of its own. */
export const RUN_BATCH = 25;

/** The idempotency operation of a run; its key is the schedule, due date and try. */
const RUN_OPERATION = 'paymentSchedules.run';

/** An event of `schedule` at `at`. */
const eventOf = (
  schedule: Schedule,
  eventType: ScheduleEvent['eventType'],
  at: Date,
  dueDate: ScheduleEvent['dueDate'],
  transactionId: number | null = null,
): ScheduleEvent => ({
  eventType,
  scheduleId: schedule.id,
  scope: schedule.scope,
  dueDate,
  transactionId,
  emailAddress: schedule.emailAddress,
  language: schedule.language,
  at,
});

/**
 * Makes the due payment of a schedule the caller holds (claimed by `claimDue`, or held by a pause or
 * a cancel), records it and moves the schedule on; returns the schedule as it now is. `token` is the
 * schedule's live token as the caller read it with the schedule (null: none).
 */
export async function payDue(
  schedule: Schedule,
  account: Account,
  token: Token | null,
  deps: RunnerDeps & { repository: Repository },
): Promise<Schedule> {
  const next = schedule.next;
  if (!next) return schedule;
  const now = deps.now();
  const emit = deps.events ?? storeScheduleEvent;
  const key = {
    scope: schedule.scope,
    operation: RUN_OPERATION,
    key: `${schedule.publicId}:${next.date}:${next.attempt}`,
    owner: deps.instance.id,
  };
  const claim = await deps.repository.idempotency.claim(key, key.key);
  // Stored with the run it made, in one transaction: found only if that run committed, which moved
  // the schedule past this try. Never charged twice, whatever the state read.
  if (claim.state !== 'claimed') return schedule;
  let code: PaymentResponseCode = 'InvalidToken';
  let transactionId: number | null = null;
  if (schedule.tokenId !== null) {
    // A run is deduplicated by its schedule, date and try, not by the sale's duplicate window: two
    // bills of one amount on one card on one day are two payments (docs/autopay.md#the-runner).
    const payer = { scope: schedule.scope, actingFor: { ...account, duplicateWindowMinutes: 0 } };
    const result = await sale(runDraft(schedule, next.amount, schedule.tokenId), payer, deps, { token });
    code = result.ok
      ? result.value.paymentResponseCode
      : result.failure.kind === 'Declined'
        ? result.failure.code
        : code;
    transactionId = result.ok
      ? result.value.id
      : result.failure.kind === 'Declined'
        ? (result.failure.transactionId ?? null)
        : null;
  }
  const events: ScheduleEvent[] = [];
  let moved: Schedule;
  if (code === 'Success') {
    events.push(eventOf(schedule, 'schedule.paid', now, next.date, transactionId));
    const following = nextPayment(schedule.plan, next.n + 1, schedule.timeZone);
    moved = {
      ...schedule,
      executedPayments: schedule.executedPayments + 1,
      next: following,
      status: following || schedule.kind === 'AutoPay' ? schedule.status : 'Completed',
    };
    if (following && cardExpiresBefore(token, following.date))
      events.push(eventOf(schedule, 'schedule.cardExpiring', now, following.date));
  } else {
    events.push(eventOf(schedule, 'schedule.declined', now, next.date, transactionId));
    const retry = retryAt(next.date, next.attempt, code, schedule.timeZone);
    if (retry) moved = { ...schedule, next: { ...next, runAt: retry, attempt: next.attempt + 1 } };
    else {
      events.push(eventOf(schedule, 'schedule.failing', now, next.date));
      const following = nextPayment(schedule.plan, next.n + 1, schedule.timeZone);
      moved = { ...schedule, status: 'Failing', stoppedAt: now, next: following };
    }
  }
  // The try, its claim's answer and the schedule moved on, in one statement.
  const run = {
    dueDate: next.date,
    attempt: next.attempt,
    amount: next.amount,
    transactionId,
    paymentResponseCode: code,
    ran: now,
  };
  const answer = { status: 200, headers: {}, body: { transactionId, paymentResponseCode: code } };
  if (!(await deps.repository.schedules.recordRun(run, moved, { key, answer })))
    throw new Error(`The claim of run ${key.key} was taken over; nothing of it is committed.`);
  const tried = { ...next, paymentResponseCode: code, transactionId };
  for (const event of events) await emit(event, deps.repository, { schedule: moved, tried });
  return moved;
}

/**
 * Makes every payment of a held schedule due now, oldest first: after a runner outage, each payment
 * that fell due meanwhile once. `token` is the schedule's live token when the caller read it with
 * the schedule (`claimDue`); else it is read here, once. Returns the schedule as it now is.
 */
export async function payAllDue(
  schedule: Schedule,
  account: Account,
  deps: RunnerDeps & { repository: Repository },
  known?: { token: Token | null },
): Promise<Schedule> {
  const now = deps.now();
  let current = schedule;
  let token = known?.token;
  // Each payment moves the schedule one step: a process stopping keeps the steps made, and leaves the
  // rest due for the next pass.
  while (current.status === 'Active' && current.next && current.next.runAt <= now && !deps.stopping?.aborted) {
    if (token === undefined)
      token = current.tokenId === null ? null : await deps.repository.tokens.find(current.tokenId, current.scope);
    const moved = await payDue(current, account, token, deps);
    if (moved === current) break; // its run was already made
    current = moved;
  }
  return current;
}

/** Whether the card of `token` expires before `date` (the last day of its expiry month is before it). */
function cardExpiresBefore(token: Token | null, date: string): boolean {
  if (!token || token.expirationMonth === null || token.expirationYear === null) return false;
  return expiryDay(token.expirationMonth, token.expirationYear) < date;
}

/**
 * One pass: claims due schedules one at a time, each in a database transaction of its own, and makes
 * their payments, up to `limit` schedules. Returns how many it took; fewer than `limit` means none is
 * left due. One schedule a transaction: a payment's sale updates one of the search's shared counter
 * rows (storage migration 5), and two transactions taking several in different orders would deadlock;
 * one the database ends so anyway is taken again (it committed nothing).
 */
export async function runDuePayments(deps: RunnerDeps, limit = RUN_BATCH): Promise<number> {
  let taken = 0;
  // The accounts of this pass, read once each (a disabled one is never claimed: claimDue).
  const accounts = new Map<number, Account | null>();
  for (; taken < limit && !deps.stopping?.aborted; taken++) {
    const took = await againAfterDeadlock(() =>
      deps.repository.transaction(async (repository) => {
        const [claimed] = await repository.schedules.claimDue(deps.now(), 1);
        if (!claimed) return false;
        const { schedule, token } = claimed;
        const { accountId } = schedule.scope;
        if (!accounts.has(accountId)) accounts.set(accountId, await repository.accounts.findById(accountId));
        const account = accounts.get(accountId);
        if (account) await payAllDue(schedule, account, { ...deps, repository }, { token });
        return true;
      }),
    );
    if (!took) break;
  }
  return taken;
}

/** `work` again, up to 3 times, when the database ended it as a deadlock's victim (SQLSTATE 40P01). */
async function againAfterDeadlock<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || (error as { code?: unknown }).code !== '40P01') throw error;
    }
  }
}

/** One pass of reminders: an event for each active schedule whose next payment is `reminderDays` away. */
export async function sendDueReminders(deps: RunnerDeps, limit = RUN_BATCH): Promise<number> {
  const emit = deps.events ?? storeScheduleEvent;
  return deps.repository.transaction(async (repository) => {
    const now = deps.now();
    const due = await repository.schedules.claimReminders(now, MAX_REMINDER_DAYS, limit);
    for (const schedule of due) {
      if (!schedule.next) continue;
      await repository.schedules.save({ ...schedule, remindedFor: schedule.next.date });
      await emit(eventOf(schedule, 'schedule.reminder', deps.now(), schedule.next.date), repository);
    }
    return due.length;
  });
}

/**
 * How many due schedules one process pays at once, each in a database transaction (and on a
 * connection) of its own: the runner waits on the database's round trips, so several passes side
 * by side go faster, and the connection pool (storage/postgres.ts) keeps room for requests.
 */
export const RUNNER_LOOPS = 4;

/**
 * Everything due now: payments, then reminders, pass after pass until none is left. When nothing is
 * due, one query. Payments start with one pass; when it found a whole batch, `loops` passes run
 * side by side until none is left.
 * @example
 * await runDue(deps); // each payment due now is made once, and each reminder sent
 */
export async function runDue(deps: RunnerDeps, loops = RUNNER_LOOPS): Promise<void> {
  const now = deps.now();
  const due = await deps.repository.schedules.anythingDue(now, MAX_REMINDER_DAYS);
  if (due.payments && (await runDuePayments(deps)) === RUN_BATCH)
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while ((await runDuePayments(deps)) === RUN_BATCH);
      }),
    );
  if (due.reminders) while (!deps.stopping?.aborted && (await sendDueReminders(deps)) === RUN_BATCH);
}

/** How often each process looks for due payments. */
export const RUNNER_INTERVAL_MS = 5_000;

/**
 * Runs `runDue` every `intervalMs` (and once at start); `stop` ends it after the schedule in hand: a
 * process stopping does not wait for everything due (another process, or the next start, takes it).
 * Nothing due costs one query a pass (bench/README.md).
 */
export function startScheduleRunner(
  deps: RunnerDeps,
  warn: (message: string) => void,
  intervalMs = RUNNER_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  const tick = () => {
    running = running
      .then(() => runDue({ ...deps, stopping: stopping.signal }))
      .catch((error: unknown) => warn(`Making the due scheduled payments failed: ${(error as Error).message}`));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
