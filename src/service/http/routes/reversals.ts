import type { FastifyInstance } from 'fastify';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { idempotent } from '../idempotency.js';
import { answerOf, valueOf } from '../result-answers.js';
import {
  refundRequestSchema,
  refundResponses,
  voidQuerySchema,
  voidRequestSchema,
  voidResponses,
} from '../schemas/lifecycle-schemas.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { idempotentHeaders, secretSecurity, transactionIdParamsSchema } from '../schemas/schemas.js';
import { refund } from '../../payments/refund.js';
import { toTransactionResponse } from '../wire-mappers.js';
import type { Scope } from '../../storage/repository.js';
import { findTransaction } from '../../payments/reads.js';
import { validateRefundRequest, validateVoidQuery, validateVoidRequest } from '../reversal-requests.js';
import { voidTransaction } from '../../payments/void.js';

const params = idParams(transactionIdParamsSchema, 'transactionId', 'transaction', 'TRANSACTION_NOT_FOUND');

/**
 * The transaction a path names, in the caller's scope, or a 404. An `Idempotency-Key` is scoped to
 * it by its numeric id, so `/12152/refund` and `/txn_…/refund` with one key refund once.
 */
async function transactionNamed(
  transactionId: string,
  scope: Scope,
  deps: ServiceDeps,
  requestId: string,
): Promise<number> {
  return valueOf(await findTransaction(transactionId, scope, deps), requestId).id;
}

/** Voids and refunds (docs/api.md#voids-refunds-and-settlement): HTTP in and out of payments/void.ts and refund.ts. */
export function reversalRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.post(
    '/api/v1/transactions/:transactionId/void',
    {
      schema: {
        operationId: 'voidTransaction',
        summary: 'Void a transaction before settlement',
        description:
          'Cancels an unsettled sale or capture (the payer is not charged; fee and netAmount become 0) or releases an open authorization. A settled one is refunded instead. The body is optional. Takes an `Idempotency-Key`.',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        params,
        querystring: requestSchema(voidQuerySchema, fromCheck(validateVoidQuery)),
        bodyOptional: true,
        body: requestSchema(voidRequestSchema, fromCheck(validateVoidRequest)),
        response: voidResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const { scope } = callerOf(request);
      const id = await transactionNamed(request.params.transactionId, scope, deps, request.id);
      return idempotent(request, reply, deps, scope, `transactions.void:${id}`, async (repository) => {
        // `sendReceipt` in the query (as the .NET client sends it) or in the body.
        const sendReceipt = request.query.sendReceipt || request.body.sendReceipt;
        const result = await voidTransaction(String(id), scope, { ...deps, repository }, sendReceipt);
        return answerOf(result, request.id, (voided) => ({
          status: 200,
          headers: {},
          body: toTransactionResponse(voided),
        }));
      });
    },
  );

  app.post(
    '/api/v1/transactions/:transactionId/refund',
    {
      schema: {
        operationId: 'refundTransaction',
        summary: 'Refund a settled transaction, in full or in part',
        description:
          'Gives back `amount` (or all that is left) as a new transaction of −amount; the agency’s funding bears it and the fee stays (docs/fees.md#refunds). Before settlement, void instead. Takes an `Idempotency-Key`.',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        params,
        bodyOptional: true,
        body: requestSchema(refundRequestSchema, fromCheck(validateRefundRequest)),
        response: refundResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request, reply) => {
      const { scope, actingFor } = callerOf(request);
      const id = await transactionNamed(request.params.transactionId, scope, deps, request.id);
      const base = baseUrl(request, deps);
      // The key is per transaction: the same key and body for another transaction is another refund.
      return idempotent(request, reply, deps, scope, `transactions.refund:${id}`, async (repository) => {
        const { amountCents, sendReceipt } = request.body;
        const result = await refund(
          String(id),
          amountCents,
          scope,
          { ...deps, repository },
          sendReceipt,
          actingFor.feeProgram,
        );
        return answerOf(result, request.id, (made) => ({
          status: 201,
          headers: { Location: `${base}/api/v1/transactions/${made.id}` },
          body: toTransactionResponse(made),
        }));
      });
    },
  );
}
