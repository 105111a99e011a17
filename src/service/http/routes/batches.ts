import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../errors.js';
import {
  batchIdParamsSchema,
  listBatchesResponses,
  listBatchTransactionsResponses,
  pageQuerySchema,
  settleResponses,
} from '../schemas/lifecycle-schemas.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { callerHeaders, secretSecurity } from '../schemas/schemas.js';
import { toBatchResponse, toTransactionResponse } from '../wire-mappers.js';
import { validatePage } from '../reversal-requests.js';
import { settle } from '../../payments/settle.js';
import { valueOf } from '../result-answers.js';

/** Settlement batches (docs/api.md#voids-refunds-and-settlement): the sandbox's settle-now and the lists. */
export function batchRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.post(
    '/api/v1/sandbox/settle',
    {
      schema: {
        operationId: 'settleSandboxBatch',
        summary: 'Close the caller’s open batch now (sandbox processor)',
        description:
          'Settles every approved, unvoided, unsettled sale, capture and refund of the caller (under its impersonation, if any) in a new batch, as the daily cut-off would.',
        tags: ['Batches'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        response: settleResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => toBatchResponse(valueOf(await settle(callerOf(request).scope, deps), request.id)),
  );

  app.get(
    '/api/v1/batches',
    {
      schema: {
        operationId: 'listBatches',
        summary: 'List the caller’s settlement batches',
        tags: ['Batches'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema({ ...pageQuerySchema }, fromCheck(validatePage)),
        response: listBatchesResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await deps.repository.batches.list(callerOf(request).scope, pageSize, (page - 1) * pageSize);
      return { batches: result.batches.map(toBatchResponse), totalRecords: result.totalRecords };
    },
  );

  app.get(
    '/api/v1/batches/:batchId/transactions',
    {
      schema: {
        operationId: 'listBatchTransactions',
        summary: 'List the transactions a batch settled',
        tags: ['Batches'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(batchIdParamsSchema, 'batchId', 'batch', 'BATCH_NOT_FOUND'),
        querystring: requestSchema({ ...pageQuerySchema }, fromCheck(validatePage)),
        response: listBatchTransactionsResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const batch = await deps.repository.batches.find(request.params.batchId, callerOf(request).scope);
      if (!batch) throw ApiError.of(404, 'BATCH_NOT_FOUND');
      const result = await deps.repository.batches.transactions(batch.id, pageSize, (page - 1) * pageSize);
      return { transactions: result.transactions.map(toTransactionResponse), totalRecords: result.totalRecords };
    },
  );
}
