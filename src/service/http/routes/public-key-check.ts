import type { FastifyInstance } from 'fastify';
import { findImpersonated } from '../../auth/account-cache.js';
import { SET_UP_MESSAGES, checkSetUp } from '../../auth/set-up-check.js';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { ApiError } from '../errors.js';
import { errorRef, operationResponses, success } from '../schemas/response-map.js';
import { callerHeaders } from '../schemas/schemas.js';

declare module 'fastify' {
  interface FastifySchema {
    /** Paytoken's own operation, not one of the payment API's: said so in the document. */
    'x-paytoken-own'?: true;
  }
}

const verdictSchema = {
  type: 'object',
  required: ['valid'],
  additionalProperties: false,
  properties: {
    valid: { type: 'boolean', description: 'Whether a page with this key, at this origin, can take payments.' },
    code: { type: 'string', enum: Object.keys(SET_UP_MESSAGES), description: 'The problem, when there is one.' },
    message: { type: 'string', description: 'What is wrong and how to fix it, for the developer (English).' },
  },
} as const;

const NOTHING_TO_READ =
  'This check reads only the public key (Authorization: Api-Key …), impersonationAccountKey and Origin: send no query and no body.';

/**
 * `GET /api/v1/publicKeys/check` (docs/integrating.md#when-the-set-up-is-wrong): what the hosted script, the
 * form and the frame ask once when they start, so a mistake in the page is reported to the developer
 * before a payer types anything. The decision is auth/set-up-check.ts; a page may call it from
 * any origin (the preflight is auth/browser-pages.ts's), and each address is counted as for tokens.
 */
export function publicKeyCheckRoutes(
  app: FastifyInstance,
  deps: Pick<ServiceDeps, 'repository' | 'accountCache' | 'config' | 'rateLimiter'>,
): void {
  app.get(
    '/api/v1/publicKeys/check',
    {
      schema: {
        'x-paytoken-own': true,
        operationId: 'checkPublicKey',
        summary: 'Check a page’s public key and origin (Paytoken’s own)',
        description:
          'Not part of the payment API: Paytoken’s own, read-only, for its browser scripts. With the public key as `POST /tokens` takes it (`Authorization: Api-Key <publicKey>`), the optional `impersonationAccountKey` and the page’s `Origin`, answers 200 with `valid`, and for a problem its `code` and a `message` that says how to fix it. It reads no card data, and says nothing of other accounts beyond “not a valid public key”. Rate limited per client address, with a limit of its own.',
        tags: ['Set-up'],
        security: [{ publicKey: [] }, {}],
        requestHeaders: callerHeaders,
        response: operationResponses(
          {
            200: success('The verdict.', verdictSchema, {
              valid: { summary: 'The key may take payments on this page', value: { valid: true } },
              secret: {
                summary: 'An API secret in the page',
                value: { valid: false, code: 'SECRET_KEY_IN_PAGE', message: SET_UP_MESSAGES.SECRET_KEY_IN_PAGE },
              },
            }),
            400: {
              description: 'A query or a body was sent, or the Host names another service.',
              content: {
                'application/json': {
                  schema: errorRef,
                  examples: {
                    nothingToRead: {
                      summary: 'A query or a body',
                      value: { message: NOTHING_TO_READ, code: 'INVALID_REQUEST', requestId: 'req_Qk3v9xYb0a1' },
                    },
                  },
                },
              },
            },
          },
          ['invalidHost', 'rateLimited', 'internalError'],
        ),
      },
    },
    async (request, reply) => {
      const { origin } = request.headers;
      if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      reply.header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id').header('Cache-Control', 'no-store');
      // Card data never has a place here: anything beside the headers is refused unread.
      const query = request.query as Record<string, unknown>;
      if (Object.keys(query).length || request.headers['content-length'] || request.headers['transfer-encoding'])
        throw new ApiError(400, 'INVALID_REQUEST', NOTHING_TO_READ);
      const verdict = await deps.rateLimiter.hit(`check:${request.ip}`, deps.config.tokenRateLimitPerIp);
      if (!verdict.allowed)
        throw ApiError.of(
          429,
          'RATE_LIMITED',
          { seconds: verdict.retryAfterSeconds },
          { 'Retry-After': String(verdict.retryAfterSeconds) },
        );
      const impersonationKey = request.headers.impersonationaccountkey;
      return checkSetUp(
        {
          authorization: request.headers.authorization,
          impersonationKey: typeof impersonationKey === 'string' ? impersonationKey : undefined,
          origin,
        },
        {
          byPublicKey: (publicKey) =>
            deps.accountCache.get(`public:${publicKey}`, () => deps.repository.accounts.findByPublicKey(publicKey)),
          impersonated: (system, key) => findImpersonated(deps, system.id, key),
          ownOrigin: new URL(baseUrl(request, deps)).origin,
        },
      );
    },
  );
}
