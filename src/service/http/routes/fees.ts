import type { FastifyInstance } from 'fastify';
import { centsToAmount } from '../../../shared/money.js';
import { fieldsOf } from '../../../shared/validators/fields.js';
import { validateAmountDue } from '../../../shared/validators/transaction-request.js';
import { callerOf, secretOnly, type Caller } from '../../auth/authenticate.js';
import type { ServiceDeps } from '../../deps.js';
import { methodFees, tokenFee } from '../../payments/method-fees.js';
import { validateTransactionFeesQuery } from '../fee-requests.js';
import { valueOf } from '../result-answers.js';
import { fromCheck, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { feesExamples } from '../schemas/examples.js';
import { BODY_ERRORS, SECRET_ERRORS, operationResponses, success } from '../schemas/response-map.js';
import {
  amountDueBodySchema,
  transactionFeesQuerySchema,
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
    const fees = methodFees(caller, amountDueCents);
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
          'The payer fee for ACH and for card on a net amount due, to show the payer before paying and to post `payerFee` (Mode A). With `tokenId` (ours), also `payerFee`: the fee of that token by its funding, with its `funding`, the account’s `program` and the `rule` that decided it (docs/fees.md#fee-programs).',
        response: operationResponses({ 200: fees }, [...SECRET_ERRORS, 'validationError', 'tokenNotFound']),
        querystring: requestSchema(transactionFeesQuerySchema, fromCheck(validateTransactionFeesQuery)),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const caller = callerOf(request);
      const { amountCents, tokenId } = request.query;
      if (tokenId === undefined) return answer(caller, amountCents);
      // That token's fee too: its funding, the program and the rule (docs/api.md#fees).
      const fee = valueOf(await tokenFee(tokenId, amountCents, caller, deps), request.id);
      return {
        ...answer(caller, amountCents),
        payerFee: centsToAmount(fee.payerFee),
        funding: fee.funding,
        program: fee.program,
        rule: fee.rule,
      };
    },
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
