/**
 * The events of your payments and where the service sends them (docs/api.md#events-and-webhooks):
 * `paytoken.events` reads them, `paytoken.webhookEndpoints` manages the URLs they are posted to.
 */
import { MAX_PAGE_SIZE } from '../shared/transaction-search.js';
import type {
  EventListResponse,
  EventResponse,
  EventType,
  WebhookAttemptListResponse,
  WebhookEndpointListResponse,
  WebhookEndpointRequest,
  WebhookEndpointResponse,
} from '../shared/wire.js';
import type { Requester, RequestOptions } from './http.js';

/** What `events.list` filters on; every filter optional. */
export interface EventListFilters {
  /** Only events of this type, or of any of these. */
  type?: EventType | EventType[];
  /** At or after this instant (a `Date`, or ISO text with an offset). */
  createdFrom?: Date | string;
  /** Before this instant. */
  createdTo?: Date | string;
  /** From 1; default 1. */
  page?: number;
  /** 1 to 50; default 25. */
  pageSize?: number;
}

/** Which page of attempts: `page` from 1, `pageSize` 1 to 50 (default 25). */
export interface PageOptions {
  page?: number;
  pageSize?: number;
}

const dateText = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
const path = (id: string): string => `/api/v1/webhookEndpoints/${encodeURIComponent(id)}`;

function wholeNumber(value: number, name: string, max: number): string {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new RangeError(`${name} must be a whole number from 1 to ${max}.`);
  return String(value);
}

function pageQuery({ page = 1, pageSize = 25 }: PageOptions, query = new URLSearchParams()): string {
  query.set('page', wholeNumber(page, 'page', 1_000_000));
  query.set('pageSize', wholeNumber(pageSize, 'pageSize', MAX_PAGE_SIZE));
  return query.toString();
}

/** `paytoken.events`. */
export function eventsOf(request: Requester) {
  return {
    /**
     * One page of your events, newest first, by type and time. A bad page is a RangeError (a rejection) before any request.
     * @example const { events, totalRecords } = await paytoken.events.list({ type: 'transaction.approved', createdFrom: new Date(Date.now() - 3_600_000) })
     */
    list: async ({ type, createdFrom, createdTo, ...paging }: EventListFilters = {}): Promise<EventListResponse> => {
      const query = new URLSearchParams();
      if (type !== undefined) query.set('type', (Array.isArray(type) ? type : [type]).join(','));
      if (createdFrom !== undefined) query.set('createdFrom', dateText(createdFrom));
      if (createdTo !== undefined) query.set('createdTo', dateText(createdTo));
      return request('GET', `/api/v1/events?${pageQuery(paging, query)}`);
    },
    /**
     * One event, exactly as its webhook carried it.
     * @example const event = await paytoken.events.retrieve('evt_…'); event.type // 'transaction.approved'
     */
    retrieve: (id: string): Promise<EventResponse> => request('GET', `/api/v1/events/${encodeURIComponent(id)}`),
  };
}

/** `paytoken.webhookEndpoints`. */
export function webhookEndpointsOf(request: Requester) {
  return {
    /**
     * Sends the events of `enabledEvents` (or `['*']` for all) to `url`. Keep `secret`: it is in this
     * answer only, and `webhooks.constructEvent` needs it.
     * @example const { id, secret } = await paytoken.webhookEndpoints.create({ url: 'https://agency.example/hooks', enabledEvents: ['transaction.approved', 'transaction.refunded'] })
     */
    create: (endpoint: WebhookEndpointRequest, options?: RequestOptions): Promise<WebhookEndpointResponse> =>
      request('POST', '/api/v1/webhookEndpoints', endpoint, options),
    /**
     * Your endpoints, oldest first, without their secrets.
     * @example const { webhookEndpoints } = await paytoken.webhookEndpoints.list()
     */
    list: (): Promise<WebhookEndpointListResponse> => request('GET', '/api/v1/webhookEndpoints'),
    /**
     * One endpoint: its URL, its events and whether deliveries to it are `failing`.
     * @example const { status } = await paytoken.webhookEndpoints.retrieve('we_…')
     */
    retrieve: (id: string): Promise<WebhookEndpointResponse> => request('GET', path(id)),
    /**
     * Stops sending to an endpoint; its events stay readable with `events.list`.
     * @example await paytoken.webhookEndpoints.delete('we_…') // { id: 'we_…', deleted: true }
     */
    delete: (id: string): Promise<{ id: string; deleted: true }> => request('DELETE', path(id)),
    /**
     * A new signing secret, in this answer only; the old one keeps signing beside it for
     * `overlapSeconds` (default a day, at most 7 days; 0 retires it now).
     * @example const { secret } = await paytoken.webhookEndpoints.rotateSecret('we_…', { overlapSeconds: 3600 })
     */
    rotateSecret: (
      id: string,
      rotation: { overlapSeconds?: number } = {},
      options?: RequestOptions,
    ): Promise<WebhookEndpointResponse> => request('POST', `${path(id)}/rotateSecret`, rotation, options),
    /**
     * One page of the delivery attempts to an endpoint, newest first: status, time and duration.
     * @example const { attempts } = await paytoken.webhookEndpoints.attempts('we_…', { pageSize: 10 })
     */
    attempts: async (id: string, paging: PageOptions = {}): Promise<WebhookAttemptListResponse> =>
      request('GET', `${path(id)}/attempts?${pageQuery(paging)}`),
  };
}
