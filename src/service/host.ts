import { networkInterfaces } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from './deps.js';
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
  return new Set([...LOOPBACK, ...listening.map(asUrlHost), ...(config.allowedHosts ?? []).map(asUrlHost)]);
}

/**
 * The `onRequest` hook that keeps `Host` from steering `Location` (issue 10, item 10). With
 * PUBLIC_URL set, `Location` is built from it and `Host` is never read. Without it, a request whose
 * `Host` is not an address the service listens on or a name in ALLOWED_HOSTS is refused, before
 * anything runs or is stored under an idempotency key.
 */
export function refuseForeignHost(config: ServiceDeps['config']) {
  const names = config.publicUrl ? null : localHostNames(config);
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!names) return done();
    let hostname: string | null = null;
    try {
      hostname = new URL(`http://${request.host}`).hostname;
    } catch {
      // not a host at all: refused below
    }
    done(hostname !== null && names.has(hostname) ? undefined : ApiError.of(400, 'INVALID_HOST'));
  };
}
