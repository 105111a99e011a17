import type { FastifyInstance } from 'fastify';
import { formatAmount } from '../../../shared/money.js';
import {
  validateAuthorizationRequest,
  validateTransactionRequest,
} from '../../../shared/validators/transaction-request.js';
import type { TransactionResponse } from '../../../shared/wire.js';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { answerOf, valueOf } from '../result-answers.js';
import { idempotent, type Outcome } from '../idempotency.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { authorizationExamples, transactionExamples } from '../schemas/examples.js';
import {
  BODY_ERRORS,
  HEADERS,
  IDEMPOTENCY_ERRORS,
  SECRET_ERRORS,
  operationResponses,
  success,
} from '../schemas/response-map.js';
import {
  authorizationIdParamsSchema,
  authorizationRequestSchema,
  authorizationSchema,
  callerHeaders,
  idempotentHeaders,
  secretSecurity,
  transactionIdParamsSchema,
  transactionRequestSchema,
  transactionSchema,
} from '../schemas/schemas.js';
import { authorize } from '../../payments/authorize.js';
import { capture } from '../../payments/capture.js';
import { findAuthorization, findTransaction } from '../../payments/reads.js';
import { toAuthorizationResponse, toTransactionResponse } from '../wire-mappers.js';
import { sale } from '../../payments/sale.js';
import type { Transaction } from '../../payments/model.js';

/** A 201 with the transaction; a Mode C payment also carries its deprecation warning. */
function createdOutcome(transaction: Transaction, base: string): Outcome {
  const headers: Record<string, string> = { Location: `${base}/api/v1/transactions/${transaction.id}` };
  const body: TransactionResponse = toTransactionResponse(transaction);
  if (transaction.payerFeeMode === 'ServiceCalculated') {
    headers.Deprecation = 'true';
    body.warnings = [
      `payerFee was not sent, so the service added a payer fee of ${formatAmount((transaction.feeTransaction ?? transaction).payerFee)} to the charge (Mode C, deprecated). ` +
        'Send payerFee, calculated with GET /api/v1/transactionFees, in amount and payerFee instead (Mode A).',
    ];
  }
  return { status: 201, headers, body };
}

/** Transactions (docs/api.md#transactions): HTTP in and out of the payment operations in src/service/payments/. */
export function transactionRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  app.post(
    '/api/v1/transactions',
    {
      schema: {
        operationId: 'createTransaction',
        summary: 'Create a transaction',
        description:
          'Charges a token, card or bank details, or captures an authorization. The payer-fee mode follows docs/fees.md#payer-fee-modes; a decline is a 400 with `id` and `paymentResponseCode`. A sale with the same payment method and amount as an approved sale of the same scope within the account’s duplicate window (5 minutes unless set otherwise; 0 turns it off) is declined `HardDuplicateTransaction`, with a message naming the earlier payment and when the same charge is accepted again (docs/api.md#duplicate-protection). Takes an `Idempotency-Key`: its replay is never a duplicate.',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        body: requestSchema(
          transactionRequestSchema,
          fromCheck((body) => validateTransactionRequest(body, deps.now())),
        ),
        response: operationResponses(
          {
            201: success('The approved transaction; its URL is in Location.', transactionSchema, transactionExamples, {
              Location: HEADERS.Location,
              'Idempotent-Replayed': HEADERS.IdempotentReplayed,
              Deprecation: HEADERS.Deprecation,
            }),
          },
          [
            ...SECRET_ERRORS,
            ...BODY_ERRORS,
            ...IDEMPOTENCY_ERRORS,
            'declined',
            'duplicate',
            'invalidToken',
            'invalidAuthorization',
            'processorUnavailable',
          ],
        ),
      },
      onRequest: secretOnly(deps),
    },
    (request, reply) => {
      const draft = request.body;
      const caller = callerOf(request);
      const base = baseUrl(request, deps);
      return idempotent(request, reply, deps, caller.scope, 'transactions.create', async (repository) => {
        const result =
          'authorizationId' in draft.source
            ? await capture(draft, draft.source.authorizationId, caller, { ...deps, repository })
            : await sale(draft, caller, { ...deps, repository });
        return answerOf(result, request.id, (transaction) => createdOutcome(transaction, base));
      });
    },
  );

  app.post(
    '/api/v1/transactions/authorize',
    {
      schema: {
        operationId: 'authorizeTransaction',
        summary: 'Authorize an amount on a card token',
        description:
          'Holds the amount for 7 days; capture it with POST /transactions and `authorizationId`. Card tokens only.',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: idempotentHeaders,
        body: requestSchema(authorizationRequestSchema, fromCheck(validateAuthorizationRequest)),
        response: operationResponses(
          {
            201: success('The hold; its URL is in Location.', authorizationSchema, authorizationExamples, {
              Location: HEADERS.Location,
              'Idempotent-Replayed': HEADERS.IdempotentReplayed,
            }),
          },
          [...SECRET_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, 'declined', 'invalidToken'],
        ),
      },
      onRequest: secretOnly(deps),
    },
    (request, reply) => {
      const caller = callerOf(request);
      return idempotent(request, reply, deps, caller.scope, 'transactions.authorize', async (repository) => {
        const result = await authorize(request.body, caller, { ...deps, repository });
        return answerOf(result, request.id, (transaction) => {
          const authorization = toAuthorizationResponse(transaction);
          return {
            status: 201,
            headers: {
              Location: `${baseUrl(request, deps)}/api/v1/transactions/authorizations/${authorization.authorizationId}`,
            },
            body: authorization,
          };
        });
      });
    },
  );

  app.get<{ Params: { authorizationId: string } }>(
    '/api/v1/transactions/authorizations/:authorizationId',
    {
      schema: {
        operationId: 'getAuthorization',
        summary: 'Retrieve an authorization',
        description:
          'Ours: the API we follow names this address as the `Location` of an authorization and shows no read of it. A literal `authorizations` segment is never a transaction id (digits or `txn_…`), so no transaction’s path can reach it.',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(authorizationIdParamsSchema, 'authorizationId', 'authorization', 'AUTHORIZATION_NOT_FOUND'),
        response: operationResponses(
          {
            200: success('The authorization, and whether it was captured.', authorizationSchema, authorizationExamples),
          },
          [...SECRET_ERRORS, 'authorizationNotFound', 'uriTooLong'],
        ),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const found = await findAuthorization(request.params.authorizationId, callerOf(request).scope, deps);
      return toAuthorizationResponse(valueOf(found, request.id));
    },
  );

  app.get<{ Params: { transactionId: string } }>(
    '/api/v1/transactions/:transactionId',
    {
      schema: {
        operationId: 'getTransaction',
        summary: 'Retrieve a transaction',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(transactionIdParamsSchema, 'transactionId', 'transaction', 'TRANSACTION_NOT_FOUND'),
        response: operationResponses({ 200: success('The transaction.', transactionSchema, transactionExamples) }, [
          ...SECRET_ERRORS,
          'transactionNotFound',
          'uriTooLong',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const found = await findTransaction(request.params.transactionId, callerOf(request).scope, deps);
      return toTransactionResponse(valueOf(found, request.id));
    },
  );
}
