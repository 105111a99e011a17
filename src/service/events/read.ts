import type { Scope } from '../payments/model.js';
import { done, notFound, type Result } from '../payments/result.js';
import type { EventFilter, Repository, StoredEvent } from '../storage/repository.js';

type Reads = { repository: Pick<Repository, 'events'> };

/** An event of the caller's scope (another scope's is not found). */
export async function findEvent(id: string, scope: Scope, deps: Reads): Promise<Result<StoredEvent>> {
  const event = await deps.repository.events.find(id, scope);
  return event ? done(event) : notFound('event');
}

/** A page of the caller's events, newest first. */
export function listEvents(
  scope: Scope,
  filter: EventFilter,
  page: number,
  pageSize: number,
  deps: Reads,
): Promise<{ events: StoredEvent[]; totalRecords: number }> {
  return deps.repository.events.list(scope, filter, pageSize, (page - 1) * pageSize);
}
