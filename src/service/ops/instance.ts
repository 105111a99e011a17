import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AccountCache } from '../auth/account-cache.js';
import type { Repository } from '../storage/repository.js';

/** This service process as the database knows it: its id in claims, and its heartbeat. */
export interface Instance {
  readonly id: string;
  /** Beats now: clears the account cache if accounts changed, and reports that it did. */
  sync(): Promise<void>;
  /** Stops beating and forgets this process in the database. */
  stop(): Promise<void>;
}

export interface InstanceOptions {
  /** The only process on its database (the embedded one): any other recorded process is gone. */
  soleProcess?: boolean;
  intervalMs?: number;
  /** Housekeeping (expired idempotency keys, old rate-limit windows) every this many beats. */
  purgeEvery?: number;
  warn?: (message: string) => void;
}

/**
 * Registers this process and beats once a second. Each beat tells the database the accounts version
 * this process's cache reflects and learns the current one: a change made by `npm run accounts` (in
 * any process, on any machine) clears the cache at the next beat. A process that stops beating for
 * `LEASE_SECONDS` (storage/instances.ts) is gone, and its unfinished idempotency claims can be retried.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function startInstance(
  repository: Repository,
  accountCache: AccountCache,
  { soleProcess = false, intervalMs = 1_000, purgeEvery = 60, warn = () => undefined }: InstanceOptions = {},
): Promise<Instance> {
  const { instances } = repository;
  const id = `ins_${randomBytes(9).toString('base64url')}`;
  const host = hostname();
  let seen = await instances.accountsVersion();
  await instances.register(id, process.pid, host);
  if (soleProcess) await instances.removeOthers(id);
  // Processes of this machine that died (kill -9, a crash) free their claims now, not after the lease.
  for (const other of await instances.onHost(host))
    if (other.id !== id && other.pid !== process.pid && !alive(other.pid)) await instances.remove(other.id);
  let beats = 0;
  let failing = false;
  let running: Promise<void> = Promise.resolve();
  const beat = async () => {
    const current = await instances.beat(id, process.pid, host, seen);
    if (current !== seen) {
      accountCache.clear();
      seen = current;
      await instances.beat(id, process.pid, host, seen);
    }
    if (++beats % purgeEvery === 0) {
      await repository.idempotency.purgeExpired();
      await repository.rateLimits.purge(Date.now() - 5 * 60_000);
      await instances.removeGone();
    }
  };
  const sync = () => {
    running = running.then(beat).then(
      () => {
        failing = false;
      },
      (error: unknown) => {
        if (!failing) warn(`Heartbeat failed (the database does not answer?): ${(error as Error).message}`);
        failing = true;
      },
    );
    return running;
  };
  const timer = setInterval(() => void sync(), intervalMs);
  timer.unref();
  return {
    id,
    sync,
    async stop() {
      clearInterval(timer);
      await running;
      await instances.remove(id).catch(() => undefined);
    },
  };
}
