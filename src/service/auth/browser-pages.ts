/**
 * Key+secret operations called from a web page (docs/api.md#cors). The secret belongs on the
 * integrator's server; a page that holds it has leaked it. Without an answer the browser shows only
 * a bare CORS failure, so the preflight is let through and the request itself is refused with a
 * body the page can read, which says what to do. A page on the service's own origin (its API
 * description's "Try it out") is not another site and is served as usual.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl, type ServiceDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';

/** The origin of the page that sent `request`, when it is another site's page; else `undefined`. */
function foreignPage(request: FastifyRequest, deps: Pick<ServiceDeps, 'config'>): string | undefined {
  const { origin } = request.headers;
  if (!origin || origin === new URL(baseUrl(request, deps)).origin) return undefined;
  return origin;
}

/** Throws the readable 403 when a key+secret operation is called from another site's page. */
export function refuseForeignPage(request: FastifyRequest, deps: Pick<ServiceDeps, 'config'>): void {
  const origin = foreignPage(request, deps);
  if (origin === undefined) return;
  // Printable ASCII only, in the message and in the header sent back: the value is the page's.
  const shown = origin.replace(/[^\x21-\x7e]/g, '?').slice(0, 200);
  const readable: Record<string, string> =
    shown === origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
  throw ApiError.of(403, 'SECRET_IN_BROWSER', { origin: shown }, readable);
}

/**
 * Answers a browser's preflight of any `/api/v1/` operation but token creation (which has its own,
 * http/routes/tokens.ts), so the request that follows reaches `refuseForeignPage`.
 */
export function foreignPagePreflight(app: FastifyInstance): void {
  app.options('/api/v1/*', { schema: { hide: true } }, (request, reply) => {
    const { origin } = request.headers;
    if (!origin || !/^[\x21-\x7e]{1,200}$/.test(origin)) return reply.status(204).send();
    const asked = request.headers['access-control-request-headers'];
    return reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Vary', 'Origin')
      .header('Access-Control-Allow-Methods', 'GET, POST, DELETE')
      .header('Access-Control-Allow-Headers', typeof asked === 'string' && /^[\w, -]{1,500}$/.test(asked) ? asked : '')
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send();
  });
}
