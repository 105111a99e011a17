import type { Repository } from '../storage/repository.js';
import type { Scope, Token, Transaction } from './model.js';
import { done, notFound, type Result } from './result.js';
import { tokenDeletedEvent } from '../events/record.js';
import { wakeDeliveries } from '../events/wake.js';

type Reads = { repository: Pick<Repository, 'tokens' | 'transactions'> };

/** A live token of the caller's scope (another scope's, or a deleted one, is not found). */
export async function findToken(id: string, scope: Scope, deps: Reads): Promise<Result<Token>> {
  const token = await deps.repository.tokens.find(id, scope);
  return token ? done(token) : notFound('token');
}

/**
 * Deletes a token of the caller's scope: it can no longer be used and its sealed details are erased;
 * a `token.deleted` event is written with the change.
 */
export async function deleteToken(
  id: string,
  scope: Scope,
  deps: { repository: Pick<Repository, 'tokens'>; now: () => Date },
): Promise<Result<{ id: string }>> {
  // One statement: the event is written only if the token was deleted (storage/tokens-table.ts).
  const deleted = await deps.repository.tokens.delete(id, scope, tokenDeletedEvent(id, scope, deps.now()));
  if (!deleted) return notFound('token');
  wakeDeliveries();
  return done({ id });
}

/** A transaction of the caller's scope, by its numeric or its `txn_…` id. */
export async function findTransaction(id: string, scope: Scope, deps: Reads): Promise<Result<Transaction>> {
  const transaction = await deps.repository.transactions.find(id, scope);
  return transaction ? done(transaction) : notFound('transaction');
}

/** The transaction of an authorization of the caller's scope, by its `auth_…` id. */
export async function findAuthorization(id: string, scope: Scope, deps: Reads): Promise<Result<Transaction>> {
  const transaction = await deps.repository.transactions.findAuthorization(id, scope);
  return transaction ? done(transaction) : notFound('authorization');
}
