import type { FastifyInstance } from 'fastify';
import type { WebhookEndpointResponse } from '../../../shared/wire.js';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import type { WebhookEndpointRecord } from '../../storage/repository.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointAttempts,
  findEndpoint,
  rotateSecret,
} from '../../webhooks/endpoints.js';
import { validatePage } from '../reversal-requests.js';
import { validateRotation, validateWebhookEndpoint } from '../event-requests.js';
import { valueOf } from '../result-answers.js';
import {
  createWebhookEndpointResponses,
  deleteWebhookEndpointResponses,
  getWebhookEndpointResponses,
  listAttemptsResponses,
  listWebhookEndpointsResponses,
  rotateRequestSchema,
  rotateSecretResponses,
  webhookEndpointIdParamsSchema,
  webhookEndpointRequestSchema,
} from '../schemas/event-schemas.js';
import { pageQuerySchema } from '../schemas/lifecycle-schemas.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { callerHeaders, secretSecurity } from '../schemas/schemas.js';

const toResponse = (endpoint: WebhookEndpointRecord, secret?: string): WebhookEndpointResponse => ({
  id: endpoint.id,
  url: endpoint.url,
  enabledEvents: endpoint.enabledEvents,
  status: endpoint.status,
  created: endpoint.created.toISOString(),
  ...(secret && { secret }),
});

const endpointParams = () =>
  idParams(webhookEndpointIdParamsSchema, 'endpointId', 'webhookEndpoint', 'WEBHOOK_ENDPOINT_NOT_FOUND');

/** Webhook endpoints (docs/api.md#webhook-endpoints): made, listed, read, rotated, deleted; their attempts. */
export function webhookEndpointRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  const common = { tags: ['Webhooks'], security: secretSecurity, requestHeaders: callerHeaders };

  app.post(
    '/api/v1/webhookEndpoints',
    {
      schema: {
        ...common,
        operationId: 'createWebhookEndpoint',
        summary: 'Make a webhook endpoint',
        description: 'Its signing secret is in this answer only.',
        body: requestSchema(webhookEndpointRequestSchema, fromCheck(validateWebhookEndpoint)),
        response: createWebhookEndpointResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const made = valueOf(await createEndpoint(request.body, callerOf(request).scope, deps), request.id);
      return reply
        .status(201)
        .header('Location', `${baseUrl(request, deps)}/api/v1/webhookEndpoints/${made.endpoint.id}`)
        .send(toResponse(made.endpoint, made.secret));
    },
  );

  app.get(
    '/api/v1/webhookEndpoints',
    {
      schema: {
        ...common,
        operationId: 'listWebhookEndpoints',
        summary: 'List the caller’s webhook endpoints',
        response: listWebhookEndpointsResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => ({
      webhookEndpoints: (await deps.repository.webhookEndpoints.list(callerOf(request).scope)).map((endpoint) =>
        toResponse(endpoint),
      ),
    }),
  );

  app.get(
    '/api/v1/webhookEndpoints/:endpointId',
    {
      schema: {
        ...common,
        operationId: 'getWebhookEndpoint',
        summary: 'Retrieve a webhook endpoint',
        params: endpointParams(),
        response: getWebhookEndpointResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) =>
      toResponse(valueOf(await findEndpoint(request.params.endpointId, callerOf(request).scope, deps), request.id)),
  );

  app.delete(
    '/api/v1/webhookEndpoints/:endpointId',
    {
      schema: {
        ...common,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        params: endpointParams(),
        response: deleteWebhookEndpointResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const deleted = await deleteEndpoint(request.params.endpointId, callerOf(request).scope, deps);
      return { id: valueOf(deleted, request.id).id, deleted: true };
    },
  );

  app.post(
    '/api/v1/webhookEndpoints/:endpointId/rotateSecret',
    {
      schema: {
        ...common,
        operationId: 'rotateWebhookSecret',
        summary: 'Make a new signing secret; the old one signs beside it for an overlap',
        params: endpointParams(),
        body: requestSchema(rotateRequestSchema, fromCheck(validateRotation)),
        response: rotateSecretResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const { params, body } = request;
      const rotated = await rotateSecret(params.endpointId, body.overlapSeconds, callerOf(request).scope, deps);
      const { endpoint, secret } = valueOf(rotated, request.id);
      return toResponse(endpoint, secret);
    },
  );

  app.get(
    '/api/v1/webhookEndpoints/:endpointId/attempts',
    {
      schema: {
        ...common,
        operationId: 'listWebhookAttempts',
        summary: 'List the delivery attempts to a webhook endpoint',
        params: endpointParams(),
        querystring: requestSchema({ ...pageQuerySchema }, fromCheck(validatePage)),
        response: listAttemptsResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const scope = callerOf(request).scope;
      const attempts = valueOf(
        await endpointAttempts(request.params.endpointId, scope, page, pageSize, deps),
        request.id,
      );
      return {
        attempts: attempts.map((attempt) => ({ ...attempt, attemptedAt: attempt.attemptedAt.toISOString() })),
      };
    },
  );
}
