import type { Repository } from '../storage/repository.js';
import type { Batch, Scope } from './model.js';
import { done, type Result } from './result.js';
import { batchSettledEvent } from '../events/record.js';
import { wakeDeliveries } from '../events/wake.js';

/**
 * Closes the caller's open batch now (docs/api.md#voids-refunds-and-settlement): its approved,
 * unvoided, unsettled sales, captures and refunds are settled together, and a `batch.settled` event
 * is written with the batch when it settled any.
 */
export function settle(
  scope: Scope,
  deps: { repository: Pick<Repository, 'batches'>; now: () => Date },
): Promise<Result<Batch>> {
  return deps.repository.batches.settle(scope, deps.now(), batchSettledEvent).then((batch) => {
    wakeDeliveries();
    return done(batch);
  });
}
