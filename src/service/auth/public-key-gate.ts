import type { FastifyRequest } from 'fastify';
import { baseUrl, type ServiceDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import type { Caller } from './authenticate.js';

/**
 * What a browser call with a public key must pass before its body is read (docs/api.md#hosted-scripts): the origin
 * allow-lists, then the card-testing limits. Calls with key and secret pass untouched.
 *
 * - Both allow-lists hold: the key owner's and, when it acts for a client, the client's own, so a
 *   system's public key cannot lend a client an origin the client refuses. The
 *   service's own origin passes: it is `<paytoken-frame>`'s page, which only allowed pages can embed.
 * - Limits are counted per client address and per public key, each per account acted for, so one
 *   account's traffic never uses up another's (item 7). The address is `request.ip`: the peer, or
 *   the client named in `X-Forwarded-For` by a proxy that `TRUST_PROXY` trusts.
 * - Each operation counts on its own (`counter`): a page's fee look-ups as the payer types never use
 *   up its token creations, and both have the token limits.
 */
export async function admitPublicKeyCall(
  request: FastifyRequest,
  caller: Caller,
  deps: Pick<ServiceDeps, 'config' | 'rateLimiter'>,
  counter: 'tokens' | 'cardFees' = 'tokens',
): Promise<void> {
  if (caller.credential !== 'public') return;
  const origin = request.headers.origin;
  // The service's own origin is its frame page's (http/routes/frames.ts): its frame-ancestors held the lists.
  const own = origin === new URL(baseUrl(request, deps)).origin;
  for (const allowed of [caller.account.allowedOrigins, caller.actingFor.allowedOrigins])
    if (origin && !own && allowed.length && !allowed.includes(origin)) throw ApiError.of(403, 'ORIGIN_NOT_ALLOWED');
  const account = caller.actingFor.id;
  const prefix = counter === 'tokens' ? '' : `${counter}:`;
  const counters: [name: string, limit: number][] = [
    [`${prefix}ip:${account}:${request.ip}`, deps.config.tokenRateLimitPerIp],
    [`${prefix}key:${account}:${caller.account.publicKey}`, deps.config.tokenRateLimitPerKey],
  ];
  for (const [name, limit] of counters) {
    const verdict = await deps.rateLimiter.hit(name, limit);
    if (!verdict.allowed)
      throw ApiError.of(
        429,
        'RATE_LIMITED',
        { seconds: verdict.retryAfterSeconds },
        { 'Retry-After': String(verdict.retryAfterSeconds) },
      );
  }
}
