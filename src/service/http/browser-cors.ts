import type { FastifyReply, FastifyRequest } from 'fastify';

/** The headers a page may send to an operation it calls with the public key. */
export const BROWSER_HEADERS = 'Authorization, Content-Type, impersonationAccountKey, Idempotency-Key';

/**
 * CORS for the operations a page calls with the public key (docs/api.md#cors): `POST /tokens` and
 * `GET /cardFees`. Any origin may ask; the key's allow-list decides (auth/public-key-gate.ts).
 */
export function allowBrowser(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (!origin) return;
  reply
    .header('Access-Control-Allow-Origin', origin)
    .header('Vary', 'Origin')
    .header('Access-Control-Expose-Headers', 'Location, Retry-After, X-Request-Id');
}

/** The answer to a page's preflight of an operation it may call with `method`. */
export function browserPreflight(method: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    allowBrowser(request, reply);
    return reply
      .header('Access-Control-Allow-Methods', method)
      .header('Access-Control-Allow-Headers', BROWSER_HEADERS)
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send();
  };
}
