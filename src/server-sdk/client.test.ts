import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInstantBackoff } from '../shared/testing/backoff-clock.js';
import {
  apiKey,
  bankToken,
  cardToken,
  request,
  startTestService,
  type TestService,
  type Created,
  anyNumber,
  matching,
} from '../service/testing/harness.js';
import { PaymentDeclinedError, PaytokenApiError, PaytokenClient, ReversalDeclinedError } from './index.js';

let service: TestService;
let apiUrl: string;
let springfield: PaytokenClient;

beforeAll(async () => {
  service = await startTestService();
  apiUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  // The tests charge the same test card the same amounts on purpose, by new tokens: off here,
  // duplicate protection has its own tests (src/service/http/routes/duplicates.test.ts).
  await service.sql.query('UPDATE accounts SET duplicate_window_minutes = 0');
  const { apiKey: key, apiSecret } = service.accounts.springfield;
  springfield = new PaytokenClient({ apiUrl, apiKey: key, apiSecret });
});
afterAll(() => service.close());

async function browserToken(body: unknown = cardToken(), account = service.accounts.springfield): Promise<string> {
  return (
    await request(service.app, 'POST', '/api/v1/tokens', { authorization: apiKey(account), body })
  ).json<Created>().id;
}

describe('PaytokenClient against the service', () => {
  it('retrieves and deletes tokens', async () => {
    const id = await browserToken();
    expect(await springfield.tokens.retrieve(id)).toMatchObject({ id, transactionType: 'Visa', lastFour: '4242' });
    expect(await springfield.tokens.delete(id)).toEqual({ id, deleted: true });
    await expect(springfield.tokens.retrieve(id)).rejects.toMatchObject({
      name: 'PaytokenApiError',
      status: 404,
      code: 'TOKEN_NOT_FOUND',
      requestId: matching(/^req_/),
    });
  });

  it('calculates fees with the rates of the account or the impersonated client', async () => {
    expect(await springfield.fees.calculate(100)).toEqual({ achPayerFee: 3, creditCardPayerFee: 3.25 });
    const { system, shelby } = service.accounts;
    const forShelby = new PaytokenClient({
      apiUrl,
      apiKey: system.apiKey,
      apiSecret: system.apiSecret,
      impersonationAccountKey: shelby.impersonationKey as string,
    });
    expect(await forShelby.fees.calculate(100)).toEqual({ achPayerFee: 1.5, creditCardPayerFee: 3.5 });
  });

  it('createWithPayerFee does Mode A: $100.00 due by card is $103.25 charged, $100.00 net', async () => {
    const transaction = await springfield.transactions.createWithPayerFee({
      amountDue: 100,
      tokenId: await browserToken(),
      payer: 'Ada Lovelace',
    });
    expect(transaction).toMatchObject({
      payerFeeMode: 'Included',
      amount: 103.25,
      payerFee: 3.25,
      fee: 3.25,
      netAmount: 100,
    });
    expect(await springfield.transactions.retrieve(transaction.id)).toMatchObject({
      id: transaction.id,
      amount: 103.25,
    });
  });

  it('createWithPayerFee charges the fee of the token’s own card: no surcharge on a debit card', async () => {
    const { apiKey: key, apiSecret } = service.accounts.riverside;
    const riverside = new PaytokenClient({ apiUrl, apiKey: key, apiSecret });
    const debit = await browserToken(cardToken({ cardNumber: '4000 0566 5566 5556' }), service.accounts.riverside);
    expect(
      await riverside.transactions.createWithPayerFee({ amountDue: 100, tokenId: debit, payer: 'Ada' }),
    ).toMatchObject({ amount: 100, payerFee: 0, funding: 'debit', feeProgram: 'surcharge' });
    const credit = await browserToken(cardToken(), service.accounts.riverside);
    expect(
      await riverside.transactions.createWithPayerFee({ amountDue: 100, tokenId: credit, payer: 'Ada' }),
    ).toMatchObject({ amount: 103, payerFee: 3, funding: 'credit' });
  });

  it('createWithPayerFee takes the ACH fee for a bank token', async () => {
    const transaction = await springfield.transactions.createWithPayerFee({
      amountDue: 59.99,
      tokenId: await browserToken(bankToken()),
      payer: 'Ada',
    });
    expect(transaction).toMatchObject({
      transactionType: 'Ach',
      amount: 62.99,
      payerFee: 3,
      netAmount: 59.99,
      payerFeeMode: 'Included',
    });
  });

  it('throws PaymentDeclinedError with the processor code and the stored transaction id', async () => {
    const tokenId = await browserToken(cardToken({ cardNumber: '4000 0000 0000 9995' }));
    const error = await springfield.transactions
      .createWithPayerFee({ amountDue: 10, tokenId, payer: 'Ada' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toMatchObject({
      status: 400,
      paymentResponseCode: 'InsufficientFunds',
      transactionId: anyNumber,
      message: 'The payment was declined: insufficient funds.',
      payerMessage: 'The payment was declined for insufficient funds. Please use another card or payment method.',
    });
  });

  it('tells the payer of a lost or stolen card only that it was declined, in English or Spanish', async () => {
    const tokenId = await browserToken(cardToken({ cardNumber: '4000 0000 0000 9987' }));
    const error = (await springfield.transactions
      .createWithPayerFee({ amountDue: 10, tokenId, payer: 'Ada' })
      .catch((caught: unknown) => caught)) as PaymentDeclinedError;
    expect(error.message).toBe('The payment was declined: the card was reported lost or stolen.');
    expect(error.payerMessage).toBe('The payment was declined. Please use another card or payment method.');
    expect(error.payerMessageIn('es-MX')).toBe('El pago fue rechazado. Use otra tarjeta u otro medio de pago.');
  });

  it('authorizes and captures', async () => {
    const { authorizationId } = await springfield.transactions.authorize({ tokenId: await browserToken(), amount: 80 });
    expect(await springfield.transactions.create({ payer: 'Ada', amount: 50, authorizationId })).toMatchObject({
      amount: 50,
      fee: 1.63,
      netAmount: 48.37,
    });
  });

  it('sends one Idempotency-Key per call: the same key charges once', async () => {
    const tokenId = await browserToken();
    const first = await springfield.transactions.create(
      { payer: 'Ada', amount: 103.25, payerFee: 3.25, tokenId },
      { idempotencyKey: 'order-9' },
    );
    const again = await springfield.transactions.create(
      { payer: 'Ada', amount: 103.25, payerFee: 3.25, tokenId },
      { idempotencyKey: 'order-9' },
    );
    expect(again.id).toBe(first.id);
  });

  it('reports field problems and bad credentials as typed errors', async () => {
    await expect(springfield.transactions.create({ payer: '', amount: 10, tokenId: 'tok_x' })).rejects.toMatchObject({
      status: 400,
      code: 'PAYER_REQUIRED',
      errors: [{ field: 'payer', code: 'PAYER_REQUIRED', message: 'Payer name is required.' }],
    });
    const wrong = new PaytokenClient({ apiUrl, apiKey: service.accounts.springfield.apiKey, apiSecret: 'sk_wrong' });
    await expect(wrong.fees.calculate(1)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('says the service’s answers again in Spanish, from the catalog the service writes them from', async () => {
    const missing = await springfield.tokens.retrieve('tok_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(PaytokenApiError);
    const error = missing as PaytokenApiError;
    expect(error.message).toBe('No such token.');
    expect(error.messageIn('es-MX')).toBe('No existe ese token.');
    expect(error.messageIn('en')).toBe('No such token.');
    const wrong = new PaytokenClient({ apiUrl, apiKey: service.accounts.springfield.apiKey, apiSecret: 'sk_wrong' });
    const refused = (await wrong.fees.calculate(1).catch((caught: unknown) => caught)) as PaytokenApiError;
    expect(refused.messageIn('es')).toBe('Faltan las credenciales o no son válidas.');
  });

  it('refuses inexact money before sending anything', async () => {
    await expect(springfield.fees.calculate(1.005)).rejects.toThrow(RangeError);
    await expect(
      springfield.transactions.create({ payer: 'Ada', amount: Number.NaN, tokenId: 'tok_x' }),
    ).rejects.toThrow(/amount must be an amount/);
  });
});

describe('PaytokenClient after the charge (docs/api.md#voids-refunds-and-settlement)', () => {
  it('voids, settles, lists batches and refunds; refusals are ReversalDeclinedError', async () => {
    const tokenId = await browserToken();
    const first = await springfield.transactions.create({ payer: 'Ada', amount: 61.11, payerFee: 0.01, tokenId });
    expect(await springfield.transactions.void(first.id)).toMatchObject({ id: first.id, status: 'Voided', amount: 0 });
    const again = await springfield.transactions.void(first.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ReversalDeclinedError);
    expect(again).toMatchObject({ status: 400, code: 'REVERSAL_DECLINED', reversalResponseCode: 'PreviouslyVoided' });

    const sale = await springfield.transactions.create({ payer: 'Ada', amount: 103.25, payerFee: 3.25, tokenId });
    await expect(springfield.transactions.refund(sale.id, { amount: 40 })).rejects.toMatchObject({
      name: 'ReversalDeclinedError',
      reversalResponseCode: 'NotSettled',
    });
    const batch = await springfield.sandbox.settle();
    expect(batch).toMatchObject({ currency: 'USD', numberOfDebits: expect.any(Number) as unknown });
    const { batches, totalRecords } = await springfield.batches.list();
    expect([totalRecords >= 1, batches[0]?.id]).toEqual([true, batch.id]);
    const settled = await springfield.batches.transactions(batch.id);
    expect(settled.transactions.map((transaction) => transaction.id)).toContain(sale.id);

    const refund = await springfield.transactions.refund(sale.id, { amount: 40 }, { idempotencyKey: 'sdk-refund-1' });
    expect(refund).toMatchObject({ amount: -40, netAmount: -40, fee: 0, originalTransactionId: sale.id });
    expect(await springfield.transactions.refund(sale.id, { amount: 40 }, { idempotencyKey: 'sdk-refund-1' })).toEqual(
      refund,
    );
    await expect(springfield.transactions.refund(sale.id, { amount: 70 })).rejects.toMatchObject({
      reversalResponseCode: 'AmountExceedsRemaining',
      message: expect.stringContaining('63.25') as unknown,
    });
    expect(await springfield.transactions.refund(sale.id)).toMatchObject({ amount: -63.25 });
    expect(await springfield.transactions.retrieve(sale.id)).toMatchObject({ status: 'Refunded', fee: 3.25 });
    await expect(springfield.transactions.refund(sale.id, { amount: 0.001 })).rejects.toThrow(RangeError);

    const report = await springfield.batches.report(batch.id);
    expect(report.batch).toEqual(batch);
    expect(report.totals.totalOfDebits).toBe(batch.totalOfDebits);
    expect(report.lines.find((line) => line.transactionId === sale.id)).toMatchObject({
      principal: 100,
      payerFee: 3.25,
    });
    const csv = await springfield.batches.reportCsv(batch.id);
    expect(csv.split('\r\n')[0]).toMatch(/^transactionId,publicId,kind,/);
    expect(csv).toContain(`${sale.id},${sale.publicId},Payment,`);
    const today = new Date().toISOString().slice(0, 10);
    const lockbox = await springfield.reports.lockbox(today);
    expect(lockbox.split('\r\n')[0]).toBe('reference,amount,date,payer,transactionId,publicId,method,lastFour,batchId');
    expect((await springfield.reports.lockbox(today, 'fixed')).split('\r\n')[0]).toMatch(/^H\d{8}\d{6}\d{12} +$/);
    await expect(springfield.batches.report(999_999_999)).rejects.toMatchObject({
      status: 404,
      code: 'BATCH_NOT_FOUND',
    });
    await expect(springfield.reports.lockbox('2026-02-30')).rejects.toMatchObject({ status: 400 });
  });
});

describe('PaytokenClient retries', () => {
  let server: Server;
  let url: string;
  let answers: ((request: IncomingMessage, response: ServerResponse) => void)[] = [];
  const seen: { key: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ key: req.headers['idempotency-key'] as string | undefined });
      res.setHeader('Connection', 'close');
      req.resume();
      req.on('end', () => (answers.shift() ?? ((_, r) => r.writeHead(500).end()))(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const json = (status: number, body: unknown) => (_: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const client = (extra: object = {}) => new PaytokenClient({ apiUrl: url, apiKey: 'ak', apiSecret: 'sk', ...extra });

  it('retries 5xx and 409 with the same Idempotency-Key, then succeeds', async () => {
    seen.length = 0;
    answers = [
      json(503, { message: 'busy' }),
      // As the service answers it: with Retry-After (a 409 without it is a state, not retried).
      (_: IncomingMessage, res: ServerResponse) =>
        res
          .writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' })
          .end(JSON.stringify({ message: 'running', code: 'IDEMPOTENCY_KEY_IN_USE' })),
      json(201, { id: 7, amount: 1 }),
    ];
    const { result, delays } = await withInstantBackoff(() =>
      client().transactions.create({ payer: 'Ada', amount: 1, tokenId: 'tok_x' }),
    );
    expect(result).toMatchObject({ id: 7 });
    expect(seen).toHaveLength(3);
    // 300 ms × 2^n × 0.5–1.5 before retry n.
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(150);
    expect(delays[0]).toBeLessThan(450);
    expect(delays[1]).toBeGreaterThanOrEqual(300);
    expect(delays[1]).toBeLessThan(900);
    expect(new Set(seen.map((request) => request.key)).size).toBe(1);
    expect(seen[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not retry a 4xx, and gives up after maxRetries', async () => {
    seen.length = 0;
    answers = [json(400, { message: 'Payer name is required.', code: 'PAYER_REQUIRED' })];
    await expect(client().fees.calculate(1)).rejects.toBeInstanceOf(PaytokenApiError);
    expect(seen).toHaveLength(1);
    seen.length = 0;
    answers = [json(500, {}), json(500, {})];
    const failed = withInstantBackoff(() => client({ maxRetries: 1 }).fees.calculate(1));
    await expect(failed).rejects.toMatchObject({ status: 500 });
    expect(seen).toHaveLength(2);
  });

  it('times out per request, and reports an unreachable API', async () => {
    answers = [() => undefined, () => undefined];
    await expect(client({ timeoutMs: 200, maxRetries: 1 }).fees.calculate(1)).rejects.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
    });
    server.closeAllConnections();
    await expect(
      new PaytokenClient({ apiUrl: 'http://127.0.0.1:9', apiKey: 'a', apiSecret: 'b', maxRetries: 0 }).fees.calculate(
        1,
      ),
    ).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('payment schedules and AutoPay', () => {
  it('creates, searches, pauses, restarts and cancels a schedule, and lists its payments', async () => {
    const tokenId = await browserToken();
    const schedule = await springfield.paymentSchedules.create({
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      tokenId,
      amount: 84.2,
      interval: 'Month',
      intervalCount: 1,
      startDate: '2099-01-31',
    });
    expect(schedule).toMatchObject({ status: 'Active', nextPaymentDate: '2099-01-31', amount: 84.2 });
    expect(await springfield.paymentSchedules.retrieve(schedule.id)).toMatchObject({ id: schedule.id });
    expect((await springfield.paymentSchedules.pause(schedule.id)).status).toBe('Paused');
    expect((await springfield.paymentSchedules.search({ status: 'Paused', tokenId })).paymentSchedules).toMatchObject([
      { id: schedule.id },
    ]);
    expect((await springfield.paymentSchedules.restart(schedule.id)).status).toBe('Active');
    expect(await springfield.paymentSchedules.payments(schedule.id)).toEqual({ payments: [] });
    expect((await springfield.paymentSchedules.cancel(schedule.id)).status).toBe('Cancelled');
    await expect(springfield.paymentSchedules.pause(schedule.id)).rejects.toMatchObject({
      status: 409,
      code: 'SCHEDULE_CANCELLED',
    });
    await expect(
      springfield.paymentSchedules.create({
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        tokenId,
        amount: 1.005,
        interval: 'Month',
        intervalCount: 1,
      }),
    ).rejects.toThrow(RangeError);
  });

  it('enrols in AutoPay, adds an amount due, searches, cancels and restarts', async () => {
    const autoPay = await springfield.autoPay.create({
      emailAddress: 'ada@example.com',
      publicTokenId: await browserToken(),
    });
    const due = await springfield.autoPay.addAmountDue(autoPay.id, { amount: 42.5, dueDate: '2099-12-15' });
    expect(due.amountsDue).toEqual([{ dueDate: '2099-12-15', amount: 42.5 }]);
    expect((await springfield.autoPay.search()).autoPays.map((a) => a.id)).toContain(autoPay.id);
    expect((await springfield.autoPay.retrieve(autoPay.id)).nextPaymentDate).toBe('2099-12-15');
    expect((await springfield.autoPay.cancel(autoPay.id)).status).toBe('Cancelled');
    expect((await springfield.autoPay.restart(autoPay.id)).status).toBe('Active');
  });
});
