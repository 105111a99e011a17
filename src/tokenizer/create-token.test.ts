import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withInstantBackoff } from '../shared/testing/backoff-clock.js';
import { configure, createToken, type TokenResult } from './index.js';

/** A real HTTP server whose answers each test scripts, and which records what reached it. */
type Answer = (request: IncomingMessage, response: ServerResponse) => void;
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let apiUrl: string;
let answers: Answer[] = [];
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      // No keep-alive: a socket closed after one test must not be reused by the next.
      response.setHeader('Connection', 'close');
      const answer = answers.shift() ?? ((_, res) => res.writeHead(500).end());
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  answers = [];
  received = [];
  server.closeAllConnections();
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_, response) =>
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

const tokenRequest = {
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  creditCardInformation: {
    accountHolder: 'Ada Lovelace',
    cardNumber: '4242 4242 4242 4242',
    cvc: '123',
    month: '1',
    year: 2030,
    postalCode: '12345',
  },
};
const options = () => ({ publicKey: 'pk_test_springfield', apiUrl });

describe('createToken', () => {
  it('posts the normalized request with the public key and returns the id from Location', async () => {
    answers.push((_, response) => response.writeHead(201, { Location: `${apiUrl}/api/v1/tokens/tok_abc123` }).end());
    const result = await createToken(tokenRequest, { ...options(), impersonationAccountKey: 'imp_shelby' });
    expect(result).toEqual({ success: true, id: 'tok_abc123' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/tokens');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Api-Key pk_test_springfield',
      impersonationaccountkey: 'imp_shelby',
    });
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.body).toEqual({
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      creditCardInformation: {
        accountHolder: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        cvc: '123',
        month: '01',
        year: 2030,
        postalCode: '12345',
      },
    });
  });

  it('reads a relative Location, and falls back to a body id', async () => {
    answers.push((_, response) => response.writeHead(201, { Location: '/api/v1/tokens/tok_relative' }).end());
    answers.push(json(201, { id: 'tok_from_body' }));
    expect(await createToken(tokenRequest, options())).toEqual({ success: true, id: 'tok_relative' });
    expect(await createToken(tokenRequest, options())).toEqual({ success: true, id: 'tok_from_body' });
  });

  it('sends the fee quote the payer was shown as it is given, and none when there is none', async () => {
    answers.push(json(201, { id: 'tok_quoted' }), json(201, { id: 'tok_plain' }));
    const feeQuote = { amount: 100, payerFee: 3.25 };
    expect(await createToken({ ...tokenRequest, feeQuote }, options())).toEqual({ success: true, id: 'tok_quoted' });
    await createToken(tokenRequest, options());
    expect(received.map((request) => (request.body as { feeQuote?: unknown }).feeQuote)).toEqual([feeQuote, undefined]);
  });

  it('tokenizes a bank account', async () => {
    answers.push((_, response) => response.writeHead(201, { Location: '/api/v1/tokens/tok_ach' }).end());
    const bank = {
      accountType: 'PersonalChecking' as const,
      routingNumber: '021000021',
      accountNumber: '0001-2345-6789',
    };
    const result = await createToken(
      { payer: 'Ada', emailAddress: 'ada@example.com', bankAccountInformation: bank },
      options(),
    );
    expect(result).toEqual({ success: true, id: 'tok_ach' });
    expect(received[0]?.body).toMatchObject({ bankAccountInformation: { accountNumber: '000123456789' } });
  });

  it('makes no request for invalid data and reports every problem', async () => {
    const result = await createToken(
      {
        ...tokenRequest,
        emailAddress: 'x',
        creditCardInformation: { ...tokenRequest.creditCardInformation, cardNumber: '4242424242424241', month: '13' },
      },
      options(),
    );
    expect(result).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (result.success) return;
    expect(result.errors.map((error) => error.code)).toEqual([
      'INVALID_EMAIL_ADDRESS',
      'INVALID_CARD_NUMBER',
      'INVALID_EXPIRATION_MONTH',
    ]);
    expect(result.errorMessage).toBe(
      'Email address is not valid. Card number is not valid. Expiration month must be 1 to 12.',
    );
    expect(received).toHaveLength(0);
  });

  it('uses the single code when there is one problem', async () => {
    const result = await createToken({ ...tokenRequest, payer: '' }, options());
    expect(result).toEqual({
      success: false,
      code: 'PAYER_REQUIRED',
      errorMessage: 'Payer name is required.',
      errors: [{ field: 'payer', code: 'PAYER_REQUIRED', message: 'Payer name is required.' }],
    });
  });

  it("passes on the service's 400 message and field errors", async () => {
    const errors = [
      {
        field: 'creditCardInformation.cardNumber',
        code: 'UNSUPPORTED_CARD_BRAND',
        message: 'This card brand is not accepted.',
      },
    ];
    answers.push(
      json(400, {
        message: 'This card brand is not accepted.',
        code: 'UNSUPPORTED_CARD_BRAND',
        errors,
        requestId: 'req_1',
      }),
    );
    expect(await createToken(tokenRequest, options())).toEqual({
      success: false,
      errorMessage: 'This card brand is not accepted.',
      code: 'UNSUPPORTED_CARD_BRAND',
      errors,
    });
  });

  it.each([
    [
      json(401, { message: 'Missing or invalid credentials.' }),
      'PUBLIC_KEY_REJECTED',
      'Payments are not available on this page right now.',
    ],
    [
      json(403, { message: 'The public key can only create payment tokens.' }),
      'PUBLIC_KEY_REJECTED',
      'Payments are not available on this page right now.',
    ],
    [
      json(403, { message: 'Origin refused.', code: 'ORIGIN_NOT_ALLOWED' }),
      'ORIGIN_NOT_ALLOWED',
      'Payments are not available on this page right now.',
    ],
    [
      (_: IncomingMessage, response: ServerResponse) => response.writeHead(201).end(),
      'UNEXPECTED_RESPONSE',
      'The payment service sent an unexpected answer.',
    ],
    [
      (_: IncomingMessage, response: ServerResponse) => response.writeHead(400).end('<html>bad</html>'),
      'UNEXPECTED_RESPONSE',
      'The payment service sent an unexpected answer.',
    ],
  ])('answers %# as %s', async (answer, code, errorMessage) => {
    answers.push(answer);
    expect(await createToken(tokenRequest, options())).toEqual({ success: false, code, errorMessage, errors: [] });
    expect(received).toHaveLength(1);
  });

  it.each([
    [{ 'Retry-After': '17' }, 17],
    [{}, 60],
  ])('answers a 429 with %j as RATE_LIMITED, its seconds also as data', async (headers, seconds) => {
    answers.push(json(429, { message: 'Slow down.' }, headers));
    expect(await createToken(tokenRequest, options())).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      errorMessage: `Too many attempts. Try again in ${seconds} seconds.`,
      errors: [],
      seconds,
    });
  });

  // An hour of timeout: the fast clock must not reach it while the real requests are under way.
  const retried = () => withInstantBackoff(() => createToken(tokenRequest, { ...options(), timeoutMs: 3_600_000 }));

  it('retries a 5xx twice with the same Idempotency-Key after jittered, doubling waits, then succeeds', async () => {
    answers.push(json(500, { message: 'boom' }), json(503, { message: 'busy' }), (_, response) =>
      response.writeHead(201, { Location: '/api/v1/tokens/tok_third' }).end(),
    );
    const { result, delays } = await retried();
    expect(result).toEqual({ success: true, id: 'tok_third' });
    expect(received).toHaveLength(3);
    // 250 ms × 2^n × 0.5–1.5 before retry n.
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(125);
    expect(delays[0]).toBeLessThan(375);
    expect(delays[1]).toBeGreaterThanOrEqual(250);
    expect(delays[1]).toBeLessThan(750);
    expect(new Set(received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });

  it('gives up after two retries with a readable error', async () => {
    answers.push(json(502, {}), json(502, {}), json(502, {}), json(201, { id: 'never' }));
    expect((await retried()).result).toMatchObject({
      success: false,
      code: 'SERVICE_ERROR',
      errorMessage: 'The payment service had a problem. Try again later.',
    });
    expect(received).toHaveLength(3);
  });

  it('uses a new Idempotency-Key for each call', async () => {
    answers.push(json(201, { id: 'a' }), json(201, { id: 'b' }));
    await createToken(tokenRequest, options());
    await createToken(tokenRequest, options());
    expect(received[0]?.headers['idempotency-key']).not.toBe(received[1]?.headers['idempotency-key']);
  });

  it('reports a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { result, delays } = await withInstantBackoff(() =>
      createToken(tokenRequest, { publicKey: 'pk', apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 3_600_000 }),
    );
    expect(result).toMatchObject({ success: false, code: 'NETWORK_ERROR' });
    expect(delays).toHaveLength(2);
  });

  it('times out when the service does not answer', async () => {
    answers.push(() => undefined);
    const started = Date.now();
    const result = await createToken(tokenRequest, { ...options(), timeoutMs: 300 });
    expect(result).toMatchObject({
      success: false,
      code: 'TIMEOUT',
      errorMessage: 'The payment service did not answer in time. Try again.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the signal aborts, and sends nothing for an aborted signal', async () => {
    answers.push(() => undefined);
    const controller = new AbortController();
    const pending = createToken(tokenRequest, { ...options(), signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ success: false, code: 'ABORTED' });
    const count = received.length;
    expect(await createToken(tokenRequest, { ...options(), signal: AbortSignal.abort() })).toMatchObject({
      code: 'ABORTED',
    });
    expect(received.length).toBe(count);
  });

  it.each([
    ['http://pay.example.com', 'INSECURE_API_URL'],
    ['http://10.0.0.1:8080', 'INSECURE_API_URL'],
    ['ftp://pay.example.com', 'INVALID_API_URL'],
    ['not a url', 'INVALID_API_URL'],
    [undefined, 'INVALID_API_URL'],
  ])('refuses the API URL %s with %s and sends nothing', async (url, code) => {
    expect(await createToken(tokenRequest, { publicKey: 'pk', ...(url && { apiUrl: url }) })).toMatchObject({
      success: false,
      code,
    });
    expect(received).toHaveLength(0);
  });

  it('needs a public key', async () => {
    expect(await createToken(tokenRequest, { apiUrl })).toMatchObject({ success: false, code: 'MISSING_PUBLIC_KEY' });
  });

  it('calls the callback exactly once, asynchronously, with the same result as the Promise', async () => {
    answers.push(json(201, { id: 'tok_cb' }));
    const callback = vi.fn();
    const promise = createToken(tokenRequest, callback, options());
    expect(callback).not.toHaveBeenCalled();
    const result = await promise;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(result);
  });

  it('calls the callback asynchronously even for invalid data', async () => {
    const results: TokenResult[] = [];
    const promise = createToken({ ...tokenRequest, payer: '' }, (result) => results.push(result), options());
    expect(results).toHaveLength(0);
    await promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(results).toHaveLength(1);
  });

  it('survives a callback that throws: the Promise resolves and later calls work', async () => {
    answers.push(json(201, { id: 'tok_1' }), json(201, { id: 'tok_2' }));
    const first = createToken(
      tokenRequest,
      () => {
        throw new Error('integrator bug');
      },
      options(),
    );
    await expect(first).resolves.toEqual({ success: true, id: 'tok_1' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(createToken(tokenRequest, options())).resolves.toEqual({ success: true, id: 'tok_2' });
  });

  it('takes defaults from configure(), overridden per call', async () => {
    configure({ publicKey: 'pk_configured', apiUrl });
    answers.push(json(201, { id: 'a' }), json(201, { id: 'b' }));
    await createToken(tokenRequest);
    await createToken(tokenRequest, { publicKey: 'pk_per_call' });
    expect(received.map((request) => request.headers.authorization)).toEqual([
      'Api-Key pk_configured',
      'Api-Key pk_per_call',
    ]);
    configure({ publicKey: '', apiUrl: '' });
  });
});
