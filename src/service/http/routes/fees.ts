import type { FastifyInstance } from 'fastify';
import { centsToAmount } from '../../../shared/money.js';
import { fieldsOf } from '../../../shared/validators/fields.js';
import { validateAmountDue } from '../../../shared/validators/transaction-request.js';
import { callerOf, secretOnly, type Caller } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { payerFees } from '../../fees/calculate.js';
import { fromCheck, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { feesExamples } from '../schemas/examples.js';
import { BODY_ERRORS, SECRET_ERRORS, operationResponses, success } from '../schemas/response-map.js';
import {
  amountDueBodySchema,
  amountDueQuerySchema,
  callerHeaders,
  secretSecurity,
  transactionFeesSchema,
} from '../schemas/schemas.js';

const amountOf = (data: unknown) => fieldsOf(data).amount;

/** `GET|POST /transactionFees` (docs/api.md#fees): the payer fee of each method. */
export function feeRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  // The rates of the caller's account, or of the client it impersonates (docs/api.md#impersonation).
  const answer = (caller: Caller, amountDueCents: number) => {
    const fees = payerFees(caller.actingFor.feeSchedules, amountDueCents);
    return { achPayerFee: centsToAmount(fees.ach), creditCardPayerFee: centsToAmount(fees.creditCard) };
  };
  const common = { tags: ['Fees'], security: secretSecurity, requestHeaders: callerHeaders };
  const fees = success('The payer fee of each method.', transactionFeesSchema, feesExamples);

  app.get(
    '/api/v1/transactionFees',
    {
      schema: {
        ...common,
        operationId: 'getTransactionFees',
        summary: 'Calculate payer fees',
        description:
          'The payer fee for ACH and for card on a net amount due, to show the payer before paying and to post `payerFee` (Mode A).',
        response: operationResponses({ 200: fees }, [...SECRET_ERRORS, 'validationError']),
        querystring: requestSchema(
          amountDueQuerySchema,
          fromCheck((query) => validateAmountDue(amountOf(query))),
        ),
      },
      onRequest: secretOnly(deps),
    },
    (request) => answer(callerOf(request), request.query),
  );

  app.post(
    '/api/v1/transactionFees',
    {
      schema: {
        ...common,
        operationId: 'calculateTransactionFees',
        summary: 'Calculate payer fees (POST form)',
        description: 'The same answer as GET, with `{"amount": 100.00}` in the body.',
        response: operationResponses({ 200: fees }, [...SECRET_ERRORS, ...BODY_ERRORS]),
        body: requestSchema(
          amountDueBodySchema,
          fromCheck((body) => validateAmountDue(amountOf(body), { body: true })),
        ),
      },
      onRequest: secretOnly(deps),
    },
    (request) => answer(callerOf(request), request.body),
  );
}
