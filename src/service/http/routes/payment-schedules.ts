import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { cancelSchedule, pauseSchedule, restartSchedule } from '../../schedules/changes.js';
import { createSchedule } from '../../schedules/create.js';
import { findSchedule, schedulePayments, searchSchedules } from '../../schedules/schedule-reads.js';
import { idempotent } from '../idempotency.js';
import { answerOf, valueOf } from '../result-answers.js';
import { toPaymentScheduleResponse, toSchedulePayment } from '../schedule-mappers.js';
import { validateScheduleRequest, validateScheduleSearch } from '../schedule-requests.js';
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
  paymentScheduleExamples,
  paymentScheduleIdParamsSchema,
  paymentScheduleRequestSchema,
  paymentScheduleSchema,
  paymentScheduleSearchExamples,
  paymentScheduleSearchQuerySchema,
  paymentScheduleSearchSchema,
  schedulePaymentsExamples,
  schedulePaymentsSchema,
} from '../schemas/schedule-schemas.js';
import { callerHeaders, idempotentHeaders, secretSecurity } from '../schemas/schemas.js';

const TAGS = ['Payment schedules'];
const params = () =>
  idParams(paymentScheduleIdParamsSchema, 'paymentScheduleId', 'paymentSchedule', 'PAYMENT_SCHEDULE_NOT_FOUND');
const one = (description: string) => success(description, paymentScheduleSchema, paymentScheduleExamples);

/** Payment schedules (docs/autopay.md): HTTP in and out of src/service/schedules/. */
export function paymentScheduleRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.post(
    '/api/v1/paymentSchedules',
    {
      schema: {
        operationId: 'createPaymentSchedule',
        summary: 'Create a payment schedule',
        description:
          'Pays a saved token on a recurrence or a list of instalments, on each due date in the account’s time zone, exactly once (docs/autopay.md). `lastDayOfMonth`, `instalments`, `language` and `reminderDays` are ours. Takes an `Idempotency-Key`.',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        body: requestSchema(paymentScheduleRequestSchema, fromCheck(validateScheduleRequest)),
        response: operationResponses(
          {
            201: success('The schedule; its URL is in Location.', paymentScheduleSchema, paymentScheduleExamples, {
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
      return idempotent(request, reply, deps, caller.scope, 'paymentSchedules.create', async (repository) =>
        answerOf(await createSchedule(request.body, caller, { ...deps, repository }), request.id, (schedule) => ({
          status: 201,
          headers: { Location: `${base}/api/v1/paymentSchedules/${schedule.publicId}` },
          body: toPaymentScheduleResponse(schedule),
        })),
      );
    },
  );

  app.get(
    '/api/v1/paymentSchedules',
    {
      schema: {
        operationId: 'searchPaymentSchedules',
        summary: 'Search payment schedules (ours)',
        description:
          'Ours: the caller’s schedules, newest first, one page at a time, by status, payer, token, next payment date, and create and cancel dates (docs/autopay.md#searching).',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema(paymentScheduleSearchQuerySchema, fromCheck(validateScheduleSearch('Schedule'))),
        response: operationResponses(
          { 200: success('One page.', paymentScheduleSearchSchema, paymentScheduleSearchExamples) },
          [...SECRET_ERRORS, 'validationError'],
        ),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const found = await searchSchedules('Schedule', callerOf(request).scope, request.query, deps);
      return { paymentSchedules: found.items.map(toPaymentScheduleResponse), totalRecords: found.total };
    },
  );

  app.get(
    '/api/v1/paymentSchedules/:paymentScheduleId',
    {
      schema: {
        operationId: 'getPaymentSchedule',
        summary: 'Retrieve a payment schedule',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: params(),
        response: operationResponses({ 200: one('The schedule.') }, [...SECRET_ERRORS, 'paymentScheduleNotFound']),
      },
      onRequest: secretOnly(deps),
    },
    async (request) =>
      toPaymentScheduleResponse(
        valueOf(
          await findSchedule('Schedule', request.params.paymentScheduleId, callerOf(request).scope, deps),
          request.id,
        ),
      ),
  );

  app.get(
    '/api/v1/paymentSchedules/:paymentScheduleId/payments',
    {
      schema: {
        operationId: 'listPaymentSchedulePayments',
        summary: 'List a schedule’s payments (ours)',
        description: 'Ours: every try of every payment, with its transaction, oldest first (docs/autopay.md).',
        tags: TAGS,
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: params(),
        response: operationResponses({ 200: success('The tries.', schedulePaymentsSchema, schedulePaymentsExamples) }, [
          ...SECRET_ERRORS,
          'paymentScheduleNotFound',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const runs = await schedulePayments('Schedule', request.params.paymentScheduleId, callerOf(request).scope, deps);
      return { payments: valueOf(runs, request.id).map(toSchedulePayment) };
    },
  );

  const changes = [
    ['cancel', cancelSchedule, 'cancelPaymentSchedule', 'Cancel a payment schedule', '', ['scheduleCompleted']],
    [
      'pause',
      pauseSchedule,
      'pausePaymentSchedule',
      'Pause a payment schedule (ours)',
      'Ours. ',
      ['scheduleCancelled', 'scheduleCompleted', 'scheduleNotActive'],
    ],
    [
      'restart',
      restartSchedule,
      'restartPaymentSchedule',
      'Restart a payment schedule (ours)',
      'Ours. ',
      ['scheduleCompleted'],
    ],
  ] as const;
  for (const [verb, change, operationId, summary, ours, conflicts] of changes)
    app.post(
      `/api/v1/paymentSchedules/:paymentScheduleId/${verb}`,
      {
        schema: {
          operationId,
          summary,
          description: `${ours}The schedule as it is after the change; a payment already due is made first (docs/autopay.md#statuses).`,
          tags: TAGS,
          security: secretSecurity,
          requestHeaders: callerHeaders,
          params: params(),
          response: operationResponses({ 200: one('The schedule.') }, [
            ...SECRET_ERRORS,
            ...STRAY_BODY_ERRORS,
            'paymentScheduleNotFound',
            ...conflicts,
          ]),
        },
        onRequest: secretOnly(deps),
      },
      async (request) =>
        toPaymentScheduleResponse(
          valueOf(await change('Schedule', request.params.paymentScheduleId, callerOf(request), deps), request.id),
        ),
    );
}
