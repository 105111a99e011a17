/**
 * A capture is held to its authorization's expiry at the moment it is written, not only when it
 * starts (payments/capture.ts, storage's `unexpiredAt` guard): a processor that answers after the
 * authorization expired leaves it uncaptured. The clock is the service's own (`now`), moved by the
 * processor adapter while it "answers".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizationResponse } from '../../../shared/wire.js';
import type { PaymentProcessor } from '../../payments/payment-processor.js';
import { sandboxProcessor } from '../../sandbox/processor.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

const DAY_MS = 86_400_000;
let clock = new Date('2026-11-25T12:00:00Z');
/** The sandbox, whose capture answers eight days later. */
const slowCapture: PaymentProcessor = {
  ...sandboxProcessor,
  name: 'slow-capture',
  capture: (...args) => {
    clock = new Date(clock.getTime() + 8 * DAY_MS);
    return sandboxProcessor.capture(...args);
  },
};

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ processor: slowCapture, now: () => clock });
});
afterAll(() => service.close());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  request(service.app, method, url, { authorization: basic(service.accounts.springfield), body });

describe('a capture answered after its authorization expired', () => {
  it('is refused as expired, and the authorization stays uncaptured', async () => {
    const tokenId = (await call('POST', '/api/v1/tokens', cardToken())).json<Created>().id;
    const authorized = await call('POST', '/api/v1/transactions/authorize', { tokenId, amount: 20 });
    expect(authorized.statusCode).toBe(201);
    const { authorizationId } = authorized.json<AuthorizationResponse>();
    const captured = await call('POST', '/api/v1/transactions', {
      payer: 'Ada',
      amount: 20,
      payerFee: 0,
      authorizationId,
    });
    expect(captured.statusCode).toBe(400);
    expect(captured.json()).toMatchObject({
      code: 'INVALID_AUTHORIZATION',
      paymentResponseCode: 'InvalidAuthorization',
      message: 'This authorization expired (they last 7 days).',
    });
    const status = await call('GET', `/api/v1/transactions/authorizations/${authorizationId}`);
    expect(status.json()).toMatchObject({ authorizationId, captured: false });
  });
});
