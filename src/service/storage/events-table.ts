import type { EventType, PayerLocale } from '../../shared/wire.js';
import type { ReceiptKind } from '../mail/receipt.js';
import type { ScheduleMailKind } from '../mail/schedule-mail.js';
import type { Sql } from './sql.js';
import type { Scope } from './types.js';

/** An event to store: its body is the exact JSON text the API answers and a webhook sends. */
export interface NewEvent {
  id: string;
  scope: Scope;
  type: EventType;
  /** The id of what it is about (a `txn_…`, a `tok_…`, a batch id): deliveries keep its order. */
  objectId: string;
  body: string;
  created: Date;
  /** The e-mail this event sends the payer (payments/receipts.ts, schedules/schedule-events.ts), or none. */
  receipt?: EventReceipt | null;
}

/** An e-mail an event asks for: where it goes, in which language, and what it is (a receipt, a schedule's). */
export interface EventReceipt {
  to: string;
  locale: PayerLocale;
  kind: ReceiptKind | ScheduleMailKind;
}

/** A stored event:  its id, type, time and body text. */
export interface StoredEvent {
  id: string;
  type: EventType;
  created: Date;
  body: string;
}

/** Which events a list takes: types, and a time range (`from` included, `to` excluded). */
export interface EventFilter {
  types: EventType[];
  from: Date | null;
  to: Date | null;
}

const IN_SCOPE = 'account_id = $1 AND COALESCE(via_account_id, 0) = $2';

/**
 * Stores an event and, in the same statement, a pending delivery to each live webhook endpoint of its
 * scope that wants its type: the outbox. Called inside the change's own database transaction, so the
 * change, its event and its deliveries are committed together or not at all.
 */
export async function insertEvent(sql: Sql, event: NewEvent): Promise<void> {
  await sql.query(`WITH e AS (${insertingEvents(1)}) ${fanOut('e')}`, eventColumns([event]));
}

/** The columns of an inserted event that `fanOut` reads (its RETURNING list). */
export const FANNED_OUT = 'seq, account_id, via_account_id, type, object_id, created_at, receipt';

/**
 * The outbox's fan-out: a pending delivery of each event of the CTE `events` (rows of the events
 * table as RETURNING gives them, `FANNED_OUT`) to every live endpoint of its scope that wants its
 * type, and one of channel `email` to the payer when the event asks for a receipt (its message: the
 * receipt and the account it is from; the mail channel, mail/mail-channel.ts, reads the event's body).
 * Several events (a batch of tokens) queue theirs in the events' order.
 */
export const fanOut = (events: string): string =>
  `INSERT INTO deliveries (event_seq, channel, target, object_id, message, next_attempt_at, created_at)
   (SELECT e.seq, 'webhook', w.id, e.object_id, NULL::json, e.created_at, e.created_at
      FROM ${events} e JOIN webhook_endpoints w
        ON w.account_id = e.account_id AND COALESCE(w.via_account_id, 0) = COALESCE(e.via_account_id, 0)
       AND w.deleted_at IS NULL AND (e.type = ANY (w.enabled_events) OR '*' = ANY (w.enabled_events))
     ORDER BY e.seq, w.id)
   UNION ALL
   (SELECT e.seq, 'email', e.receipt->>'to', e.object_id,
           json_build_object('receipt', e.receipt, 'accountId', e.account_id), e.created_at, e.created_at
      FROM ${events} e WHERE e.receipt IS NOT NULL)`;

/**
 * An INSERT of many events, one array parameter per column from `$first` on (`eventColumns`),
 * returning `FANNED_OUT`: a part of another statement, so that rows written together and their
 * events are one statement (atomic on its own) and one round trip (tokens-table.ts). `onlyIf`, a
 * condition on the statement's other parts, writes them only when it holds (a change that happened).
 */
export const insertingEvents = (first: number, onlyIf = 'true'): string => {
  const $ = (n: number, type: string) => `$${first + n}::${type}[]`;
  return `INSERT INTO events (id, account_id, via_account_id, type, object_id, body, created_at, receipt)
    SELECT * FROM unnest(${$(0, 'text')}, ${$(1, 'int')}, ${$(2, 'int')}, ${$(3, 'text')}, ${$(4, 'text')},
      ${$(5, 'text')}, ${$(6, 'timestamptz')}, ${$(7, 'json')})
    WHERE ${onlyIf}
    RETURNING ${FANNED_OUT}`;
};

/** The 8 array parameters of `insertingEvents`, in its order. */
export function eventColumns(events: NewEvent[]): unknown[][] {
  return [
    events.map((event) => event.id),
    events.map((event) => event.scope.accountId),
    events.map((event) => event.scope.viaAccountId),
    events.map((event) => event.type),
    events.map((event) => event.objectId),
    events.map((event) => event.body),
    events.map((event) => event.created),
    events.map((event) => (event.receipt ? JSON.stringify(event.receipt) : null)),
  ];
}

/**
 * An event of a row not stored yet, written by the row's own INSERT (one statement, no transaction
 * around it): its body holds `STORED_ID` and `STORED_CREATED` (as JSON strings) where the row's id and
 * creation time go, which only the database knows until then.
 */
export type EventOfInsert = Omit<NewEvent, 'scope' | 'objectId'>;
export const STORED_ID = '\u0000id\u0000';
export const STORED_CREATED = '\u0000created\u0000';

const COLUMNS = 'id, type, created_at AS created, body';
const toEvent = (row: StoredEvent): StoredEvent => ({ ...row, created: new Date(row.created) });

/** The events of each scope: written with the changes (`insertEvent`), read by the API and the forwarder. */
export function eventStore(sql: Sql) {
  return {
    record: (event: NewEvent): Promise<void> => insertEvent(sql, event),
    /** One event of the scope; another scope's is not found. */
    async find(id: string, scope: Scope): Promise<StoredEvent | null> {
      const [row] = await sql.query<StoredEvent>(`SELECT ${COLUMNS} FROM events WHERE id = $3 AND ${IN_SCOPE}`, [
        scope.accountId,
        scope.viaAccountId ?? 0,
        id,
      ]);
      return row ? toEvent(row) : null;
    },
    /** One page of the scope's events, newest first, and how many match. */
    async list(
      scope: Scope,
      filter: EventFilter,
      limit: number,
      offset: number,
    ): Promise<{ events: StoredEvent[]; totalRecords: number }> {
      const where = `${IN_SCOPE} AND (cardinality($3::text[]) = 0 OR type = ANY ($3::text[]))
        AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)`;
      const params = [scope.accountId, scope.viaAccountId ?? 0, filter.types, filter.from, filter.to];
      const rows = await sql.query<StoredEvent>(
        `SELECT ${COLUMNS} FROM events WHERE ${where} ORDER BY created_at DESC, seq DESC LIMIT $6 OFFSET $7`,
        [...params, limit, offset],
      );
      const [count] = await sql.query<{ total: number }>(
        `SELECT count(*)::integer AS total FROM events WHERE ${where}`,
        params,
      );
      return { events: rows.map(toEvent), totalRecords: count?.total ?? 0 };
    },
  };
}

export type EventStore = ReturnType<typeof eventStore>;
