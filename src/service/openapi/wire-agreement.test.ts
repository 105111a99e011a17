/**
 * The wire types every TypeScript user of the API reads (src/shared/wire.ts: the SDK, the browser
 * kit, the service) are the document's types: each is held equal, at compile time, to what
 * openapi-typescript generates from /openapi.json (api-types.generated.ts, kept current by
 * typed-client.test.ts). A field added to one and not the other fails `npm run typecheck`.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionSearchResponse } from '../../shared/transaction-search.js';
import type {
  AuthorizationResponse,
  BatchListResponse,
  BatchResponse,
  CardFeesResponse,
  ErrorBody,
  TokenResponse,
  TransactionFeesResponse,
  TransactionResponse,
  WebhookAttemptListResponse,
  WebhookEndpointListResponse,
  WebhookEndpointResponse,
  WireFieldError,
} from '../../shared/wire.js';
import type { components, operations } from './api-types.generated.js';

/** True when A and B are the same type, optional and readonly modifiers included. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Turns interfaces into plain object types, member by member, so Equal compares their shapes. */
type Plain<T> = T extends readonly (infer I)[] ? Plain<I>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
type Same<A, B> = Equal<Plain<A>, Plain<B>>;

type Json<O extends keyof operations, S extends number> =
  operations[O]['responses'] extends Record<S, { content: { 'application/json': infer Body } }> ? Body : never;

/**
 * The error body as it travels: a field problem's `code` is the service's closed set (`ErrorCode`) in
 * the code, and text in the document, because a client must take a code a newer service adds.
 */
type WireError = Omit<ErrorBody, 'errors'> & { errors?: WireFieldError[] };

/** Each pair must be `true`; a `false` is a compile error here. */
const agreements: {
  token: Same<TokenResponse, Json<'getToken', 200>>;
  transaction: Same<TransactionResponse, Json<'getTransaction', 200>>;
  authorization: Same<AuthorizationResponse, Json<'getAuthorization', 200>>;
  fees: Same<TransactionFeesResponse, Json<'getTransactionFees', 200>>;
  cardFees: Same<CardFeesResponse, Json<'getCardFees', 200>>;
  batches: Same<BatchListResponse, Json<'listBatches', 200>>;
  batch: Same<BatchResponse, BatchListResponse['batches'][number]>;
  search: Same<TransactionSearchResponse, Json<'searchTransactions', 200>>;
  error: Same<WireError, components['schemas']['Error']>;
  webhookEndpoint: Same<WebhookEndpointResponse, Json<'getWebhookEndpoint', 200>>;
  webhookEndpoints: Same<WebhookEndpointListResponse, Json<'listWebhookEndpoints', 200>>;
  webhookAttempts: Same<WebhookAttemptListResponse, Json<'listWebhookAttempts', 200>>;
} = {
  token: true,
  transaction: true,
  authorization: true,
  fees: true,
  cardFees: true,
  batches: true,
  batch: true,
  search: true,
  error: true,
  webhookEndpoint: true,
  webhookEndpoints: true,
  webhookAttempts: true,
};

describe('the wire types', () => {
  it('are the types of the document (checked by the compiler; this only makes the check a test)', () => {
    expect(Object.values(agreements).every(Boolean)).toBe(true);
  });
});
