import { setUpMessages } from '../../shared/messages/api.js';
import { findImpersonated } from '../../service/auth/account-cache.js';
import { checkSetUp, isWebOrigin } from '../../service/auth/set-up-check.js';
import type { ServiceDeps } from '../../service/deps.js';

type Refusal = { status: 400 | 401 | 403; code: 'MISSING_PUBLIC_KEY' | 'PUBLIC_KEY_REJECTED' | 'ORIGIN_NOT_ALLOWED' };

/**
 * Who may embed the frame page of a public key, or why no page can: the browser's own codes, and
 * for the developer's console what to do (`detail`, as GET /api/v1/publicKeys/check says it).
 */
export type FrameAccess = { ok: true; ancestors: string[] } | ({ ok: false; detail: string } & Refusal);

/** What the loader puts in the frame page's query. */
export interface FrameRequest {
  publicKey?: string;
  impersonationKey?: string;
  /** The embedding page's origin, as the loader read it (`location.origin`). */
  origin?: string;
}

/**
 * The frame's `frame-ancestors` for a public key (docs/api.md#frame-page): the origins both the
 * key's owner and the client it acts for allow (as `POST /tokens` checks them, auth/public-key-gate.ts),
 * or any origin (`*`) when neither has a list. The page's claimed origin must be one of them: else the
 * service answers a page that reports ORIGIN_NOT_ALLOWED to it at once, instead of a form the browser
 * would refuse to show without saying why. A claim that lies gains nothing: the browser enforces
 * `frame-ancestors` on the real ancestors, and messages go only to the claimed origin.
 */
export async function frameAccess(
  deps: Pick<ServiceDeps, 'repository' | 'accountCache'>,
  request: FrameRequest,
): Promise<FrameAccess> {
  const access = await ancestorsFor(deps, request);
  if (!('status' in access)) return { ok: true, ...access };
  if (access.code === 'ORIGIN_NOT_ALLOWED' && !isWebOrigin(request.origin))
    return { ok: false, ...access, detail: setUpMessages.NO_ORIGIN };
  const verdict = await checkSetUp(
    {
      authorization: request.publicKey ? `Api-Key ${request.publicKey}` : undefined,
      impersonationKey: request.impersonationKey,
      origin: request.origin,
    },
    {
      byPublicKey: (publicKey) =>
        deps.accountCache.get(`public:${publicKey}`, () => deps.repository.accounts.findByPublicKey(publicKey)),
      impersonated: (system, key) => findImpersonated(deps, system.id, key),
      ownOrigin: '',
    },
  );
  return { ok: false, ...access, detail: verdict.valid ? '' : verdict.message };
}

async function ancestorsFor(
  deps: Pick<ServiceDeps, 'repository' | 'accountCache'>,
  request: FrameRequest,
): Promise<{ ancestors: string[] } | Refusal> {
  const { accounts } = deps.repository;
  if (!request.publicKey) return { status: 400, code: 'MISSING_PUBLIC_KEY' };
  // A page without an origin of its own (a file, a sandboxed frame) cannot be answered by postMessage.
  if (!isWebOrigin(request.origin)) return { status: 400, code: 'ORIGIN_NOT_ALLOWED' };
  const account = await deps.accountCache.get(`public:${request.publicKey}`, () =>
    accounts.findByPublicKey(request.publicKey as string),
  );
  if (!account) return { status: 401, code: 'PUBLIC_KEY_REJECTED' };
  let actingFor = account;
  if (request.impersonationKey) {
    const client = await findImpersonated(deps, account.id, request.impersonationKey);
    if (!client || client.systemAccountId !== account.id) return { status: 403, code: 'PUBLIC_KEY_REJECTED' };
    actingFor = client;
  }
  const lists = [account.allowedOrigins, actingFor.allowedOrigins].filter((list) => list.length > 0);
  if (!lists.length) return { ancestors: ['*'] };
  const ancestors = lists.reduce((both, list) => both.filter((origin) => list.includes(origin)));
  if (!ancestors.includes(request.origin)) return { status: 403, code: 'ORIGIN_NOT_ALLOWED' };
  return { ancestors };
}
