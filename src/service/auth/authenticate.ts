import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import type { Account, Repository } from '../storage/repository.js';
import type { AccountCache } from './account-cache.js';
import { refuseForeignPage } from './browser-pages.js';
import type { Caller } from './caller.js';
import { UNKNOWN_KEY_HASH, secretMatches } from './credentials.js';

export type { Caller } from './caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's authentication hook; read it with `callerOf(request)`. */
    caller?: Caller;
  }
}

const unauthorized = () => ApiError.of(401, 'UNAUTHORIZED', {}, { 'WWW-Authenticate': 'Basic realm="api"' });

/**
 * Reads `Authorization` (`Basic base64(key:secret)` or `Api-Key <publicKey>`) and
 * `impersonationAccountKey`. `accepts` says whether the public key may call this operation.
 */
export async function authenticate(
  request: FastifyRequest,
  deps: { repository: Repository; accountCache: AccountCache },
  accepts: 'secret' | 'public-or-secret',
): Promise<Caller> {
  const { accounts } = deps.repository;
  const cached = (kind: string, key: string, load: (key: string) => Promise<Account | null>) =>
    deps.accountCache.get(`${kind}:${key}`, () => load(key));
  const header = request.headers.authorization ?? '';
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const publicKey = /^Api-Key\s+(\S+)\s*$/i.exec(header)?.[1];
  let account: Account | null = null;
  let credential: Caller['credential'];
  if (basic?.[1]) {
    // A credential checked in the last seconds skips the hash (the cache's TTL, as for accounts).
    account = deps.accountCache.peek(`basic:${header}`);
    if (!account) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 1) throw unauthorized();
      account = await cached('api', decoded.slice(0, colon), accounts.findByApiKey);
      // An unknown key is compared against a stand-in hash, so it costs what a wrong secret costs.
      const matches = secretMatches(decoded.slice(colon + 1), account?.apiSecretHash ?? UNKNOWN_KEY_HASH);
      if (!account || !matches) throw unauthorized();
      deps.accountCache.remember(`basic:${header}`, account);
    }
    credential = 'secret';
  } else if (publicKey) {
    account = await cached('public', publicKey, accounts.findByPublicKey);
    if (!account) throw unauthorized();
    credential = 'public';
  } else {
    throw unauthorized();
  }
  if (credential === 'public' && accepts === 'secret') throw ApiError.of(403, 'PUBLIC_KEY_NOT_ALLOWED');

  const impersonationKey = request.headers.impersonationaccountkey;
  if (impersonationKey === undefined) {
    return { account, credential, actingFor: account, scope: { accountId: account.id, viaAccountId: null } };
  }
  // An empty header is a mistake (a key that did not arrive), not a request to act for oneself.
  if (impersonationKey === '') throw ApiError.of(400, 'INVALID_IMPERSONATION_KEY');
  const client =
    typeof impersonationKey === 'string'
      ? await cached('impersonation', impersonationKey, accounts.findByImpersonationKey)
      : null;
  if (!client || client.systemAccountId !== account.id) throw ApiError.of(403, 'IMPERSONATION_NOT_ALLOWED');
  return { account, credential, actingFor: client, scope: { accountId: client.id, viaAccountId: account.id } };
}

/** The onRequest hook of every key+secret operation. */
export function secretOnly(deps: Pick<ServiceDeps, 'repository' | 'accountCache' | 'config'>) {
  return async (request: FastifyRequest): Promise<void> => {
    refuseForeignPage(request, deps);
    request.caller = await authenticate(request, deps, 'secret');
  };
}

/**
 * The caller a route's authentication hook found. Throws (a 500, logged) when the route has no such
 * hook: a route that forgot to authenticate must fail loudly, never act for nobody.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller)
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} ran without authentication.`);
  return request.caller;
}
