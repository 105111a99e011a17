/**
 * The payer's language on POST /transactions (`locale`, ours): stored with the transaction for what
 * is sent to the payer (a receipt), inherited by its refunds, refused when it is not one we speak.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionResponse } from '../../../shared/wire.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const call = (url: string, body?: unknown) =>
  request(service.app, 'POST', url, { authorization: basic(service.accounts.springfield), body });
const sale = async (extra: Record<string, unknown>) => {
  const token = await call('/api/v1/tokens', cardToken());
  return call('/api/v1/transactions', {
    payer: 'Ada Lovelace',
    amount: 25,
    payerFee: 0.01,
    tokenId: token.json<Created>().id,
    ...extra,
  });
};
const stored = async (id: number) =>
  (
    await service.sql.query<{ payer_locale: string | null }>('SELECT payer_locale FROM transactions WHERE id = $1', [
      id,
    ])
  )[0]?.payer_locale;

describe('locale on POST /transactions', () => {
  it('keeps the payer’s language with the transaction, and its refunds inherit it', async () => {
    const response = await sale({ locale: 'es', sendReceipt: true, emailAddress: 'ada@example.com' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<TransactionResponse>();
    expect(await stored(id)).toBe('es');
    await call('/api/v1/sandbox/settle');
    const refund = await call(`/api/v1/transactions/${id}/refund`, { amount: 5 });
    expect(refund.statusCode).toBe(201);
    expect(await stored(refund.json<TransactionResponse>().id)).toBe('es');
  });

  it('is null when not sent, or sent as null: the receipt then speaks English', async () => {
    expect(await stored((await sale({})).json<TransactionResponse>().id)).toBeNull();
    expect(await stored((await sale({ locale: null })).json<TransactionResponse>().id)).toBeNull();
  });

  it.each([['fr'], ['ES'], [''], [1], [['es']]])('refuses %j with INVALID_LOCALE, naming the field', async (locale) => {
    const response = await sale({ locale });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'locale', code: 'INVALID_LOCALE', message: 'locale must be en or es.' }],
    });
  });
});
