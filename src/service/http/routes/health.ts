import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { SERVICE_MESSAGES, type ServiceCode } from '../errors.js';

/** How long `/readyz` waits for the database before it says no. */
const READY_TIMEOUT_MS = 2_000;

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the database answers and is migrated; 503
 * otherwise), for load balancers and orchestrators: unauthenticated, cheap, and not part of the API
 * description.
 */
export function healthRoutes(app: FastifyInstance, deps: Pick<ServiceDeps, 'repository'>): void {
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    const ready = await Promise.race([deps.repository.instances.ready().catch(() => false), timeout]);
    clearTimeout(timer);
    reply.header('Cache-Control', 'no-store');
    if (ready) return reply.send({ status: 'ready' });
    return reply.status(503).send({
      message: SERVICE_MESSAGES.NOT_READY,
      code: 'NOT_READY' satisfies ServiceCode,
      requestId: request.id,
    });
  });
}
