/**
 * The load-time check of a page's set-up (docs/integrating.md#when-the-set-up-is-wrong): the hosted
 * script and the form ask the service, before a payer types anything, what is wrong with their key
 * and origin (GET /api/v1/publicKeys/check, src/service/http/routes/public-key-check.ts), and say it in
 * the console for the developer; the payer gets one line that blames nobody (shared/messages).
 */
import { tokensUrl, type PaytokenConfig } from './config.js';

/** A mistake in the page: a stable code, and for the developer what to do. */
export interface SetUpProblem {
  code: string;
  message: string;
}

/** `Authorization` with the public key, and the impersonation key when there is one, as POST /tokens takes them. */
export function keyHeaders({ publicKey, impersonationAccountKey }: PaytokenConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  if (publicKey) headers.Authorization = `Api-Key ${publicKey}`;
  if (impersonationAccountKey) headers.impersonationAccountKey = impersonationAccountKey;
  return headers;
}

/**
 * The problem with `config`, or undefined when there is none or the service cannot say (down, rate
 * limited, an API URL that createToken refuses with its own code): Pay reports those.
 */
export async function checkSetUp(config: PaytokenConfig): Promise<SetUpProblem | undefined> {
  const url = tokensUrl(config.apiUrl);
  if (typeof url === 'string') return undefined;
  try {
    const init: RequestInit = { headers: keyHeaders(config), credentials: 'omit', cache: 'no-store' };
    const verdict = (await (await fetch(new URL('publicKeys/check', url), init)).json()) as {
      valid?: boolean;
    } & SetUpProblem;
    return verdict.valid === false ? verdict : undefined;
  } catch {
    return undefined;
  }
}
