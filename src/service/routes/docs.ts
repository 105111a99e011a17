import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Collects every route's schemas into one OpenAPI 3.1 document; register before the routes. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paytoken API',
        version,
        description:
          'Tokens (saved payment methods), payer-fee calculation and transactions for agencies. ' +
          'Servers authenticate with `Authorization: Basic base64(apiKey:apiSecret)`; browsers create tokens with ' +
          '`Authorization: Api-Key <publicKey>`. A system acts for a linked client with the `impersonationAccountKey` header. ' +
          'Errors are JSON with a readable `message`, a stable `code`, every field problem in `errors`, and a `requestId`.',
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
          impersonation: {
            type: 'apiKey',
            in: 'header',
            name: 'impersonationAccountKey',
            description: 'Act for a client linked to your system account.',
          },
        },
      },
      tags: [
        { name: 'Tokens', description: 'Saved payment methods.' },
        { name: 'Fees', description: 'Payer fees before a payment (docs/fees.md).' },
        { name: 'Transactions', description: 'Payments, authorizations and captures.' },
      ],
    },
  });
}

/**
 * `/` is the interactive API description (Swagger UI, served from the installed package: no CDN),
 * `/openapi.json` the document behind it.
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
  });
  app.get('/', { schema: { hide: true } }, (_, reply) => reply.redirect('/docs/', 302));
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
