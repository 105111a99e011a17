import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl, type ServiceDeps } from '../../deps.js';
import { ERROR_COMPONENT } from '../schemas/response-map.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Request headers the operation reads itself (credentials aside), shown in the document as
     * header parameters; Fastify does not validate them (docs/decisions/0115-impersonation-in-the-api-description.md).
     */
    requestHeaders?: object;
    /**
     * The body may be left out (a void, a refund): the document marks it not required, and an empty
     * one sent as `application/json` counts as none (framework-errors.ts, `ignoreTypeOfEmptyBody`).
     */
    bodyOptional?: boolean;
  }
}

const OPTIONAL_BODY = 'x-paytoken-optional-body';

/** `requestBody.required: false` on the operations marked `bodyOptional`, and the marker removed. */
function markOptionalBodies<T extends { paths?: object }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown> | undefined>>;
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      if (!operation?.[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) (operation.requestBody as { required: boolean }).required = false;
    }
  return document;
}

/** The document of this service, with `servers` naming where it was asked: PUBLIC_URL, else the request's own address. */
function withServers<T extends object>(document: T, request: FastifyRequest, deps: Pick<ServiceDeps, 'config'>): T {
  return { ...document, servers: [{ url: baseUrl(request, deps), description: 'This service.' }] };
}

/** Collects every route's schemas into one OpenAPI 3.1 document; register before the routes. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addSchema(ERROR_COMPONENT);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paytoken API',
        version,
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'Tokens (saved payment methods), payer-fee calculation and transactions for agencies. ' +
          'Servers authenticate with `Authorization: Basic base64(apiKey:apiSecret)`; browsers create tokens with ' +
          '`Authorization: Api-Key <publicKey>`. A system acts for a linked client with the `impersonationAccountKey` header. ' +
          'Errors are JSON with a readable `message`, a stable `code`, every field problem in `errors`, and a `requestId`. ' +
          'The framework answers in the same shape before any operation runs: an unknown path is a 404 `NOT_FOUND`, ' +
          'a URL that is not percent-encoded UTF-8 a 400 `INVALID_URL`, a path segment over 100 characters a 414 `URI_TOO_LONG`, ' +
          'a body that is not JSON a 415, over 64 KiB a 413, unparsable a 400 `MALFORMED_JSON` or `EMPTY_BODY`, ' +
          'headers too large a 431 `HEADERS_TOO_LARGE`, a malformed header line a 400 `INVALID_HEADER`, ' +
          'and a Host that names another service a 400 `INVALID_HOST`. Every answer carries `X-Request-Id`.',
      },
      components: {
        securitySchemes: {
          basic: {
            type: 'http',
            scheme: 'basic',
            description: 'API key as the user name, API secret as the password.',
          },
          publicKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Api-Key <publicKey>`; creates tokens only.',
          },
        },
      },
      tags: [
        {
          name: 'Tokens',
          description:
            'Saved payment methods: a card or a bank account, created from the browser with the public key or from a server, then read or deleted by the server.',
        },
        {
          name: 'Fees',
          description:
            'The payer fee of each payment method for an amount due, to show before paying and to post as payerFee.',
        },
        {
          name: 'Set-up',
          description:
            'Paytoken’s own operations, not part of the payment API: what its browser scripts ask when they start.',
        },
        {
          name: 'Transactions',
          description:
            'Payments (sales) on a token or on card or bank details, authorizations that hold an amount, and their captures.',
        },
      ],
    },
    // Shared schemas keep their $id as their name in components/schemas (e.g. Error).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // Documentation-only request headers become header parameters; an optional body is marked for
    // transformObject (the plugin always writes requestBody.required: true).
    transform: ({ schema, url }) => ({
      schema: {
        ...schema,
        ...(schema.requestHeaders && { headers: schema.requestHeaders }),
        ...(schema.bodyOptional && { [OPTIONAL_BODY]: true }),
      },
      url,
    }),
    transformObject: (documentObject) =>
      markOptionalBodies(
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
      ),
  });
}

/**
 * `/` is the interactive API description (Swagger UI, served from the installed package: no CDN),
 * `/openapi.json` the document behind it.
 */
export async function docsRoutes(app: FastifyInstance, deps: Pick<ServiceDeps, 'config'>): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
    transformSpecification: (document, request) => withServers(document, request, deps),
  });
  app.get('/', { schema: { hide: true } }, (_, reply) => reply.redirect('/docs/', 302));
  app.get('/openapi.json', { schema: { hide: true } }, (request) => withServers(app.swagger(), request, deps));
}
