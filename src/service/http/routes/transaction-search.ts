import type { FastifyInstance } from 'fastify';
import type { TransactionSearchResponse } from '../../../shared/transaction-search.js';
import { callerOf, secretOnly } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { fromCheck, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { callerHeaders, secretSecurity } from '../schemas/schemas.js';
import { transactionSearchQuerySchema, transactionSearchResponses } from '../schemas/search-schemas.js';
import { toTransactionResponse } from '../wire-mappers.js';
import { searchTransactions } from '../../payments/search.js';
import { validateTransactionSearch } from '../search-parameters.js';

/** `GET /api/v1/transactions` (docs/api.md#searching-transactions): HTTP in and out of payments/search.ts, its query checked by http/search-parameters.ts. */
export function transactionSearchRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();

  app.get(
    '/api/v1/transactions',
    {
      schema: {
        operationId: 'searchTransactions',
        summary: 'Search transactions',
        description:
          'The caller’s transactions (under its impersonation, if any), newest first, one page at a time, with the number of matches in all. ' +
          'Without dates, the last 30 days; without `transactionSearchTypeId`, approved payments (`Processed`).',
        tags: ['Transactions'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema(
          transactionSearchQuerySchema,
          fromCheck((query) => validateTransactionSearch(query, deps.now())),
        ),
        response: transactionSearchResponses,
      },
      onRequest: secretOnly(deps),
    },
    async (request): Promise<TransactionSearchResponse> => {
      const result = await searchTransactions(request.query, callerOf(request).scope, deps);
      return { transactions: result.transactions.map(toTransactionResponse), totalRecords: result.totalRecords };
    },
  );
}
