import type { Account, Scope } from '../storage/repository.js';

/**
 * Who is calling, with what, and for whom (docs/api.md#auth). Its own module without Fastify, so
 * the payment rules can name it without knowing HTTP; auth/authenticate.ts finds it for a request.
 */
export interface Caller {
  /** The account whose credentials were sent. */
  account: Account;
  credential: 'secret' | 'public';
  /** The account the call acts for: the impersonated client, or the caller itself. */
  actingFor: Account;
  /** Where resources made by this call belong, and where it may find them. */
  scope: Scope;
}
