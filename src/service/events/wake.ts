/**
 * The in-process wake-up of the delivery runners (delivery/runner.ts): whoever writes an event or a
 * delivery calls `wakeDeliveries()`, so a runner of this process sends it at once instead of at its
 * next slow poll; a runner of another process finds it at that poll.
 */
const listeners = new Set<() => void>();

export function wakeDeliveries(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` at each wake-up until the returned function is called. */
export function onDeliveriesWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
