import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { addAmountDue, cancelSchedule, restartSchedule } from '../../schedules/changes.js';
import { createSchedule } from '../../schedules/create.js';
import { findSchedule, searchSchedules } from '../../schedules/schedule-reads.js';
import { idempotent } from '../idempotency.js';
import { answerOf, valueOf } from '../result-answers.js';
import { toAutoPayListItem, toAutoPayResponse } from '../schedule-mappers.js';
import { validateAmountDue, validateAutoPayRequest, validateScheduleSearch } from '../schedule-requests.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import {
  BODY_ERRORS,
  HEADERS,
  IDEMPOTENCY_ERRORS,
  SECRET_ERRORS,
  STRAY_BODY_ERRORS,
  operationResponses,
  success,
} from '../schemas/response-map.js';
import {
  amountDueRequestSchema,
  autoPayExamples,
  autoPayIdParamsSchema,
  autoPayRequestSchema,
  autoPaySchema,
  autoPaySearchExamples,
  autoPaySearchQuerySchema,
  autoPaySearchSchema,
} from '../schemas/schedule-schemas.js';
import { callerHeaders, idempotentHeaders, secretSecurity } from '../schemas/schemas.js';

const TAGS = ['AutoPay'];
const params = () => idParams(autoPayIdParamsSchema, 'autoPayId', 'autoPay', 'AUTOPAY_NOT_FOUND');
const one = (description: string) => success(description, autoPaySchema, autoPayExamples);

/** AutoPay (docs/autopay.md): HTTP in and out of src/service/schedules/, on the same runner as schedules. */
export function autoPayRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.post(
    '/api/v1/autoPay',
    {
      schema: {
        operationId: 'createAutoPay',
        summary: 'Create an AutoPay',
        description:
          'Enrols a payer: each amount due added with POST /api/v1/autoPay/{autoPayId}/amountsDue is paid on its date. `language` and `reminderDays` are ours. Takes an `Idempotency-Key`.',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        body: requestSchema(autoPayRequestSchema, fromCheck(validateAutoPayRequest)),
        response: operationResponses(
          {
            201: success('The AutoPay; its URL is in Location.', autoPaySchema, autoPayExamples, {
              Location: HEADERS.Location,
              'Idempotent-Replayed': HEADERS.IdempotentReplayed,
            }),
          },
          [...SECRET_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS],
        ),
      },
      onRequest: secretOnly(deps),
    },
    (request, reply) => {
      const caller = callerOf(request);
      const base = baseUrl(request, deps);
      return idempotent(request, reply, deps, caller.scope, 'autoPay.create', async (repository) =>
        answerOf(await createSchedule(request.body, caller, { ...deps, repository }), request.id, (autoPay) => ({
          status: 201,
          headers: { Location: `${base}/api/v1/autoPay/${autoPay.publicId}` },
          body: toAutoPayResponse(autoPay),
        })),
      );
    },
  );

  app.get(
    '/api/v1/autoPays',
    {
      schema: {
        operationId: 'searchAutoPays',
        summary: 'Search AutoPays',
        description: 'The caller’s AutoPays, newest first, by create and cancel dates (docs/autopay.md#searching).',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema(autoPaySearchQuerySchema, fromCheck(validateScheduleSearch('AutoPay'))),
        response: operationResponses({ 200: success('One page.', autoPaySearchSchema, autoPaySearchExamples) }, [
          ...SECRET_ERRORS,
          'validationError',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const found = await searchSchedules('AutoPay', callerOf(request).scope, request.query, deps);
      return { autoPays: found.items.map(toAutoPayListItem), totalRecords: found.total };
    },
  );

  app.get(
    '/api/v1/autoPay/:autoPayId',
    {
      schema: {
        operationId: 'getAutoPay',
        summary: 'Retrieve an AutoPay',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: params(),
        response: operationResponses({ 200: one('The AutoPay.') }, [...SECRET_ERRORS, 'autoPayNotFound']),
      },
      onRequest: secretOnly(deps),
    },
    async (request) =>
      toAutoPayResponse(
        valueOf(await findSchedule('AutoPay', request.params.autoPayId, callerOf(request).scope, deps), request.id),
      ),
  );

  app.post(
    '/api/v1/autoPay/:autoPayId/amountsDue',
    {
      schema: {
        operationId: 'addAutoPayAmountDue',
        summary: 'Add an amount due to an AutoPay (ours)',
        description: 'Ours: the AutoPay pays it on its date (docs/autopay.md#making-a-schedule).',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: params(),
        body: requestSchema(amountDueRequestSchema, fromCheck(validateAmountDue)),
        response: operationResponses({ 200: one('The AutoPay with its new amount due.') }, [
          ...SECRET_ERRORS,
          ...BODY_ERRORS,
          'autoPayNotFound',
          'scheduleCancelled',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) =>
      toAutoPayResponse(
        valueOf(await addAmountDue(request.params.autoPayId, request.body, callerOf(request), deps), request.id),
      ),
  );

  for (const [verb, change, operationId, summary] of [
    ['cancel', cancelSchedule, 'cancelAutoPay', 'Cancel an AutoPay'],
    ['restart', restartSchedule, 'restartAutoPay', 'Restart an AutoPay'],
  ] as const)
    app.post(
      `/api/v1/autoPay/:autoPayId/${verb}`,
      {
        schema: {
          operationId,
          summary,
          description: 'The AutoPay as it is after the change (docs/autopay.md#statuses).',
          tags: TAGS,
          security: secretSecurity,
          requestHeaders: callerHeaders,
          params: params(),
          response: operationResponses({ 200: one('The AutoPay.') }, [
            ...SECRET_ERRORS,
            ...STRAY_BODY_ERRORS,
            'autoPayNotFound',
          ]),
        },
        onRequest: secretOnly(deps),
      },
      async (request) =>
        toAutoPayResponse(
          valueOf(await change('AutoPay', request.params.autoPayId, callerOf(request), deps), request.id),
        ),
    );
}
