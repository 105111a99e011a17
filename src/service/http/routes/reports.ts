import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { DEFAULT_CUTOFF, parseSettlementCutoff } from '../../payments/cutoff.js';
import { lockboxCsv, lockboxDay, lockboxFixedWidth, isoDay } from '../../reports/lockbox.js';
import { settlementCsv, settlementReport } from '../../reports/settlement-report.js';
import { validateLockboxQuery, validateReportQuery } from '../report-requests.js';
import { valueOf } from '../result-answers.js';
import { batchIdParamsSchema } from '../schemas/lifecycle-schemas.js';
import {
  lockboxQuerySchema,
  lockboxResponses,
  reportQuerySchema,
  settlementReportResponses,
} from '../schemas/report-schemas.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { callerHeaders, secretSecurity } from '../schemas/schemas.js';
import { toSettlementReportResponse } from '../wire-mappers.js';

/** Whether the caller asked for CSV by its Accept header (a `format` in the query wins). */
const acceptsCsv = (accept: string | undefined): boolean =>
  (accept ?? '').split(',').some((type) => type.split(';')[0]?.trim().toLowerCase() === 'text/csv');

/** Settlement reports and lockbox files (ours; docs/api.md#settlement-reports), key and secret only. */
export function reportRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  const timeZone = (deps.config.settlementCutoff ?? parseSettlementCutoff(DEFAULT_CUTOFF))?.timeZone ?? 'UTC';

  app.get(
    '/api/v1/batches/:batchId/report',
    {
      schema: {
        operationId: 'getSettlementReport',
        summary: 'A batch’s settlement report, as JSON or CSV (ours)',
        description:
          'One line per transaction the batch settled, with principal (the net amount due), payer fee, service fee, initiating-party fee and net, and their totals, which equal the batch’s. CSV with ?format=csv or Accept: text/csv.',
        tags: ['Batches'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(batchIdParamsSchema, 'batchId', 'batch', 'BATCH_NOT_FOUND'),
        querystring: requestSchema({ ...reportQuerySchema }, fromCheck(validateReportQuery)),
        response: settlementReportResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const report = valueOf(await settlementReport(request.params.batchId, callerOf(request).scope, deps), request.id);
      const format = request.query.format ?? (acceptsCsv(request.headers.accept) ? 'csv' : 'json');
      if (format === 'json') return toSettlementReportResponse(report);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="settlement-batch-${report.batch.id}.csv"`)
        .send(settlementCsv(report));
    },
  );

  app.get(
    '/api/v1/reports/lockbox',
    {
      schema: {
        operationId: 'getLockboxFile',
        summary: 'The payments of a day as a lockbox file, CSV or fixed width (ours)',
        description:
          'The approved, unvoided sales and captures whose money was taken on that day (in the time zone of the settlement cut-off), in the layout of docs/api.md#lockbox-files.',
        tags: ['Batches'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema({ ...lockboxQuerySchema }, fromCheck(validateLockboxQuery)),
        response: lockboxResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const { day, format } = request.query;
      const file = valueOf(await lockboxDay(day, callerOf(request).scope, timeZone, deps), request.id);
      const name = `lockbox-${isoDay(day)}.${format === 'csv' ? 'csv' : 'txt'}`;
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(format === 'csv' ? lockboxCsv(file) : lockboxFixedWidth(file));
    },
  );
}
