import type { FastifyInstance } from 'fastify';
import { centsToAmount } from '../../../shared/money.js';
import { authenticate, callerOf } from '../../auth/authenticate.js';
import { refuseForeignPage } from '../../auth/browser-pages.js';
import { admitPublicKeyCall } from '../../auth/public-key-gate.js';
import type { ServiceDeps } from '../../deps.js';
import { cardFees } from '../../payments/method-fees.js';
import { allowBrowser, browserPreflight } from '../browser-cors.js';
import { validateCardFeesQuery } from '../fee-requests.js';
import { fromCheck, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { cardFeesExamples } from '../schemas/examples.js';
import { AUTH_ERRORS, operationResponses, success } from '../schemas/response-map.js';
import { callerHeaders, cardFeesQuerySchema, cardFeesSchema, tokenSecurity } from '../schemas/schemas.js';

/**
 * `GET /cardFees` (docs/api.md#card-fees), ours: the payer fee of a card by its BIN, or of ACH, for the
 * form to show before Pay. Called from a page with the public key, as `POST /tokens` is: the same
 * origin check, CORS and limits (counted apart); never a card number.
 */
export function cardFeeRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  app.options('/api/v1/cardFees', { schema: { hide: true } }, browserPreflight('GET'));
  app.get(
    '/api/v1/cardFees',
    {
      schema: {
        operationId: 'getCardFees',
        summary: 'The payer fee of a card by its BIN (ours)',
        description:
          'Ours. The payer fee for a net amount due of a card, from its BIN (the first 6 to 8 digits, never more) by its funding and brand, or of a bank payment (`method=ach`), in the account’s fee program, with the rule that decided it. Callable from a page with the public key (origin allow-list, CORS and rate limits as for POST /tokens, counted apart) or with key and secret.',
        tags: ['Fees'],
        security: tokenSecurity,
        requestHeaders: callerHeaders,
        querystring: requestSchema(cardFeesQuerySchema, fromCheck(validateCardFeesQuery)),
        response: operationResponses(
          { 200: success('The fee of this card or of ACH.', cardFeesSchema, cardFeesExamples) },
          [...AUTH_ERRORS, 'validationError', 'originNotAllowed', 'rateLimited'],
        ),
      },
      onRequest: async (request, reply) => {
        allowBrowser(request, reply);
        if (/^Basic\s/i.test(request.headers.authorization ?? '')) refuseForeignPage(request, deps);
        const caller = await authenticate(request, deps, 'public-or-secret');
        await admitPublicKeyCall(request, caller, deps, 'cardFees');
        request.caller = caller;
      },
    },
    (request) => {
      const fee = cardFees(request.query, callerOf(request), deps.binTable);
      return {
        ...fee,
        amount: centsToAmount(fee.amount),
        payerFee: centsToAmount(fee.payerFee),
        totalAmount: centsToAmount(fee.totalAmount),
      };
    },
  );
}
