import { validateTokenRequest } from '../shared/validators/token-request.js';
import type { ErrorBody, TokenRequest } from '../shared/wire.js';
import { resolveConfig, tokensUrl } from './config.js';
import { withCallback, type CreateTokenOptions, type TokenCallback } from './callback.js';
import { postJson, type Outcome } from './http.js';
import { failure, fieldFailure, type ResultFieldError, type TokenResult } from './result.js';
import { keyHeaders } from './set-up.js';

export type { CreateTokenOptions, TokenCallback } from './callback.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const RETRIES = 2;

/**
 * Validates payment details in the browser, sends them to `POST /api/v1/tokens` with the public key,
 * and hands back only the token id or a readable error. Invalid data makes no request.
 *
 * The callback is called exactly once, asynchronously; an exception inside it is reported and does not
 * break the script. The returned Promise resolves to the same result and never rejects.
 *
 * @example
 * Paytoken.createToken({
 *   payer: 'Ada Lovelace', emailAddress: 'ada@example.com',
 *   creditCardInformation: { accountHolder: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242',
 *                            cvc: '123', month: '12', year: 2030, postalCode: '12345' },
 * }, (result) => {
 *   if (result.success) form.tokenId.value = result.id; // send only the id to your server
 *   else showError(result.errorMessage);
 * });
 */
export function createToken(
  data: TokenRequest,
  callback?: TokenCallback | CreateTokenOptions,
  options?: CreateTokenOptions,
): Promise<TokenResult> {
  return withCallback(callback, options, (callOptions) =>
    tokenize(data, callOptions).catch(() => failure('UNEXPECTED_RESPONSE')),
  );
}

async function tokenize(data: TokenRequest, options: CreateTokenOptions = {}): Promise<TokenResult> {
  const config = resolveConfig(options);
  if (!config.publicKey) return failure('MISSING_PUBLIC_KEY');
  const url = tokensUrl(config.apiUrl);
  if (typeof url === 'string') return failure(url);
  const check = validateTokenRequest(data);
  if (!check.ok) return fieldFailure(check.errors);

  const headers: Record<string, string> = {
    ...keyHeaders(config),
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Idempotency-Key': newIdempotencyKey(),
  };
  // The fee quote goes as it is: the service checks it against the card (docs/fees.md#the-fee-shown-before-pay).
  const outcome = await postJson(
    url,
    { ...check.value, feeQuote: data.feeQuote },
    {
      headers,
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal: options.signal,
      retries: RETRIES,
    },
  );
  return toResult(outcome, url);
}

function toResult(outcome: Outcome, url: URL): TokenResult {
  if (typeof outcome === 'string') return failure(outcome);
  const { response } = outcome;
  const body = (outcome.body && typeof outcome.body === 'object' ? outcome.body : {}) as Partial<ErrorBody> & {
    id?: unknown;
  };
  const { status } = response;
  if (status === 200 || status === 201) {
    const id =
      idFromLocation(response.headers.get('Location'), url) ?? (typeof body.id === 'string' ? body.id : undefined);
    return id ? { success: true, id } : failure('UNEXPECTED_RESPONSE');
  }
  if (status === 401) return failure('PUBLIC_KEY_REJECTED');
  if (status === 403) return failure(body.code === 'ORIGIN_NOT_ALLOWED' ? 'ORIGIN_NOT_ALLOWED' : 'PUBLIC_KEY_REJECTED');
  if (status === 429)
    return failure('RATE_LIMITED', { seconds: retryAfterSeconds(response.headers.get('Retry-After')) });
  if (status >= 500) return failure('SERVICE_ERROR');
  if (typeof body.message !== 'string') return failure('UNEXPECTED_RESPONSE');
  const errors: ResultFieldError[] = Array.isArray(body.errors) ? body.errors : [];
  return { ...fieldFailure(errors), errorMessage: body.message, code: body.code ?? 'INVALID_REQUEST' };
}

/** The last path segment of the `Location` header: `…/api/v1/tokens/tok_123` → `tok_123`. */
function idFromLocation(location: string | null, base: URL): string | undefined {
  if (!location) return undefined;
  try {
    const segment = new URL(location, base).pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : undefined;
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds (the service sends delta-seconds); 60 when absent or unreadable. */
function retryAfterSeconds(header: string | null): number {
  const seconds = Math.ceil(Number(header));
  return seconds > 0 ? seconds : 60;
}

/** 128 random bits as hex; `getRandomValues` also works on pages that are not a secure context. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
