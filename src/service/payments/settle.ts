import type { Repository, Scope, StoredBatch } from '../storage/repository.js';

/**
 * Closes the caller's open batch now (docs/api.md#voids-refunds-and-settlement): its approved,
 * unvoided, unsettled sales, captures and refunds are settled together.
 */
export function settle(
  scope: Scope,
  deps: { repository: Pick<Repository, 'batches'>; now: () => Date },
): Promise<StoredBatch> {
  return deps.repository.batches.settle(scope, deps.now());
}
