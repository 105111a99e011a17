import type { FastifyInstance } from 'fastify';
import { validateTokenRequest } from '../../../shared/validators/token-request.js';
import { authenticate, callerOf, secretOnly } from '../../auth/authenticate.js';
import { refuseForeignPage } from '../../auth/browser-pages.js';
import { admitPublicKeyCall } from '../../auth/public-key-gate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { idempotent } from '../idempotency.js';
import { allowBrowser, browserPreflight } from '../browser-cors.js';
import { validateFeeQuote } from '../fee-requests.js';
import { checkedFeeQuote } from '../../payments/method-fees.js';
import { newId } from '../../vault/random.js';
import { fromCheck, idParams, requestSchema, type RequestTypes } from '../schemas/request-schema.js';
import { tokenCreatedExamples, tokenDeletedExamples, tokenExamples } from '../schemas/examples.js';
import {
  AUTH_ERRORS,
  BODY_ERRORS,
  HEADERS,
  IDEMPOTENCY_ERRORS,
  SECRET_ERRORS,
  STRAY_BODY_ERRORS,
  operationResponses,
  success,
} from '../schemas/response-map.js';
import {
  callerHeaders,
  idempotentHeaders,
  secretSecurity,
  tokenCreatedSchema,
  tokenDeletedSchema,
  tokenIdParamsSchema,
  tokenRequestSchema,
  tokenSchema,
  tokenSecurity,
} from '../schemas/schemas.js';
import { toTokenResponse } from '../wire-mappers.js';
import { newStoredToken } from '../../payments/stored-token.js';
import { deleteToken, findToken } from '../../payments/reads.js';
import { valueOf } from '../result-answers.js';

/** Tokens (docs/api.md#tokens): create from the browser or a server, retrieve and delete from a server. */
export function tokenRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  app.options('/api/v1/tokens', { schema: { hide: true } }, browserPreflight('POST'));

  app.post(
    '/api/v1/tokens',
    {
      schema: {
        operationId: 'createToken',
        summary: 'Create a token (a saved payment method)',
        description:
          'From the browser with `Authorization: Api-Key <publicKey>`, or from a server with key and secret. 201 with the id in `Location`.',
        tags: ['Tokens'],
        security: tokenSecurity,
        requestHeaders: idempotentHeaders,
        body: requestSchema(
          tokenRequestSchema,
          fromCheck((data) => {
            const token = validateTokenRequest(data);
            const quote = validateFeeQuote(data);
            if (!token.ok || !quote.ok)
              return { ok: false, errors: [...(token.ok ? [] : token.errors), ...(quote.ok ? [] : quote.errors)] };
            return { ok: true, value: { ...token.value, ...(quote.value && { quote: quote.value }) } };
          }),
        ),
        response: operationResponses(
          {
            201: success('Created; the id is also in Location.', tokenCreatedSchema, tokenCreatedExamples, {
              Location: HEADERS.Location,
              'Idempotent-Replayed': HEADERS.IdempotentReplayed,
            }),
          },
          [...AUTH_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, 'originNotAllowed', 'rateLimited'],
        ),
      },
      onRequest: async (request, reply) => {
        allowBrowser(request, reply);
        // A page holds the public key; key and secret sent from one means the secret is in the page.
        if (/^Basic\s/i.test(request.headers.authorization ?? '')) refuseForeignPage(request, deps);
        const caller = await authenticate(request, deps, 'public-or-secret');
        await admitPublicKeyCall(request, caller, deps);
        request.caller = caller;
      },
    },
    (request, reply) => {
      const caller = callerOf(request);
      const { quote = null, ...body } = request.body;
      return idempotent(request, reply, deps, caller.scope, 'tokens.create', async (repository) => {
        // The fee the payer was shown, checked against this card (docs/api.md#fee-quotes).
        const feeQuote = valueOf(checkedFeeQuote(body, quote, caller, deps.binTable), request.id);
        const token = newStoredToken(newId('tok'), body, caller.scope, deps, feeQuote);
        await repository.tokens.insert(token);
        return {
          status: 201,
          headers: { Location: `${baseUrl(request, deps)}/api/v1/tokens/${token.id}` },
          body: { id: token.id },
        };
      });
    },
  );

  app.get<{ Params: { tokenId: string } }>(
    '/api/v1/tokens/:tokenId',
    {
      schema: {
        operationId: 'getToken',
        summary: 'Retrieve a token',
        description:
          'The integrating server calls it after receiving a token id from the browser, to validate the token (docs/api.md#retrieving-and-deleting).',
        tags: ['Tokens'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(tokenIdParamsSchema, 'tokenId', 'token', 'TOKEN_NOT_FOUND'),
        response: operationResponses({ 200: success('The token.', tokenSchema, tokenExamples) }, [
          ...SECRET_ERRORS,
          'tokenNotFound',
          'uriTooLong',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const found = await findToken(request.params.tokenId, callerOf(request).scope, deps);
      return toTokenResponse(valueOf(found, request.id));
    },
  );

  app.delete<{ Params: { tokenId: string } }>(
    '/api/v1/tokens/:tokenId',
    {
      schema: {
        operationId: 'deleteToken',
        summary: 'Delete a token',
        description: 'The token can no longer be used; its encrypted details are erased.',
        tags: ['Tokens'],
        security: secretSecurity,
        requestHeaders: callerHeaders,
        params: idParams(tokenIdParamsSchema, 'tokenId', 'token', 'TOKEN_NOT_FOUND'),
        response: operationResponses({ 200: success('Deleted.', tokenDeletedSchema, tokenDeletedExamples) }, [
          ...SECRET_ERRORS,
          ...STRAY_BODY_ERRORS,
          'tokenNotFound',
          'uriTooLong',
        ]),
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const deleted = await deleteToken(request.params.tokenId, callerOf(request).scope, deps);
      return { id: valueOf(deleted, request.id).id, deleted: true };
    },
  );
}
