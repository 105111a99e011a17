import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import type { Account, Repository } from '../storage/repository.js';
import { findImpersonated, type AccountCache } from './account-cache.js';
import { refuseForeignPage } from './browser-pages.js';
import type { Caller } from './caller.js';
import { UNKNOWN_KEY_HASH, secretMatches, type SecretVerifier } from './credentials.js';

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
  deps: { repository: Repository; accountCache: AccountCache; verifySecret?: SecretVerifier },
  accepts: 'secret' | 'public-or-secret',
): Promise<Caller> {
  const { accounts } = deps.repository;
  const header = request.headers.authorization ?? '';
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const publicKey = /^Api-Key\s+(\S+)\s*$/i.exec(header)?.[1];
  let account: Account | null = null;
  let credential: Caller['credential'];
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) throw unauthorized();
    account = await deps.accountCache.get(`basic:${header}`, () =>
      checkSecret(accounts, decoded.slice(0, colon), decoded.slice(colon + 1), deps.verifySecret ?? secretMatches),
    );
    if (!account) throw unauthorized();
    credential = 'secret';
  } else if (publicKey) {
    account = await deps.accountCache.get(`public:${publicKey}`, () => accounts.findByPublicKey(publicKey));
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
    typeof impersonationKey === 'string' ? await findImpersonated(deps, account.id, impersonationKey) : null;
  if (!client || client.systemAccountId !== account.id) throw ApiError.of(403, 'IMPERSONATION_NOT_ALLOWED');
  return { account, credential, actingFor: client, scope: { accountId: client.id, viaAccountId: account.id } };
}

/**
 * The account a key and secret belong to, or null. Every call costs the same whether the key exists
 * or not: one lookup, and one verification (against a stand-in hash for an unknown key). Its result
 * is cached under the whole credential, key and secret, which only its sender knows: the owner's
 * own calls never make a guess at the key alone cheaper.
 */
async function checkSecret(
  accounts: Repository['accounts'],
  apiKey: string,
  secret: string,
  verifySecret: SecretVerifier,
): Promise<Account | null> {
  const account = await accounts.findByApiKey(apiKey);
  const matches = verifySecret(secret, account?.apiSecretHash ?? UNKNOWN_KEY_HASH);
  return account && matches ? account : null;
}

/** The onRequest hook of every key+secret operation. */
export function secretOnly(
  deps: Pick<ServiceDeps, 'repository' | 'accountCache' | 'config'> & { verifySecret?: SecretVerifier },
) {
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
