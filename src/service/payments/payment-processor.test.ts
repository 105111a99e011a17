import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * The service and a processor that does not answer (payments/payment-processor.ts): real adapters of the
 * interface that never resolve, or fail, on the harness's real database. A sale or an authorization
 * is stored Declined and charges nothing; a capture, a void or a refund changes nothing and can be
 * tried again. Each waits the (short) time limit, never a clock in the assertions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import { CARD, saleDraft, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { newId } from '../vault/random.js';
import { authorize } from './authorize.js';
import { capture } from './capture.js';
import { stateOf } from './lifecycle.js';
import {
  PROCESSOR_MESSAGES,
  ProcessorUnavailable,
  type PaymentProcessor,
  type ProcessorAnswer,
} from './payment-processor.js';
import { refund } from './refund.js';
import type { Payer, PaymentDeps, PaymentResult } from './result.js';
import { sale } from './sale.js';
import { settle } from './settle.js';
import { newStoredToken } from './stored-token.js';
import { voidTransaction } from './void.js';

/** An acquirer that takes every request and never answers; it records the signals it was given. */
function silentProcessor(): PaymentProcessor & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const never = (_request: unknown, signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<ProcessorAnswer>(() => {});
  };
  return { name: 'silent', signals, authorize: never, capture: never, void: never, refund: never };
}

/** An acquirer whose connection fails on every request. */
const failingProcessor: PaymentProcessor = {
  name: 'failing',
  authorize: () => Promise.reject(new Error('connect ECONNREFUSED')),
  capture: () => Promise.reject(new Error('connect ECONNREFUSED')),
  void: () => Promise.reject(new Error('connect ECONNREFUSED')),
  refund: () => Promise.reject(new Error('connect ECONNREFUSED')),
};

let service: TestService;
let payer: Payer;
let tokenId: string;
beforeAll(async () => {
  service = await startTestService();
  payer = await payerNamed(service, 'Springfield');
});
afterAll(() => service.close());
beforeEach(async () => {
  await service.reset();
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: CARD },
    payer.scope,
    deps(sandboxProcessor),
  );
  await service.repository.tokens.insert(token);
  tokenId = token.id;
});

const deps = (processor: PaymentProcessor): PaymentDeps => ({
  repository: service.repository,
  vault: service.vault,
  now: () => new Date(),
  binTable: sandboxBinTable(),
  processor,
  processorTimeoutMs: 50,
});

const approved = (result: PaymentResult) => {
  if (!result.ok) throw new Error(`Failed: ${JSON.stringify(result.failure)}`);
  return result.value;
};
const find = async (id: number) => {
  const found = await service.repository.transactions.find(String(id), payer.scope);
  if (!found) throw new Error(`No transaction ${id}`);
  return found;
};
const rowCount = async () =>
  (await service.sql.query<{ n: number }>('SELECT count(*)::integer AS n FROM transactions'))[0]?.n;

describe('a processor that does not answer', () => {
  it.each([
    ['never answers', silentProcessor()],
    ['fails', failingProcessor],
  ])('a sale and an authorization when it %s: stored Declined, nothing charged', async (_, processor) => {
    for (const result of [
      await sale(saleDraft(tokenId, 2_000, 0), payer, deps(processor)),
      await authorize({ tokenId, amountCents: 3_000 }, payer, deps(processor)),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        failure: { kind: 'Declined', code: 'GenericDecline', message: PROCESSOR_MESSAGES.noAnswerDeclined },
      });
      const id = !result.ok && result.failure.kind === 'Declined' ? result.failure.transactionId : undefined;
      if (id === undefined) throw new Error('A stored decline.');
      const stored = await find(id);
      expect([stateOf(stored), stored.authorizationId, stored.events]).toEqual(['Declined', null, []]);
    }
    // The same sale again, with the processor back, is charged: a decline is never a duplicate.
    expect(approved(await sale(saleDraft(tokenId, 2_000, 0), payer, deps(sandboxProcessor)))).toMatchObject({
      paymentResponseCode: 'Success',
    });
  });

  it('is told to stop when the service stops waiting', async () => {
    const silent = silentProcessor();
    await sale(saleDraft(tokenId, 2_000, 0), payer, deps(silent));
    expect(silent.signals.map((signal) => signal.aborted)).toEqual([true]);
  });

  it('a capture, a void or a refund: ProcessorUnavailable, nothing changed, and a retry succeeds', async () => {
    const silent = silentProcessor();
    const held = approved(await authorize({ tokenId, amountCents: 5_000 }, payer, deps(sandboxProcessor)));
    const authorizationId = held.authorizationId ?? '';
    const captureDraft = { ...saleDraft(tokenId, 5_000, 0), source: { authorizationId } };
    await expect(capture(captureDraft, authorizationId, payer, deps(silent))).rejects.toBeInstanceOf(
      ProcessorUnavailable,
    );
    expect(stateOf(await find(held.id))).toBe('Authorized');
    approved(await capture(captureDraft, authorizationId, payer, deps(sandboxProcessor)));
    expect(stateOf(await find(held.id))).toBe('Captured');

    await expect(voidTransaction(String(held.id), payer.scope, deps(silent))).rejects.toThrow(
      PROCESSOR_MESSAGES.noAnswer,
    );
    const unvoided = await find(held.id);
    expect([stateOf(unvoided), unvoided.amount > 0, unvoided.events.map((e) => e.eventType)]).toEqual([
      'Captured',
      true,
      ['Authorize', 'Capture'],
    ]);

    await settle(payer.scope, deps(sandboxProcessor));
    const before = await rowCount();
    await expect(refund(String(held.id), null, payer.scope, deps(silent))).rejects.toBeInstanceOf(ProcessorUnavailable);
    expect([await rowCount(), (await find(held.id)).refundedAmount]).toEqual([before, 0]);
    expect(await refund(String(held.id), null, payer.scope, deps(sandboxProcessor))).toMatchObject({ ok: true });
  });
});
