/**
 * The requests of the events list and of webhook endpoints (docs/api.md#events-and-webhooks): their
 * queries and bodies checked into plain values before the events domain sees them.
 */
import { webhookMessages, type WebhookCode } from '../../shared/messages/api.js';

import { EVENT_TYPES, type EventType, type FieldError } from '../../shared/wire.js';
import type { EventFilter } from '../storage/repository.js';
import { validatePage } from './reversal-requests.js';

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };
const problem = (field: string, code: WebhookCode): FieldError => ({ field, code, message: webhookMessages[code] });
const isEventType = (value: unknown): value is EventType => EVENT_TYPES.includes(value as EventType);

/** The most event types one endpoint lists, and the longest URL it may have. */
export const MAX_ENABLED_EVENTS = 20;
export const MAX_WEBHOOK_URL = 2048;
/** The longest a rotated-out secret keeps signing: 7 days. */
export const MAX_OVERLAP_SECONDS = 604_800;

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const timeOf = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** `GET /events?type=&createdFrom=&createdTo=&page=&pageSize=`: types given repeated or comma-separated. */
export function validateEventQuery(query: unknown): Checked<EventFilter & { page: number; pageSize: number }> {
  const { type, createdFrom, createdTo, ...rest } = (query ?? {}) as Record<string, unknown>;
  const paging = validatePage(
    Object.fromEntries(Object.entries(rest).filter(([name]) => name === 'page' || name === 'pageSize')),
  );
  const errors: FieldError[] = Object.keys(rest)
    .filter((name) => name !== 'page' && name !== 'pageSize')
    .map((name) => problem(name, 'UNKNOWN_EVENT_PARAMETER'));
  if (!paging.ok) errors.push(...paging.errors);
  const given = type === undefined ? [] : (Array.isArray(type) ? type : [type]).flatMap((t) => String(t).split(','));
  if (given.some((t) => !isEventType(t))) errors.push(problem('type', 'INVALID_EVENT_TYPE'));
  const from = createdFrom === undefined ? null : timeOf(createdFrom);
  const to = createdTo === undefined ? null : timeOf(createdTo);
  if (createdFrom !== undefined && !from) errors.push(problem('createdFrom', 'INVALID_EVENT_TIME'));
  if (createdTo !== undefined && !to) errors.push(problem('createdTo', 'INVALID_EVENT_TIME'));
  if (from && to && from >= to) errors.push(problem('createdTo', 'INVALID_EVENT_TIME_RANGE'));
  if (errors.length || !paging.ok) return { ok: false, errors };
  return { ok: true, value: { types: [...new Set(given as EventType[])], from, to, ...paging.value } };
}

/** A new endpoint's body: `{ url, enabledEvents }`; where the URL points is the domain's check. */
export function validateWebhookEndpoint(body: unknown): Checked<{ url: string; enabledEvents: (EventType | '*')[] }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, errors: [problem('url', 'INVALID_WEBHOOK_URL')] };
  const { url, enabledEvents, ...rest } = body as Record<string, unknown>;
  const errors = Object.keys(rest).map((name) => problem(name, 'UNKNOWN_WEBHOOK_FIELD'));
  if (!isWebhookUrl(url)) errors.push(problem('url', 'INVALID_WEBHOOK_URL'));
  const events = enabledEvents;
  const valid =
    Array.isArray(events) &&
    events.length >= 1 &&
    events.length <= MAX_ENABLED_EVENTS &&
    (events.every(isEventType) || (events.length === 1 && events[0] === '*'));
  if (!valid) errors.push(problem('enabledEvents', 'INVALID_ENABLED_EVENTS'));
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { url: url as string, enabledEvents: [...new Set(events as (EventType | '*')[])] } };
}

function isWebhookUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_WEBHOOK_URL) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !!url.hostname;
  } catch {
    return false;
  }
}

/** A rotation's optional body: `{ overlapSeconds? }` (default a day). */
export function validateRotation(body: unknown): Checked<{ overlapSeconds: number }> {
  const fields = body === undefined || body === null ? {} : body;
  if (typeof fields !== 'object' || Array.isArray(fields))
    return { ok: false, errors: [problem('overlapSeconds', 'UNKNOWN_ROTATE_FIELD')] };
  const { overlapSeconds, ...rest } = fields as Record<string, unknown>;
  const errors = Object.keys(rest).map((name) => problem(name, 'UNKNOWN_ROTATE_FIELD'));
  const overlap = 'overlapSeconds' in fields ? overlapSeconds : 86_400;
  if (typeof overlap !== 'number' || !Number.isInteger(overlap) || overlap < 0 || overlap > MAX_OVERLAP_SECONDS)
    errors.push(problem('overlapSeconds', 'INVALID_OVERLAP'));
  return errors.length ? { ok: false, errors } : { ok: true, value: { overlapSeconds: overlap as number } };
}
