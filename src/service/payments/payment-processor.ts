/**
 * What a payment processor adapter implements (docs/domain.md#a-processor-adapter): the acquirer
 * behind the service. The sandbox (src/service/sandbox/processor.ts) is one implementation; which one
 * runs is configuration (`PROCESSOR`, src/service/config/config.ts), injected through
 * src/service/deps.ts. The service calls it with a time limit (`askProcessor`) and never retries on
 * its own: a retry is the caller's, under its Idempotency-Key.
 */
import { declineDetails, serviceMessages } from '../../shared/messages/api.js';
import type { PaymentResponseCode } from '../../shared/wire.js';
import type { Cents } from './model.js';

/** The card or bank account to charge, opened from the vault for this call only; never stored or logged. */
export type ProcessorSource =
  { cardNumber: string; expired: boolean } | { routingNumber: string; accountNumber: string };

/** A payment to approve: charged now (a sale) or held to capture later (an authorization). */
export interface ProcessorPayment {
  /** The transaction's public id (`txn_…`): the adapter's idempotency key and its reference at the acquirer. */
  reference: string;
  source: ProcessorSource;
  amount: Cents;
  capture: boolean;
}

/** The processor's answer: `Success`, or the decline's code (the wire's paymentResponseCode). */
export interface ProcessorAnswer {
  code: PaymentResponseCode;
  /** What a payer or an integrator reads; the adapter's words for its acquirer's answer. */
  message: string;
}

/**
 * An acquirer adapter. Each call gets an AbortSignal that fires when the service stops waiting
 * (`askProcessor`): the adapter should abort its request then. Every call is idempotent by
 * `reference`: the service may ask again for the same transaction after a non-answer.
 */
export interface PaymentProcessor {
  /** A name for logs and docs, such as `sandbox`. */
  readonly name: string;
  /** Approves (and with `capture`, charges) a card or ACH payment, or declines it. */
  authorize(payment: ProcessorPayment, signal: AbortSignal): Promise<ProcessorAnswer>;
  /** Captures `amount` (at most what was authorized) of the authorization made as `reference`. */
  capture(request: { reference: string; amount: Cents }, signal: AbortSignal): Promise<ProcessorAnswer>;
  /** Voids the unsettled payment, or releases the authorization, made as `reference`. */
  void(request: { reference: string }, signal: AbortSignal): Promise<ProcessorAnswer>;
  /** Pays back `amount` of the settled payment `originalReference`, as the new transaction `reference`. */
  refund(
    request: { reference: string; originalReference: string; amount: Cents },
    signal: AbortSignal,
  ): Promise<ProcessorAnswer>;
}

/** How long the service waits for the processor unless `PROCESSOR_TIMEOUT_MS` says otherwise. */
export const DEFAULT_PROCESSOR_TIMEOUT_MS = 30_000;

/** What the service says when the processor did not answer in time (see docs/domain.md). */
export const PROCESSOR_MESSAGES = {
  noAnswerDeclined: declineDetails.processorNoAnswer,
  noAnswer: serviceMessages.PROCESSOR_UNAVAILABLE,
} as const;

/** The processor and how long to wait for it: what the payment operations are given. */
export interface ProcessorDeps {
  processor: PaymentProcessor;
  processorTimeoutMs?: number;
}

/**
 * The processor did not answer a capture, void or refund in time: nothing was changed, and the
 * caller may try again (src/service/app.ts answers 503 with Retry-After).
 */
export class ProcessorUnavailable extends Error {
  constructor() {
    super(PROCESSOR_MESSAGES.noAnswer);
    this.name = 'ProcessorUnavailable';
  }
}

/**
 * Asks the processor, waiting at most the time limit: its answer, or null when it did not answer in
 * time (or failed to). The signal is aborted then, so a well-behaved adapter stops its request.
 */
export async function askProcessor(
  deps: ProcessorDeps,
  call: (processor: PaymentProcessor, signal: AbortSignal) => Promise<ProcessorAnswer>,
): Promise<ProcessorAnswer | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deps.processorTimeoutMs ?? DEFAULT_PROCESSOR_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call(deps.processor, controller.signal).catch(() => null), timedOut]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
