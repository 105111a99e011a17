import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateTokenRequest } from '../../../shared/validators/token-request.js';
import { authenticate, callerOf, secretOnly } from '../../auth/authenticate.js';
import { refuseForeignPage } from '../../auth/browser-pages.js';
import { admitPublicKeyCall } from '../../auth/public-key-gate.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { idempotent } from '../idempotency.js';
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
import { newStoredToken, saveToken } from '../../payments/stored-token.js';
import { deleteToken, findToken } from '../../payments/reads.js';
import { valueOf } from '../result-answers.js';

const BROWSER_HEADERS = 'Authorization, Content-Type, impersonationAccountKey, Idempotency-Key';

/** CORS for `POST /tokens` only (docs/api.md#cors): any origin may ask; the key's allow-list decides. */
function allowBrowser(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (!origin) return;
  reply
    .header('Access-Control-Allow-Origin', origin)
    .header('Vary', 'Origin')
    .header('Access-Control-Expose-Headers', 'Location, Retry-After, X-Request-Id');
}

/** Tokens (docs/api.md#tokens): create from the browser or a server, retrieve and delete from a server. */
export function tokenRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  app.options('/api/v1/tokens', { schema: { hide: true } }, (request, reply) => {
    allowBrowser(request, reply);
    return reply
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', BROWSER_HEADERS)
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send();
  });

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
          fromCheck((data) => validateTokenRequest(data)),
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
      const { scope } = callerOf(request);
      return idempotent(request, reply, deps, scope, 'tokens.create', async (repository) => {
        const token = newStoredToken(newId('tok'), request.body, scope, deps);
        await saveToken(token, { repository });
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
