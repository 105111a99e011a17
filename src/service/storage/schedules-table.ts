import type { ScheduleStatus } from '../../shared/wire.js';
import type { LocalDate } from '../schedules/calendar.js';
import type { Schedule, ScheduleKind, ScheduleRun } from '../schedules/payment-schedule.js';
import type { Cents, Token } from '../payments/model.js';
import { completing, type ClaimAnswer, type IdempotencyKey } from './idempotency-claims.js';
import type { Sql } from './sql.js';
import { TOKEN_COLUMNS, toToken, type TokenRow } from './tokens-table.js';
import type { Scope } from './types.js';

const COLUMNS = `s.id, s.public_id AS "publicId", s.kind, s.account_id AS "accountId", s.via_account_id AS "viaAccountId",
  s.token_id AS "tokenId", s.payer, s.email_address AS "emailAddress", s.language, s.attribute_values AS "attributeValues",
  s.comments, s.initiating_party_fee_cents AS "initiatingPartyFee", s.ip_address AS "ipAddress", s.time_zone AS "timeZone",
  s.plan, s.status, s.executed_payments AS "executedPayments", s.next_n AS "nextN", s.next_due_date::text AS "nextDate",
  s.next_amount_cents AS "nextAmount", s.next_run_at AS "nextRunAt", s.attempt, s.stopped_at AS "stoppedAt",
  s.reminder_days AS "reminderDays", s.reminded_for::text AS "remindedFor", s.created_at AS created,
  s.cancelled_at AS cancelled`;

interface Row extends Omit<Schedule, 'scope' | 'next'> {
  accountId: number;
  viaAccountId: number | null;
  nextN: number | null;
  nextDate: LocalDate | null;
  nextAmount: Cents | null;
  nextRunAt: Date | null;
  attempt: number;
}

function toSchedule(row: Row): Schedule {
  const { accountId, viaAccountId, nextN, nextDate, nextAmount, nextRunAt, attempt, ...rest } = row;
  return {
    ...rest,
    plan: row.plan,
    scope: { accountId, viaAccountId },
    next:
      nextN === null || nextDate === null || nextAmount === null || nextRunAt === null
        ? null
        : { n: nextN, date: nextDate, amount: nextAmount, runAt: nextRunAt, attempt },
  };
}

/** The fields of a schedule that change after it is made (`save`). */
const MUTABLE = `status = $2, executed_payments = $3, next_n = $4, next_due_date = $5::date, next_amount_cents = $6,
  next_run_at = $7, attempt = $8, stopped_at = $9, reminded_for = $10::date, cancelled_at = $11, plan = $12`;
const mutable = (s: Schedule): unknown[] => [
  s.status,
  s.executedPayments,
  s.next?.n ?? null,
  s.next?.date ?? null,
  s.next?.amount ?? null,
  s.next?.runAt ?? null,
  s.next?.attempt ?? 0,
  s.stoppedAt,
  s.remindedFor,
  s.cancelled,
  JSON.stringify(s.plan),
];

/**
 * A schedule whose payment is due at `$1`: active, or stopped (paused, cancelled) after the payment
 * came due, which it still makes; only schedules of enabled accounts.
 */
const DUE = `s.next_run_at <= $1 AND (s.status = 'Active' OR s.next_run_at < s.stopped_at)
  AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.disabled_at IS NULL)`;

/** An active schedule whose next payment's reminder is not sent yet (storage migration 31 indexes them). */
const UNREMINDED = `s.status = 'Active' AND s.attempt = 0 AND s.reminder_days > 0
  AND s.reminded_for IS DISTINCT FROM s.next_due_date`;

/**
 * An unreminded schedule whose reminder is due at `$1`: its payment `reminder_days` or fewer local
 * days ahead, counted on the account's calendar (a day across a daylight-saving change is 23 or 25
 * hours); `$2` is the most days a reminder can be ahead (the index's range is bounded by it).
 */
const REMINDER_DUE = `${UNREMINDED} AND s.next_run_at > $1 AND s.next_run_at <= $1 + ($2::integer + 1) * interval '1 day'
  AND (s.next_run_at AT TIME ZONE s.time_zone - s.reminder_days * interval '1 day') AT TIME ZONE s.time_zone <= $1`;

/** A due schedule claimed by the runner, with its token (null when gone, deleted or another scope's). */
export interface ClaimedSchedule {
  schedule: Schedule;
  token: Token | null;
}

/** A schedule to store: what `Schedule` has but its ids (an AutoPay's number is drawn here). */
export type NewSchedule = Omit<Schedule, 'id' | 'publicId'> & { publicId: string | null };

/** What a search of schedules narrows by (docs/autopay.md#searching); dates are instants. */
export interface ScheduleCriteria {
  status?: ScheduleStatus;
  payer?: string;
  tokenId?: string;
  nextPaymentDateStart?: LocalDate;
  nextPaymentDateEnd?: LocalDate;
  createDateStart?: Date;
  createDateEnd?: Date;
  cancelDateStart?: Date;
  cancelDateEnd?: Date;
  page: number;
  pageSize: number;
}

/** The payment_schedules table, with its runs and events: SQL only; the rules are in schedules/. */
export function scheduleStore(sql: Sql) {
  const owned = `s.account_id = $1 AND COALESCE(s.via_account_id, 0) = $2 AND s.kind = $3`;
  const scopeParams = (scope: Scope, kind: ScheduleKind) => [scope.accountId, scope.viaAccountId ?? 0, kind];
  return {
    async insert(schedule: NewSchedule): Promise<Schedule> {
      // An AutoPay's id is drawn only when it has none (COALESCE evaluates no further than it must).
      const publicId = `COALESCE($1::text, scrambled_id('autopays', nextval('autopay_ids'))::text)`;
      const [row] = await sql.query<Row>(
        `WITH s AS (INSERT INTO payment_schedules (public_id, kind, account_id, via_account_id, token_id, payer, email_address,
           language, attribute_values, comments, initiating_party_fee_cents, ip_address, time_zone, reminder_days, created_at,
           status, executed_payments, next_n, next_due_date, next_amount_cents, next_run_at, attempt, stopped_at, reminded_for,
           cancelled_at, plan)
         VALUES (${publicId}, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
           $16, $17, $18, $19::date, $20, $21, $22, $23, $24::date, $25, $26) RETURNING *)
         SELECT ${COLUMNS} FROM s`,
        [
          schedule.publicId,
          schedule.kind,
          schedule.scope.accountId,
          schedule.scope.viaAccountId,
          schedule.tokenId,
          schedule.payer,
          schedule.emailAddress,
          schedule.language,
          JSON.stringify(schedule.attributeValues),
          schedule.comments,
          schedule.initiatingPartyFee,
          schedule.ipAddress,
          schedule.timeZone,
          schedule.reminderDays,
          schedule.created,
          ...mutable({ ...schedule, id: 0, publicId: '' }),
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING returned no schedule row');
      return toSchedule(row);
    },
    /** One schedule or AutoPay of a scope; another scope's is not found. */
    async find(kind: ScheduleKind, publicId: string, scope: Scope): Promise<Schedule | null> {
      const [row] = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM payment_schedules s WHERE ${owned} AND s.public_id = $4`,
        [...scopeParams(scope, kind), publicId],
      );
      return row ? toSchedule(row) : null;
    },
    /** A schedule or AutoPay by its row id, whoever owns it: for the runner's events, which hold it. */
    async byId(id: number): Promise<Schedule | null> {
      const [row] = await sql.query<Row>(`SELECT ${COLUMNS} FROM payment_schedules s WHERE s.id = $1`, [id]);
      return row ? toSchedule(row) : null;
    },
    /** The same, held for update until the caller's transaction ends. */
    async hold(kind: ScheduleKind, publicId: string, scope: Scope): Promise<Schedule | null> {
      const [row] = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM payment_schedules s WHERE ${owned} AND s.public_id = $4 FOR UPDATE`,
        [...scopeParams(scope, kind), publicId],
      );
      return row ? toSchedule(row) : null;
    },
    async search(kind: ScheduleKind, scope: Scope, c: ScheduleCriteria): Promise<{ items: Schedule[]; total: number }> {
      const params: unknown[] = scopeParams(scope, kind);
      const where = [owned];
      const add = (condition: string, value: unknown) => {
        if (value === undefined) return;
        params.push(value);
        where.push(condition.replace('?', `$${params.length}`));
      };
      add('s.status = ?', c.status);
      add(`s.payer ILIKE '%' || ? || '%'`, c.payer?.replace(/[\\%_]/g, '\\$&'));
      add('s.token_id = ?', c.tokenId);
      add('s.next_due_date >= ?::date', c.nextPaymentDateStart);
      add('s.next_due_date <= ?::date', c.nextPaymentDateEnd);
      add('s.created_at >= ?', c.createDateStart);
      add('s.created_at <= ?', c.createDateEnd);
      add('s.cancelled_at >= ?', c.cancelDateStart);
      add('s.cancelled_at <= ?', c.cancelDateEnd);
      const filter = where.join(' AND ');
      const [count] = await sql.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM payment_schedules s WHERE ${filter}`,
        params,
      );
      const rows = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM payment_schedules s WHERE ${filter} ORDER BY s.created_at DESC, s.id DESC
         LIMIT ${c.pageSize} OFFSET ${(c.page - 1) * c.pageSize}`,
        params,
      );
      return { items: rows.map(toSchedule), total: count?.total ?? 0 };
    },
    /** Writes what changed of a schedule the caller holds. */
    async save(schedule: Schedule): Promise<void> {
      await sql.query(`UPDATE payment_schedules SET ${MUTABLE} WHERE id = $1`, [schedule.id, ...mutable(schedule)]);
    },
    /**
     * Claims up to `limit` schedules whose payment is due at `now`, each held until the caller's
     * transaction ends and skipped by every other process meanwhile (`SKIP LOCKED`). A schedule
     * stopped (paused, cancelled) after a payment came due still makes that payment. Only schedules
     * of enabled accounts.
     */
    async claimDue(now: Date, limit: number): Promise<ClaimedSchedule[]> {
      // Its live token of its own scope is read with it: the run needs it for the sale and the card's expiry.
      const rows = await sql.query<Row & { token: TokenRow | null }>(
        `SELECT ${COLUMNS},
           (SELECT row_to_json(t) FROM (SELECT ${TOKEN_COLUMNS} FROM tokens
              WHERE id = s.token_id AND deleted_at IS NULL AND account_id = s.account_id
                AND via_account_id IS NOT DISTINCT FROM s.via_account_id) t) AS token
         FROM payment_schedules s
         WHERE ${DUE}
         ORDER BY s.next_run_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
        [now, limit],
      );
      return rows.map(({ token, ...row }) => ({ schedule: toSchedule(row), token: token && toToken(token) }));
    },
    /** Whether any payment or reminder is due at `now`: the runner's one question when nothing is. */
    async anythingDue(now: Date, maxReminderDays: number): Promise<{ payments: boolean; reminders: boolean }> {
      // Payments in the order of the index, which the plan then reads even when the table's
      // statistics are behind a big run (they think everything is still due); reminders: one short
      // range of the index per number of days ahead (1 to the most), none weeks away.
      const [row] = await sql.query<{ payments: boolean; reminders: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM payment_schedules s WHERE ${DUE} ORDER BY s.next_run_at LIMIT 1) AS payments,
           EXISTS (SELECT 1 FROM generate_series(1, $2::integer) d
             WHERE EXISTS (SELECT 1 FROM payment_schedules s WHERE ${REMINDER_DUE} AND s.reminder_days = d
               AND s.next_run_at <= $1 + d * interval '1 day' + interval '1 day')) AS reminders`,
        [now, maxReminderDays],
      );
      return { payments: row?.payments === true, reminders: row?.reminders === true };
    },
    /** Claims, as `claimDue`, active schedules whose next payment's reminder is due and not yet sent. */
    async claimReminders(now: Date, maxReminderDays: number, limit: number): Promise<Schedule[]> {
      const rows = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM payment_schedules s
         WHERE ${REMINDER_DUE}
         ORDER BY s.next_run_at LIMIT $3 FOR UPDATE OF s SKIP LOCKED`,
        [now, maxReminderDays, limit],
      );
      return rows.map(toSchedule);
    },
    /**
     * Records one try of a schedule the caller holds, stores the answer of the try's idempotency
     * claim and writes the schedule as it now is, in one statement. False, and nothing written, when
     * the claim is no longer this process's; a second record of the same try fails (the table's key).
     */
    async recordRun(
      run: ScheduleRun,
      moved: Schedule,
      claim: { key: IdempotencyKey; answer: ClaimAnswer },
    ): Promise<boolean> {
      const completed = completing(claim.key, claim.answer, 19);
      const [row] = await sql.query<{ completed: boolean }>(
        `WITH k AS (${completed.text} RETURNING 1),
         r AS (INSERT INTO schedule_runs (schedule_id, due_date, attempt, amount_cents, transaction_id, payment_response_code, ran_at)
           SELECT $1::integer, $13::date, $14::integer, $15::integer, $16::integer, $17::text, $18::timestamptz FROM k),
         s AS (UPDATE payment_schedules SET ${MUTABLE} WHERE id = $1 AND EXISTS (SELECT 1 FROM k) RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM k) AS completed`,
        [
          moved.id,
          ...mutable(moved),
          run.dueDate,
          run.attempt,
          run.amount,
          run.transactionId,
          run.paymentResponseCode,
          run.ran,
          ...completed.params,
        ],
      );
      return row?.completed === true;
    },
    /** Every try of a schedule, oldest first. */
    runs: (scheduleId: number) =>
      sql.query<ScheduleRun>(
        `SELECT due_date::text AS "dueDate", attempt, amount_cents AS amount, transaction_id AS "transactionId",
           payment_response_code AS "paymentResponseCode", ran_at AS ran
         FROM schedule_runs WHERE schedule_id = $1 ORDER BY due_date, attempt`,
        [scheduleId],
      ),
  };
}

export type ScheduleStore = ReturnType<typeof scheduleStore>;
