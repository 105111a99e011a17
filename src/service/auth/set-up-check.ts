/**
 * What is wrong with a page's set-up, asked by the hosted script, the form and the frame when they
 * start (http/routes/public-key-check.ts): the credentials and origin rules `POST /tokens` applies
 * (public-key-gate.ts, authenticate.ts), answered with what to do instead of a bare refusal.
 *
 * It tells nothing about another account: a key is named by its prefix only (every credential
 * carries one, credentials.ts), an unknown public key and any other text get the same answer, and
 * it never reads out an allow-list (a public key is public): it names only the page's own origin.
 */
import { setUpMessages } from '../../shared/messages/api.js';
import { formatMessage } from '../../shared/messages/catalog.js';
import type { Account } from '../storage/repository.js';

/** The problems, each with its fix; `{…}` are filled from the request. */
export const SET_UP_MESSAGES = setUpMessages;

export type SetUpCode = keyof typeof SET_UP_MESSAGES;

export type SetUpVerdict = { valid: true } | { valid: false; code: SetUpCode; message: string };

const problem = (code: SetUpCode, params?: Record<string, string>): SetUpVerdict => ({
  valid: false,
  code,
  message: formatMessage(SET_UP_MESSAGES[code], params),
});

/** What the page sent: the public key as `POST /tokens` takes it, the impersonation key, its origin. */
export interface SetUpRequest {
  authorization: string | undefined;
  impersonationKey: string | undefined;
  origin: string | undefined;
}

/** How the check finds accounts: `findByPublicKey` and `findImpersonated`, cached as authenticate.ts does. */
export interface AccountLookup {
  byPublicKey(publicKey: string): Promise<Account | null>;
  impersonated(system: Account, impersonationKey: string): Promise<Account | null>;
  /** The service's own origin: its frame page, which passes as POST /tokens lets it (public-key-gate.ts). */
  ownOrigin: string;
}

/** Which credential a text is, by its prefix alone (credentials.ts `newKey`). */
const KIND: [RegExp, SetUpCode][] = [
  [/^sk_/, 'SECRET_KEY_IN_PAGE'],
  [/^ak_/, 'API_KEY_IN_PAGE'],
  [/^imp_/, 'IMPERSONATION_KEY_IN_PAGE'],
];

export async function checkSetUp(request: SetUpRequest, lookup: AccountLookup): Promise<SetUpVerdict> {
  const header = request.authorization?.trim();
  if (!header) return problem('MISSING_PUBLIC_KEY');
  // Basic carries a key and its secret: a page that sends one has exposed the secret.
  if (/^Basic\s/i.test(header)) return problem('SECRET_KEY_IN_PAGE');
  const key = /^Api-Key\s+(\S+)$/i.exec(header)?.[1] ?? '';
  const kind = KIND.find(([prefix]) => prefix.test(key));
  if (kind) return problem(kind[1]);
  const account = key ? await lookup.byPublicKey(key) : null;
  if (!account) return problem('PUBLIC_KEY_REJECTED');
  let actingFor = account;
  if (request.impersonationKey !== undefined) {
    const client = request.impersonationKey ? await lookup.impersonated(account, request.impersonationKey) : null;
    if (!client || client.systemAccountId !== account.id) return problem('IMPERSONATION_NOT_ALLOWED');
    actingFor = client;
  }
  const { origin } = request;
  if (!origin || origin === lookup.ownOrigin) return { valid: true };
  // `null` (a file:// page, a sandboxed frame) is no origin a list could hold.
  if (!isWebOrigin(origin)) return { valid: false, code: 'ORIGIN_NOT_ALLOWED', message: SET_UP_MESSAGES.NO_ORIGIN };
  for (const [whose, allowed] of [
    ['the account’s', account.allowedOrigins],
    ['the client’s', actingFor.allowedOrigins],
  ] as const) {
    if (allowed.length && !allowed.includes(origin)) return originProblem(origin, whose, allowed);
  }
  return { valid: true };
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `https://shop.example` or `http://localhost:8080`: a scheme, a host and an optional port, nothing else. */
export function isWebOrigin(origin: string | undefined): origin is string {
  try {
    const url = new URL(origin ?? '');
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
}

/**
 * ORIGIN_NOT_ALLOWED and the command that adds the page; never the list itself, which a public key
 * (public by design) must not read. The one exception, a loopback page whose list has the same
 * address under the other loopback name, names that twin: it says nothing a developer's own machine
 * does not.
 */
function originProblem(origin: string, whose: string, allowed: readonly string[]): SetUpVerdict {
  const shown = origin.replace(/[^\x21-\x7e]/g, '?').slice(0, 200);
  let hint = '';
  try {
    const page = new URL(origin);
    const twin = allowed.find((listed) => {
      const other = URL.canParse(listed) ? new URL(listed) : null;
      return (
        other !== null &&
        other.hostname !== page.hostname &&
        LOOPBACK.includes(other.hostname) &&
        LOOPBACK.includes(page.hostname) &&
        other.port === page.port &&
        other.protocol === page.protocol
      );
    });
    if (twin)
      hint = ` The list has ${twin}: to a browser, ${new URL(twin).hostname} and ${page.hostname} are different origins.`;
  } catch {
    // Not a URL: no loopback twin to point at.
  }
  return problem('ORIGIN_NOT_ALLOWED', { origin: shown, whose, hint });
}
