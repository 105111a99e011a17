import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { findEvent, listEvents } from '../../events/read.js';
import { validateEventQuery } from '../event-requests.js';
import { valueOf } from '../result-answers.js';
import {
  eventIdParamsSchema,
  eventQuerySchema,
  getEventResponses,
  listEventsResponses,
} from '../schemas/event-schemas.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { callerHeaders, secretSecurity } from '../schemas/schemas.js';

/**
 * The caller's events (docs/api.md#events-and-webhooks). Each is answered as its stored text, the
 * bytes a webhook of it carries, so what a receiver verified and what the API shows are the same.
 */
export function eventRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.get(
    '/api/v1/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'List the caller’s events',
        description: 'Newest first; by type and time. Under an impersonation, the client’s events made under it.',
        tags: ['Events'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema({ ...eventQuerySchema }, fromCheck(validateEventQuery)),
        response: listEventsResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const { page, pageSize, ...filter } = request.query;
      const found = await listEvents(callerOf(request).scope, filter, page, pageSize, deps);
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"events":[${found.events.map((event) => event.body).join(',')}],"totalRecords":${found.totalRecords}}`);
    },
  );

  app.get(
    '/api/v1/events/:eventId',
    {
      schema: {
        operationId: 'getEvent',
        summary: 'Retrieve an event',
        tags: ['Events'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(eventIdParamsSchema, 'eventId', 'event', 'EVENT_NOT_FOUND'),
        response: getEventResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const event = valueOf(await findEvent(request.params.eventId, callerOf(request).scope, deps), request.id);
      return reply.type('application/json; charset=utf-8').send(event.body);
    },
  );
}
