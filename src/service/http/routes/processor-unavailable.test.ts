/**
 * A processor that does not answer a capture, a void or a refund (payments/payment-processor.ts):
 * the API answers 503 PROCESSOR_UNAVAILABLE with Retry-After, and nothing changed, so the same
 * request later succeeds. The processor here is a real adapter that approves payments and never
 * answers anything else; the service waits for it 200 ms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizationResponse, TransactionResponse } from '../../../shared/wire.js';
import type { PaymentProcessor } from '../../payments/payment-processor.js';
import { sandboxProcessor } from '../../sandbox/processor.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

/** Approves payments like the sandbox; its captures, voids and refunds never come back until `answering`. */
function silentAfterwards(): PaymentProcessor & { answering: boolean } {
  const never = () => new Promise<never>(() => {});
  const adapter: PaymentProcessor & { answering: boolean } = {
    ...sandboxProcessor,
    name: 'silent',
    answering: false,
    capture: (...args) => (adapter.answering ? sandboxProcessor.capture(...args) : never()),
    void: (...args) => (adapter.answering ? sandboxProcessor.void(...args) : never()),
    refund: (...args) => (adapter.answering ? sandboxProcessor.refund(...args) : never()),
  };
  return adapter;
}

const processor = silentAfterwards();
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ processor, processorTimeoutMs: 200 });
});
afterAll(() => service.close());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  request(service.app, method, url, { authorization: basic(service.accounts.springfield), body });
const tokenId = async () => (await call('POST', '/api/v1/tokens', cardToken())).json<Created>().id;
const unavailable = {
  code: 'PROCESSOR_UNAVAILABLE',
  message: 'The payment processor did not answer in time, so nothing changed. Try again in a moment.',
};

describe('a processor that does not answer', () => {
  it('a capture is a 503 with Retry-After, and the authorization can still be captured', async () => {
    processor.answering = false;
    const authorized = await call('POST', '/api/v1/transactions/authorize', { tokenId: await tokenId(), amount: 20 });
    expect(authorized.statusCode).toBe(201);
    const { authorizationId } = authorized.json<AuthorizationResponse>();
    const capture = () =>
      call('POST', '/api/v1/transactions', { payer: 'Ada', amount: 20, payerFee: 0, authorizationId });
    const refused = await capture();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject(unavailable);
    processor.answering = true;
    expect((await capture()).statusCode).toBe(201);
  });

  it('a void and a refund are 503s that change nothing', async () => {
    processor.answering = true;
    // Two amounts: the same card and amount twice within minutes is a duplicate.
    const sale = async (amount: number) => {
      const response = await call('POST', '/api/v1/transactions', {
        payer: 'Ada',
        amount,
        payerFee: 0.01,
        tokenId: await tokenId(),
      });
      expect(response.statusCode).toBe(201);
      return response.json<TransactionResponse>();
    };
    const toRefund = await sale(32);
    expect((await call('POST', '/api/v1/sandbox/settle')).statusCode).toBe(200);
    const unsettled = await sale(30);

    processor.answering = false;
    const voided = await call('POST', `/api/v1/transactions/${unsettled.id}/void`);
    expect(voided.statusCode).toBe(503);
    expect(voided.json()).toMatchObject(unavailable);
    const refunded = await call('POST', `/api/v1/transactions/${toRefund.id}/refund`, { amount: 10 });
    expect(refunded.statusCode).toBe(503);
    expect(refunded.headers['retry-after']).toBe('5');
    const read = async (id: number) => (await call('GET', `/api/v1/transactions/${id}`)).json<TransactionResponse>();
    expect(await read(unsettled.id)).toMatchObject({ status: 'Captured', amount: 30 });
    expect(await read(toRefund.id)).toMatchObject({ status: 'Settled' });

    processor.answering = true;
    expect((await call('POST', `/api/v1/transactions/${unsettled.id}/void`)).json()).toMatchObject({
      status: 'Voided',
    });
    expect((await call('POST', `/api/v1/transactions/${toRefund.id}/refund`, { amount: 10 })).statusCode).toBe(201);
  });
});
