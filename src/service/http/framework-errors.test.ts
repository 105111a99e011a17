/**
 * Inputs that once gave a 500 or left the contract's error shape.
 * Each answer is a readable 4xx with `code` and `requestId`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/wire.js';
import {
  apiKey,
  basic,
  cardToken,
  matching,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const server = () => basic(service.accounts.springfield);
const newToken = async () =>
  (await request(service.app, 'POST', '/api/v1/tokens', { authorization: server(), body: cardToken() })).json<Created>()
    .id;

/** A readable 4xx in the contract's shape. */
function expectContractError(response: { statusCode: number; json<T>(): T }, status: number, code?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody & { requestId: string }>();
  expect(body.message).toMatch(/\.$/);
  expect(body.code).toMatch(/^[A-Z_]+$/);
  expect(body.requestId).toMatch(/^req_/);
  if (code) expect(body.code).toBe(code);
  return body;
}

describe('item 1: NUL and lone surrogates', () => {
  it.each(['\u0000', '\ud800', '\udc00'])(
    'POST /tokens with %j in each text field: 400 INVALID_CHARACTERS',
    async (bad) => {
      for (const body of [
        { ...cardToken(), payer: `Ada${bad}` },
        { ...cardToken(), emailAddress: `ada${bad}@example.com` },
        cardToken({ accountHolder: `Ada${bad}` }),
        { ...cardToken(), attributeValues: { note: `x${bad}` } },
        { ...cardToken(), attributeValues: { [`n${bad}`]: 'x' } },
      ]) {
        const response = await request(service.app, 'POST', '/api/v1/tokens', {
          authorization: apiKey(service.accounts.springfield),
          body,
        });
        expectContractError(response, 400, 'INVALID_CHARACTERS');
      }
    },
  );

  it.each(['\u0000', '\ud800'])('POST /transactions with %j in payer or comments: 400', async (bad) => {
    const tokenId = await newToken();
    for (const body of [
      { tokenId, amount: 10, payer: `Ada${bad}` },
      { tokenId, amount: 10, payer: 'Ada', comments: `x${bad}` },
    ]) {
      const response = await request(service.app, 'POST', '/api/v1/transactions', { authorization: server(), body });
      expectContractError(response, 400, 'INVALID_CHARACTERS');
    }
  });

  it.each([
    ['GET', '/api/v1/tokens/tok_%00', 'TOKEN_NOT_FOUND'],
    ['DELETE', '/api/v1/tokens/tok_%00', 'TOKEN_NOT_FOUND'],
    ['GET', `/api/v1/tokens/tok_${'a'.repeat(90)}`, 'TOKEN_NOT_FOUND'],
    ['GET', '/api/v1/transactions/%00', 'TRANSACTION_NOT_FOUND'],
    ['GET', '/api/v1/transactions/txn_%00x', 'TRANSACTION_NOT_FOUND'],
    ['GET', '/api/v1/transactions/authorizations/%00', 'AUTHORIZATION_NOT_FOUND'],
  ] as const)('%s %s: 404 %s, before any query', async (method, url, code) => {
    const response = await request(service.app, method, url, { authorization: server() });
    expectContractError(response, 404, code);
  });
});

describe('item 8: every answer has the contract shape', () => {
  it.each([
    ['bad percent-encoding', '/api/v1/tokens/%FF'],
    ['over-long UTF-8', '/api/v1/tokens/%C0%80'],
    ['truncated escape', '/api/v1/tokens/%E'],
    ['an encoded lone surrogate', '/api/v1/tokens/tok_%ED%A0%80'],
    ['an encoded NUL in a route', '/api/v1/transactions/authorizations/%00%FF'],
  ])('%s: 400 with code and requestId', async (_, url) => {
    const response = await request(service.app, 'GET', url, { authorization: server() });
    expectContractError(response, 400);
  });

  it('an over-long path parameter: 414 with code and requestId', async () => {
    const response = await request(service.app, 'GET', `/api/v1/tokens/${'a'.repeat(120_000)}`, {
      authorization: server(),
    });
    expectContractError(response, 414, 'URI_TOO_LONG');
  });

  it('unknown route and unknown method: 404 and 405 in the contract shape', async () => {
    expectContractError(await request(service.app, 'GET', '/nope'), 404, 'NOT_FOUND');
    expectContractError(await request(service.app, 'PUT', '/api/v1/tokens'), 404, 'NOT_FOUND');
  });
});

/** Sends `raw` bytes over a real socket (the HTTP parser runs only there) and returns the answer. */
let listening: Promise<string> | undefined;
async function rawHttp(raw: string): Promise<string> {
  listening ??= service.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(await listening);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('item 8: headers the HTTP parser refuses', () => {
  it.each([
    ['a control character in a header', 'X-Test: a\u0001b\r\n', 400, 'INVALID_HEADER'],
    ['a NUL in a header', 'X-Test: a\u0000b\r\n', 400, 'INVALID_HEADER'],
    ['a header without a colon', 'nonsense\r\n', 400, 'INVALID_HEADER'],
    ['headers larger than the limit', `X-Big: ${'a'.repeat(20_000)}\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ])('%s: the contract shape', async (_, header, status, code) => {
    const answer = await rawHttp(`GET /api/v1/tokens HTTP/1.1\r\nHost: localhost\r\n${header}\r\n`);
    const [head, body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(JSON.parse(body) as unknown).toEqual({
      message: matching(/\.$/),
      code,
      requestId: matching(/^req_/),
    });
  });
});

describe('item 9: DELETE with Content-Type and no body', () => {
  it('deletes the token', async () => {
    const id = await newToken();
    const response = await request(service.app, 'DELETE', `/api/v1/tokens/${id}`, {
      authorization: server(),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, deleted: true });
  });
});
