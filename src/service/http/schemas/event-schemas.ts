/**
 * Events and webhook endpoints in the OpenAPI document (docs/api.md#events-and-webhooks): request and
 * answer schemas, and every status each operation gives with a named example.
 */
import { MAX_PAGE_SIZE } from '../../../shared/transaction-search.js';
import { ID_PATTERNS } from '../../../shared/validators/ids.js';
import { EVENT_TYPES } from '../../../shared/wire.js';
import { MAX_ENABLED_EVENTS, MAX_OVERLAP_SECONDS, MAX_WEBHOOK_URL } from '../event-requests.js';
import { transactionExample } from './examples.js';
import { batchSchema, pageQuerySchema } from './lifecycle-schemas.js';
import {
  autoPaySchema,
  paymentScheduleSchema,
  SCHEDULE_EXAMPLE,
  scheduleEventPaymentSchema,
} from './schedule-schemas.js';
import {
  BODY_ERRORS,
  SECRET_ERRORS,
  STRAY_BODY_ERRORS,
  HEADERS,
  operationResponses,
  success,
  type NamedExample,
} from './response-map.js';
import { tokenSchema, transactionSchema } from './schemas.js';

const CREATED = '2026-11-22T15:04:05.000Z';
const examplesOf = (name: string, summary: string, value: unknown): Record<string, NamedExample> => ({
  [name]: { summary, value },
});

export const eventSchema = {
  type: 'object',
  description:
    'Something that happened, with the object as the API showed it then. A webhook’s body is this, byte for byte.',
  properties: {
    id: { type: 'string', pattern: ID_PATTERNS.event, description: 'The same on every delivery of the event.' },
    type: { type: 'string', enum: [...EVENT_TYPES] },
    created: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      properties: {
        object: {
          description:
            'A Transaction (transaction.*), a Batch (batch.settled), a Token (token.created), `{ id, deleted }` (token.deleted), or a PaymentSchedule or an AutoPay (schedule.*) as its GET shows it after the change.',
          anyOf: [
            transactionSchema,
            batchSchema,
            tokenSchema,
            {
              type: 'object',
              properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } },
              required: ['id', 'deleted'],
            },
            paymentScheduleSchema,
            autoPaySchema,
          ],
        },
        payment: scheduleEventPaymentSchema,
      },
      required: ['object'],
    },
  },
  required: ['id', 'type', 'created', 'data'],
} as const;

const approved = {
  id: 'evt_Qm2Lk9Xw4Rt1Yc8Ns3HdVb7',
  type: 'transaction.approved',
  created: CREATED,
  data: { object: { ...transactionExample, id: 1042 } },
};

const schedulePaid = {
  id: 'evt_Xw4Rt1Yc8Ns3HdVb7Qm2Lk9',
  type: 'schedule.paid',
  created: '2026-11-30T05:00:00.000Z',
  data: {
    object: SCHEDULE_EXAMPLE,
    payment: {
      dueDate: '2026-11-30',
      amount: 84.2,
      attempt: 0,
      transactionId: 1043,
      paymentResponseCode: 'Success',
      retryDate: null,
    },
  },
};

export const eventIdParamsSchema = {
  type: 'object',
  properties: { eventId: { type: 'string', pattern: ID_PATTERNS.event } },
  required: ['eventId'],
} as const;

export const eventQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: {
      type: 'string',
      pattern: `^(?:${EVENT_TYPES.join('|').replace(/\./g, '\\.')})(?:,(?:${EVENT_TYPES.join('|').replace(/\./g, '\\.')}))*$`,
      description: `Only events of these types, comma-separated or the parameter repeated: ${EVENT_TYPES.join(', ')}.`,
    },
    createdFrom: { type: 'string', format: 'date-time', description: 'Events at or after this time.' },
    createdTo: { type: 'string', format: 'date-time', description: 'Events before this time.' },
    ...pageQuerySchema.properties,
  },
} as const;

export const listEventsResponses = operationResponses(
  {
    200: success(
      'A page of the caller’s events, newest first.',
      {
        type: 'object',
        properties: {
          events: { type: 'array', items: eventSchema, maxItems: MAX_PAGE_SIZE },
          totalRecords: { type: 'integer', minimum: 0 },
        },
        required: ['events', 'totalRecords'],
      },
      examplesOf('page', 'The newest of 12 events', { events: [approved], totalRecords: 12 }),
    ),
  },
  [...SECRET_ERRORS, 'validationError'],
);

export const getEventResponses = operationResponses(
  {
    200: success('The event.', eventSchema, {
      ...examplesOf('approved', 'A sale approved', approved),
      ...examplesOf('schedulePaid', 'A payment of a schedule made', schedulePaid),
    }),
  },
  [...SECRET_ERRORS, 'eventNotFound', 'uriTooLong'],
);

const enabledEvents = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_ENABLED_EVENTS,
  items: { type: 'string', enum: [...EVENT_TYPES, '*'] },
  description: 'The event types to send, or `["*"]` for all.',
} as const;

export const webhookEndpointRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: {
      type: 'string',
      format: 'uri',
      maxLength: MAX_WEBHOOK_URL,
      description:
        'http or https. Not this service, nor a loopback, private, link-local or metadata address unless WEBHOOK_ALLOWED_NETWORKS allows it.',
    },
    enabledEvents,
  },
  required: ['url', 'enabledEvents'],
} as const;

export const rotateRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    overlapSeconds: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_OVERLAP_SECONDS,
      default: 86_400,
      description: 'How long the old secret keeps signing beside the new one.',
    },
  },
} as const;

export const webhookEndpointSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: ID_PATTERNS.webhookEndpoint },
    url: { type: 'string' },
    enabledEvents,
    status: {
      type: 'string',
      enum: ['enabled', 'failing'],
      description: '`failing` once a delivery was given up after 3 days of tries; `enabled` again at the next success.',
    },
    created: { type: 'string', format: 'date-time' },
    secret: {
      type: 'string',
      description: 'The signing secret (whsec_…): only in the answer that made or rotated it. Keep it on your server.',
    },
  },
  required: ['id', 'url', 'enabledEvents', 'status', 'created'],
} as const;

export const webhookEndpointIdParamsSchema = {
  type: 'object',
  properties: { endpointId: { type: 'string', pattern: ID_PATTERNS.webhookEndpoint } },
  required: ['endpointId'],
} as const;

const endpoint = {
  id: 'we_Lk9Xw4Rt1Yc8Ns3HdVb7Qm2',
  url: 'https://billing.example.com/paytoken/hooks',
  enabledEvents: ['transaction.approved', 'transaction.refunded'],
  status: 'enabled',
  created: CREATED,
};

export const createWebhookEndpointResponses = operationResponses(
  {
    201: success(
      'Made; `secret` is shown this once.',
      webhookEndpointSchema,
      examplesOf('created', 'An endpoint and its secret', { ...endpoint, secret: 'whsec_3q2-7wE…' }),
      { Location: HEADERS.Location },
    ),
  },
  [...SECRET_ERRORS, ...BODY_ERRORS, 'webhookUrlNotAllowed'],
);

export const listWebhookEndpointsResponses = operationResponses(
  {
    200: success(
      'The caller’s endpoints, oldest first.',
      {
        type: 'object',
        properties: { webhookEndpoints: { type: 'array', items: webhookEndpointSchema } },
        required: ['webhookEndpoints'],
      },
      examplesOf('list', 'One endpoint', { webhookEndpoints: [endpoint] }),
    ),
  },
  [...SECRET_ERRORS],
);

export const getWebhookEndpointResponses = operationResponses(
  {
    200: success(
      'The endpoint (without its secret).',
      webhookEndpointSchema,
      examplesOf('endpoint', 'An endpoint', endpoint),
    ),
  },
  [...SECRET_ERRORS, 'webhookEndpointNotFound', 'uriTooLong'],
);

export const deleteWebhookEndpointResponses = operationResponses(
  {
    200: success(
      'Deleted: nothing more is sent to it; its events stay readable.',
      {
        type: 'object',
        properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } },
        required: ['id', 'deleted'],
      },
      examplesOf('deleted', 'Deleted', { id: endpoint.id, deleted: true }),
    ),
  },
  [...SECRET_ERRORS, ...STRAY_BODY_ERRORS, 'webhookEndpointNotFound', 'uriTooLong'],
);

export const rotateSecretResponses = operationResponses(
  {
    200: success(
      'A new secret, shown this once; the old one signs beside it until the overlap ends.',
      webhookEndpointSchema,
      examplesOf('rotated', 'A new secret', { ...endpoint, secret: 'whsec_9Zt-1mQ…' }),
    ),
  },
  [...SECRET_ERRORS, ...BODY_ERRORS, 'webhookEndpointNotFound', 'uriTooLong'],
);

const attemptSchema = {
  type: 'object',
  properties: {
    eventId: { type: 'string', pattern: ID_PATTERNS.event },
    eventType: { type: 'string', enum: [...EVENT_TYPES] },
    attemptedAt: { type: 'string', format: 'date-time' },
    durationMs: { type: 'integer', minimum: 0 },
    statusCode: { type: ['integer', 'null'], description: 'The endpoint’s HTTP status; null when none came.' },
    error: {
      type: ['string', 'null'],
      description: 'Why the attempt failed (a status, a timeout, a refused connection).',
    },
  },
  required: ['eventId', 'eventType', 'attemptedAt', 'durationMs', 'statusCode', 'error'],
} as const;

export const listAttemptsResponses = operationResponses(
  {
    200: success(
      'The endpoint’s delivery attempts, newest first.',
      {
        type: 'object',
        properties: { attempts: { type: 'array', items: attemptSchema, maxItems: MAX_PAGE_SIZE } },
        required: ['attempts'],
      },
      examplesOf('attempts', 'A failure, then a success', {
        attempts: [
          {
            eventId: approved.id,
            eventType: approved.type,
            attemptedAt: '2026-11-22T15:04:16.000Z',
            durationMs: 42,
            statusCode: 200,
            error: null,
          },
          {
            eventId: approved.id,
            eventType: approved.type,
            attemptedAt: CREATED,
            durationMs: 31,
            statusCode: 500,
            error: 'The endpoint answered 500.',
          },
        ],
      }),
    ),
  },
  [...SECRET_ERRORS, 'validationError', 'webhookEndpointNotFound', 'uriTooLong'],
);
