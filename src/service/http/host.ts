import { networkInterfaces } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedHost } from '../config/config.js';
import type { ServiceDeps } from '../deps.js';
import { ApiError } from './errors.js';

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** An address as it appears in a URL's host: IPv6 in brackets, names in lower case. */
const asUrlHost = (address: string): string => (address.includes(':') ? `[${address}]` : address).toLowerCase();

/** The host names this service answers to without PUBLIC_URL: loopback, its addresses, ALLOWED_HOSTS. */
export function localHostNames(config: Pick<ServiceDeps['config'], 'host' | 'allowedHosts'>): Set<string> {
  const listening = WILDCARDS.has(config.host ?? '')
    ? Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((entry) => entry.address))
    : [config.host ?? ''];
  const allowed = (config.allowedHosts ?? []).map(allowedHost).filter((entry) => entry !== null);
  return new Set([...LOOPBACK, ...listening.map(asUrlHost), ...allowed]);
}

/**
 * The `onRequest` hook that keeps `Host` from steering `Location` and the other absolute URLs
 * (deps.ts `baseUrl`). With PUBLIC_URL set, they are built from it and `Host` is never read. Without
 * it, `Host` must name this service: a name it answers to (`localHostNames`) on the port the request
 * came in on (no port: the scheme's, 80 or 443), or a `name:port` listed in ALLOWED_HOSTS. Anything
 * else is refused, before anything runs or is stored under an idempotency key.
 */
export function refuseForeignHost(config: ServiceDeps['config']) {
  const names = config.publicUrl ? null : localHostNames(config);
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!names) return done();
    let url: URL | null = null;
    try {
      url = new URL(`${request.protocol}://${request.host}`);
    } catch {
      // not a host at all: refused below
    }
    const port = url?.port || (url?.protocol === 'https:' ? '443' : '80');
    // The port this connection reached; an in-process request (tests' inject) has none to compare.
    const own = request.socket?.localPort ?? config.port;
    const ours =
      url !== null &&
      (names.has(`${url.hostname}:${port}`) ||
        (names.has(url.hostname) && (own === undefined || port === String(own))));
    done(ours ? undefined : ApiError.of(400, 'INVALID_HOST'));
  };
}
