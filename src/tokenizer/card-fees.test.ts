import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardFees } from './card-fees.js';

/** A real HTTP server answering GET /api/v1/cardFees as the contract says; it records what reached it. */
let server: Server;
let apiUrl: string;
let answer: { status: number; body: unknown; delayMs?: number };
let received: { url: string; authorization?: string; impersonation?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({
      url: request.url ?? '',
      authorization: request.headers.authorization,
      impersonation: request.headers.impersonationaccountkey as string | undefined,
    });
    setTimeout(
      () =>
        response
          .writeHead(answer.status, { 'Content-Type': 'application/json', Connection: 'close' })
          .end(JSON.stringify(answer.body)),
      answer.delayMs ?? 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received = [];
  server.closeAllConnections();
});

const DEBIT = {
  bin: '40000566',
  transactionType: 'Visa',
  funding: 'debit',
  program: 'surcharge',
  rule: 'SURCHARGE_NOT_ON_DEBIT',
  amount: 100.0,
  payerFee: 0.0,
  totalAmount: 100.0,
};
const config = () => ({ publicKey: 'pk_test_riverside', apiUrl, impersonationAccountKey: 'imp_riverside' });

describe('cardFees', () => {
  it('asks with the BIN, the amount and the public key, and answers the funding and the quote', async () => {
    answer = { status: 200, body: { ...DEBIT, funding: 'credit', payerFee: 3.25, totalAmount: 103.25 } };
    const fee = await cardFees({ bin: '40000566', amount: '100.00' }, config());
    expect(fee).toEqual({ funding: 'credit', amount: 100, payerFee: 3.25 });
    expect(received).toEqual([
      {
        url: '/api/v1/cardFees?bin=40000566&amount=100.00',
        authorization: 'Api-Key pk_test_riverside',
        impersonation: 'imp_riverside',
      },
    ]);
  });

  it('asks for a bank account by method, and reads its null funding', async () => {
    answer = { status: 200, body: { ...DEBIT, bin: undefined, transactionType: 'Ach', funding: null, payerFee: 1 } };
    expect(await cardFees({ method: 'ach', amount: '100.00' }, config())).toEqual({
      funding: null,
      amount: 100,
      payerFee: 1,
    });
    expect(received[0]?.url).toBe('/api/v1/cardFees?method=ach&amount=100.00');
  });

  it.each([
    ['a refusal', { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many attempts.' } }],
    ['a server error', { status: 500, body: {} }],
    ['a fee as text', { status: 200, body: { ...DEBIT, payerFee: '0.00' } }],
    ['no amount', { status: 200, body: { ...DEBIT, amount: undefined } }],
    ['no JSON body', { status: 200, body: null }],
  ])('answers nothing for %s', async (_, given) => {
    answer = given;
    expect(await cardFees({ bin: '40000566', amount: '100.00' }, config())).toBeUndefined();
  });

  it('asks nothing with an API URL it may not use', async () => {
    expect(
      await cardFees({ bin: '40000566', amount: '1.00' }, { publicKey: 'pk', apiUrl: 'http://pay.example' }),
    ).toBeUndefined();
    expect(
      await cardFees({ bin: '40000566', amount: '1.00' }, { publicKey: 'pk', apiUrl: 'not a URL' }),
    ).toBeUndefined();
    expect(received).toEqual([]);
  });

  it('answers nothing once its signal aborts, without waiting for the service', async () => {
    answer = { status: 200, body: DEBIT, delayMs: 2000 };
    const controller = new AbortController();
    const started = Date.now();
    const fee = cardFees({ bin: '40000566', amount: '100.00' }, config(), controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await fee).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
