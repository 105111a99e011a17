import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../storage/repository.js';
import { TEST_CONFIG, apiKey, basic, request, startTestService, type TestService } from '../../testing/harness.js';

let service: TestService;
const URL_ = '/api/v1/publicKeys/check';
const SHOP = 'https://shop.example';

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
afterEach(async () => {
  await service.sql.query("UPDATE accounts SET allowed_origins = '{}', disabled_at = NULL");
  service.accountCache.clear();
});

const allow = async (name: string, origins: string[]) => {
  await service.sql.query('UPDATE accounts SET allowed_origins = $1 WHERE name = $2', [origins, name]);
  service.accountCache.clear();
};

const check = (headers: Record<string, string>, app = service) => request(app.app, 'GET', URL_, { headers });

interface Verdict {
  valid: boolean;
  code?: string;
  message?: string;
}

describe('GET /api/v1/publicKeys/check (routes/public-key-check.ts)', () => {
  it('says a public key may take payments on a page of any origin when its account lists none', async () => {
    const response = await check({ authorization: apiKey(service.accounts.springfield), origin: SHOP });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true });
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a browser’s preflight for it', async () => {
    const response = await service.app.inject({
      method: 'OPTIONS',
      url: URL_,
      headers: {
        origin: SHOP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,impersonationaccountkey',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    expect(response.headers['access-control-allow-headers']).toBe('authorization,impersonationaccountkey');
  });

  it('names the attributes when no public key was sent', async () => {
    const verdict = (await check({ origin: SHOP })).json<Verdict>();
    expect(verdict).toMatchObject({ valid: false, code: 'MISSING_PUBLIC_KEY' });
    expect(verdict.message).toContain('data-public-key');
    expect(verdict.message).toContain('public-key');
    expect(verdict.message).toContain('Paytoken.configure({ publicKey })');
  });

  it('says an API secret is no public key and must be rotated now, without echoing it', async () => {
    const { apiSecret } = service.accounts.springfield;
    for (const authorization of [`Api-Key ${apiSecret}`, basic(service.accounts.springfield)]) {
      const response = await check({ authorization, origin: SHOP });
      const verdict = response.json<Verdict>();
      expect(verdict).toMatchObject({ valid: false, code: 'SECRET_KEY_IN_PAGE' });
      expect(verdict.message).toContain('not a public key');
      expect(verdict.message).toContain('rotate it now (`npm run accounts -- rotate-secret NAME`)');
      expect(response.body).not.toContain(apiSecret);
    }
  });

  it('says the API key and the impersonation key are no public keys', async () => {
    const { apiKey: key, impersonationKey } = service.accounts.springfield;
    const api = (await check({ authorization: `Api-Key ${key}` })).json<Verdict>();
    expect(api).toMatchObject({ valid: false, code: 'API_KEY_IN_PAGE' });
    expect(api.message).toContain('not a public key');
    const impersonation = (await check({ authorization: `Api-Key ${impersonationKey}` })).json<Verdict>();
    expect(impersonation).toMatchObject({ valid: false, code: 'IMPERSONATION_KEY_IN_PAGE' });
    expect(impersonation.message).toContain('data-impersonation-account-key');
  });

  it('answers an unknown public key, a disabled account’s and any other text alike: nothing about other accounts', async () => {
    await service.sql.query("UPDATE accounts SET disabled_at = now() WHERE name = 'Shelby'");
    service.accountCache.clear();
    const answers = await Promise.all(
      ['Api-Key pk_unknown', apiKey(service.accounts.shelby), 'Api-Key whatever', 'Bearer x'].map(
        async (authorization) => (await check({ authorization, origin: SHOP })).json<Verdict>(),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      valid: false,
      code: 'PUBLIC_KEY_REJECTED',
      message: 'This is not a valid public key. Copy the account’s public key (pk_…) from `npm run accounts -- list`.',
    });
  });

  it('names the origin and the command that adds it, never the list (a public key is public)', async () => {
    await allow('Springfield', ['https://a.example', 'https://b.example']);
    const verdict = (
      await check({ authorization: apiKey(service.accounts.springfield), origin: SHOP })
    ).json<Verdict>();
    expect(verdict).toEqual({
      valid: false,
      code: 'ORIGIN_NOT_ALLOWED',
      message:
        'This page’s origin, https://shop.example, is not on the account’s allow-list. Add it to the list (`npm run accounts -- list` shows it): `npm run accounts -- set-origins NAME <the list>,https://shop.example`.',
    });
    expect(JSON.stringify(verdict)).not.toContain('a.example');
    const listed = await check({ authorization: apiKey(service.accounts.springfield), origin: 'https://a.example' });
    expect(listed.json()).toEqual({ valid: true });
  });

  it('says localhost is not 127.0.0.1 when the list has the other name', async () => {
    await allow('Springfield', ['http://localhost:5173']);
    const verdict = (
      await check({ authorization: apiKey(service.accounts.springfield), origin: 'http://127.0.0.1:5173' })
    ).json<Verdict>();
    expect(verdict.code).toBe('ORIGIN_NOT_ALLOWED');
    expect(verdict.message).toContain(
      'The list has http://localhost:5173: to a browser, localhost and 127.0.0.1 are different origins.',
    );
    await allow('Springfield', ['http://localhost:8080']);
    const otherPort = (
      await check({ authorization: apiKey(service.accounts.springfield), origin: 'http://127.0.0.1:5173' })
    ).json<Verdict>();
    expect(otherPort.message).not.toContain('different origins');
  });

  it('tells a page without an origin (file://, a sandboxed frame) to be served over http(s)', async () => {
    await allow('Springfield', ['https://a.example']);
    const verdict = (
      await check({ authorization: apiKey(service.accounts.springfield), origin: 'null' })
    ).json<Verdict>();
    expect(verdict).toMatchObject({ valid: false, code: 'ORIGIN_NOT_ALLOWED' });
    expect(verdict.message).toMatch(/no origin of its own .* serve the page over http\(s\)\.$/);
  });

  it('checks the impersonation key and the client’s own list, as POST /tokens does', async () => {
    const { system, shelby } = service.accounts;
    const wrong = await check({ authorization: apiKey(system), impersonationAccountKey: 'imp_nobody', origin: SHOP });
    expect(wrong.json()).toMatchObject({ valid: false, code: 'IMPERSONATION_NOT_ALLOWED' });
    await allow('Shelby', ['https://shelby.example']);
    const refused = (
      await check({ authorization: apiKey(system), impersonationAccountKey: shelby.impersonationKey!, origin: SHOP })
    ).json<Verdict>();
    expect(refused).toMatchObject({ valid: false, code: 'ORIGIN_NOT_ALLOWED' });
    expect(refused.message).toContain('not on the client’s allow-list.');
    expect(refused.message).not.toContain('shelby.example');
    const allowed = await check({
      authorization: apiKey(system),
      impersonationAccountKey: shelby.impersonationKey!,
      origin: 'https://shelby.example',
    });
    expect(allowed.json()).toEqual({ valid: true });
  });

  it('reads no query and no body: card data has no place here', async () => {
    const authorization = apiKey(service.accounts.springfield);
    const query = await request(service.app, 'GET', `${URL_}?cardNumber=4242424242424242`, {
      headers: { authorization },
    });
    const body = await service.app.inject({
      method: 'GET',
      url: URL_,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ cardNumber: '4242424242424242' }),
    });
    for (const response of [query, body]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
      expect(response.body).not.toContain('4242424242424242');
    }
    expect(service.logs.join('\n')).not.toContain('4242424242424242');
  });
});

describe('the check’s limits and faults', () => {
  let limited: TestService;
  let broken: TestService;
  beforeAll(async () => {
    limited = await startTestService({ config: { ...TEST_CONFIG, tokenRateLimitPerIp: 2 } });
    const failing = () => Promise.reject(new Error('the database is down'));
    const repository: Repository = {
      ...limited.repository,
      accounts: { ...limited.repository.accounts, findByPublicKey: failing },
    };
    broken = await startTestService({ repository });
  });
  afterAll(async () => {
    await broken?.close();
    await limited?.close();
  });

  it('counts each address as token creation does, whatever the key', async () => {
    const statuses = [];
    for (const authorization of [apiKey(limited.accounts.springfield), 'Api-Key pk_guess', 'Api-Key pk_guess2'])
      statuses.push((await check({ authorization }, limited)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const over = await check({ authorization: 'Api-Key pk_guess3' }, limited);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is a 500 with only message, code and requestId when the database fails', async () => {
    const response = await check({ authorization: apiKey(broken.accounts.springfield) }, broken);
    expect(response.statusCode).toBe(500);
    expect(Object.keys(response.json<object>()).sort()).toEqual(['code', 'message', 'requestId']);
  });
});
