import type { Repository } from '../storage/repository.js';
import type { Batch, Scope } from './model.js';
import { done, type Result } from './result.js';

/**
 * Closes the caller's open batch now (docs/api.md#voids-refunds-and-settlement): its approved,
 * unvoided, unsettled sales, captures and refunds are settled together.
 */
export function settle(
  scope: Scope,
  deps: { repository: Pick<Repository, 'batches'>; now: () => Date },
): Promise<Result<Batch>> {
  return deps.repository.batches.settle(scope, deps.now()).then(done);
}
