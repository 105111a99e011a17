import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/wire.js';
import { createAccount } from '../accounts/seed.js';
import {
  apiKey,
  basic,
  cardToken,
  request,
  startTestService,
  type TestService,
  type Created,
} from '../testing/harness.js';

let service: TestService;
let springfieldToken: string;
let viaSystemToken: string;
let otherSystem: Awaited<ReturnType<typeof createAccount>>['credentials'];

beforeAll(async () => {
  service = await startTestService();
  const { system, springfield } = service.accounts;
  const post = (authorization: string, headers: Record<string, string> = {}) =>
    request(service.app, 'POST', '/api/v1/tokens', { authorization, body: cardToken(), headers });
  springfieldToken = (await post(basic(springfield))).json<Created>().id;
  viaSystemToken = (
    await post(apiKey(system), { impersonationaccountkey: springfield.impersonationKey as string })
  ).json<Created>().id;
  otherSystem = (await createAccount(service.repository, { name: 'Other System', kind: 'system' })).credentials;
});
afterAll(() => service.close());

const get = (id: string, authorization?: string, headers: Record<string, string> = {}) =>
  request(service.app, 'GET', `/api/v1/tokens/${id}`, { ...(authorization && { authorization }), headers });

describe('credentials (docs/api.md#credentials)', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown API key', () => basic({ apiKey: 'ak_unknown', apiSecret: 'sk_whatever' })],
    ['a wrong secret', () => basic({ ...service.accounts.springfield, apiSecret: 'sk_wrong' })],
    ['a key without a secret', () => `Basic ${Buffer.from(service.accounts.springfield.apiKey).toString('base64')}`],
    ['an unknown scheme', () => 'Bearer abc'],
    ['garbage', () => 'Basic %%%'],
  ])('answers %s with 401 and WWW-Authenticate', async (_, authorization) => {
    const response = await get(springfieldToken, typeof authorization === 'function' ? authorization() : authorization);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="api"');
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Missing or invalid credentials.' });
  });

  it('gives an unknown key and a wrong secret the same answer', async () => {
    const unknown = await get(springfieldToken, basic({ apiKey: 'ak_unknown', apiSecret: 'sk_x' }));
    const wrong = await get(springfieldToken, basic({ ...service.accounts.springfield, apiSecret: 'sk_x' }));
    expect({ ...unknown.json<ErrorBody>(), requestId: '' }).toEqual({ ...wrong.json<ErrorBody>(), requestId: '' });
  });

  it.each([
    ['GET', '/api/v1/tokens/tok_x'],
    ['DELETE', '/api/v1/tokens/tok_x'],
  ] as const)('refuses the public key on %s %s with 403', async (method, url) => {
    const response = await request(service.app, method, url, { authorization: apiKey(service.accounts.springfield) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'The public key can only create payment tokens.' });
  });

  it('refuses an unknown public key with 401', async () => {
    const response = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: 'Api-Key pk_unknown',
      body: cardToken(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('impersonation and scoping', () => {
  const impersonating = (key: string | null) => ({ impersonationaccountkey: key as string });

  it('lets a system act for a linked client, and finds the token only under that impersonation', async () => {
    const { system, springfield } = service.accounts;
    expect((await get(viaSystemToken, basic(system), impersonating(springfield.impersonationKey))).statusCode).toBe(
      200,
    );
    // Made under the system's impersonation: neither the client itself nor the bare system sees it.
    expect((await get(viaSystemToken, basic(springfield))).statusCode).toBe(404);
    expect((await get(viaSystemToken, basic(system))).statusCode).toBe(404);
  });

  it("answers another account's token with 404, never 403", async () => {
    const { shelby, system } = service.accounts;
    expect((await get(springfieldToken, basic(shelby))).statusCode).toBe(404);
    expect((await get(springfieldToken, basic(system), impersonating(shelby.impersonationKey))).statusCode).toBe(404);
    expect((await get('tok_doesnotexist', basic(shelby))).json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it.each([
    ['an unknown impersonation key', () => basic(service.accounts.system), () => 'imp_unknown'],
    [
      'a client not linked to the system',
      () => basic(otherSystem),
      () => service.accounts.springfield.impersonationKey,
    ],
    [
      'a client impersonating another client',
      () => basic(service.accounts.shelby),
      () => service.accounts.springfield.impersonationKey,
    ],
    [
      'the public key of an unlinked system',
      () => apiKey(otherSystem),
      () => service.accounts.springfield.impersonationKey,
    ],
  ])('refuses %s with 403', async (_, authorization, key) => {
    const response = await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: authorization(),
      body: cardToken(),
      headers: impersonating(key()),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'IMPERSONATION_NOT_ALLOWED' });
  });
});
