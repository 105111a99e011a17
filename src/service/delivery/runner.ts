/**
 * The delivery runner (docs/operating.md#webhooks): sends what the outbox holds (deliveries-table.ts)
 * through its channel (a webhook, an e-mail), at least once and in order per object. Each delivery is
 * claimed in the database under a lease, so of several processes one sends it, and one killed while
 * sending leaves it to another when the lease expires (the receiver may then get it twice, with the
 * same event id). A failed attempt is tried again after an exponential backoff with jitter, for up to
 * 3 days; then the delivery is given up (its event stays readable) and the channel is told.
 *
 * It costs nothing when nothing is due: it sleeps until a writer of this process wakes it
 * (events/wake.ts) or its slow poll (`pollMs`) comes, which finds what other processes wrote.
 */
import type { AttemptRecord, ClaimedDelivery, NextStep, Repository } from '../storage/repository.js';
import { onDeliveriesWake } from '../events/wake.js';

/** What one attempt of a channel found. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** Never worth another try (the endpoint was deleted): given up at once. */
  final?: boolean;
}

/** A way of delivering: webhooks (webhooks/webhook-channel.ts), e-mail. */
export interface Channel {
  name: string;
  send(delivery: ClaimedDelivery): Promise<SendResult>;
  /** After a delivery succeeded, or was given up: the webhook channel marks its endpoint. */
  settled?(delivery: ClaimedDelivery, delivered: boolean): Promise<void>;
}

export interface RunnerOptions {
  repository: Pick<Repository, 'deliveries'>;
  channels: Channel[];
  /** This process, as the owner of its leases. */
  owner: string;
  now: () => Date;
  random?: () => number;
  /** How long a claim lasts; longer than a channel's own time limit. Default 60 s. */
  leaseMs?: number;
  /** The slow poll, for what other processes wrote. Default 2 s. */
  pollMs?: number;
  /** How many deliveries one round claims. Default 100. */
  batchSize?: number;
  warn: (message: string) => void;
}

/** Deliveries are tried for this long, then given up. */
export const RETRY_FOR_MS = 3 * 86_400_000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_WAIT_MS = 6 * 3_600_000;

/**
 * The wait before the next try after `attempts` failed ones: 10 s doubled each time, at most 6 hours,
 * with jitter (between half and all of it) so receivers that come back are not all hit at once.
 * @example retryDelayMs(1, () => 1) // 10000; retryDelayMs(3, () => 0) // 20000
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** Where a delivery goes after an attempt made at `at`. */
export function nextStep(
  delivery: ClaimedDelivery,
  result: SendResult,
  at: Date,
  random: () => number = Math.random,
): NextStep {
  if (result.ok) return { state: 'delivered' };
  const next = new Date(at.getTime() + retryDelayMs(delivery.attempts + 1, random));
  if (result.final || next.getTime() - delivery.created.getTime() > RETRY_FOR_MS) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: next };
}

export interface DeliveryRunner {
  /** Claims what is due and sends it; resolves with how many deliveries it tried. */
  runOnce(): Promise<number>;
  /** Sends until stopped, waking at each write of this process and at the slow poll. */
  start(): void;
  stop(): Promise<void>;
}

export function createDeliveryRunner(options: RunnerOptions): DeliveryRunner {
  const { repository, channels, owner, now, warn } = options;
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const batchSize = options.batchSize ?? 100;
  const byName = new Map(channels.map((channel) => [channel.name, channel]));
  const names = [...byName.keys()];

  /** One attempt: what it found, and where the delivery goes next. */
  async function attempt(delivery: ClaimedDelivery, channel: Channel) {
    const started = now();
    const clock = performance.now();
    const result = await channel
      .send(delivery)
      .catch((error: unknown): SendResult => ({ ok: false, statusCode: null, error: (error as Error).message }));
    const record: AttemptRecord = {
      attemptedAt: started,
      durationMs: Math.round(performance.now() - clock),
      statusCode: result.statusCode,
      error: result.error?.slice(0, 500) ?? null,
    };
    return { id: delivery.id, delivery, channel, attempt: record, next: nextStep(delivery, result, started, random) };
  }

  async function runOnce(): Promise<number> {
    const at = now();
    const claimed = await repository.deliveries.claim(names, owner, at, new Date(at.getTime() + leaseMs), batchSize);
    const results = await Promise.all(
      claimed.flatMap((delivery) => {
        const channel = byName.get(delivery.channel);
        return channel ? [attempt(delivery, channel)] : [];
      }),
    );
    await repository.deliveries.finish(owner, results);
    // Each target told once a round: its last delivery that succeeded or was given up.
    const settled = new Map<string, (typeof results)[number]>();
    for (const result of results)
      if (result.next.state !== 'pending') settled.set(`${result.channel.name} ${result.delivery.target}`, result);
    for (const { channel, delivery, next } of settled.values())
      await channel.settled?.(delivery, next.state === 'delivered');
    return claimed.length;
  }

  let running = false;
  let loop: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  let wokenAt = -Infinity;
  const unsubscribe = onDeliveriesWake(() => {
    wokenAt = performance.now();
    wake?.();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          const tried = await runOnce().catch((error: unknown) => {
            warn(`Delivering events failed: ${(error as Error).message}`);
            return 0;
          });
          // A writer wakes the runner before its transaction commits: look again shortly for a while.
          if (!tried && running) await sleep(performance.now() - wokenAt < 250 ? 25 : pollMs);
          wake = null;
        }
      })();
    },
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
