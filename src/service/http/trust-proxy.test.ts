/**
 * trust-proxy.ts and host.ts: the client address behind trusted proxies only, limits per account,
 * and a `Host` header that cannot steer `Location`.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';
import {
  TEST_CONFIG,
  apiKey,
  basic,
  cardToken,
  startTestService,
  type Created,
  type TestService,
} from '../testing/harness.js';

describe('TRUST_PROXY and PUBLIC_URL settings', () => {
  it('trusts no proxy by default; the listed addresses, ranges and named ranges when set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it.each(['true', 'proxy.example', '10.0.0.1/99', '-1'])('refuses TRUST_PROXY=%s with what to write', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY must be a list of the proxies' addresses or ranges \(e\.g\. 10\.0\.0\.1,10\.1\.0\.0\/16\) or loopback/,
    );
  });

  // A hop count trusts whatever connects directly: without a proxy in front, every client.
  it.each(['1', '2', '0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0'])(
    'refuses TRUST_PROXY=%s, which would trust any peer, naming the safe forms',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /would trust any peer to name the client .* list the proxies' addresses instead/,
      );
    },
  );

  it('NODE_ENV=production without PUBLIC_URL refuses to start, with a message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://pay.example.com' }).publicUrl).toBe(
      'https://pay.example.com',
    );
  });

  it('reads ALLOWED_HOSTS as a list of names, each with an optional port', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'pay.example.com, api.example.com:8443,[::1]:9000' }).allowedHosts).toEqual([
      'pay.example.com',
      'api.example.com:8443',
      '[::1]:9000',
    ]);
  });

  it.each(['https://pay.example.com', 'pay.example.com/api', 'user@pay.example.com', 'pay.example.com:99999'])(
    'refuses ALLOWED_HOSTS=%s with what to write',
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(
        `ALLOWED_HOSTS must list host names, each with an optional port (e.g. pay.example.com,pay.example.com:8443); "${value}" is not one.`,
      );
    },
  );
});

describe('item 7: the client address and the per-IP limit', () => {
  let behindProxy: TestService;
  let direct: TestService;
  beforeAll(async () => {
    const limits = { ...TEST_CONFIG, tokenRateLimitPerIp: 2, tokenRateLimitPerKey: 1000 };
    behindProxy = await startTestService({ config: { ...limits, trustProxy: ['10.9.9.9'] } });
    direct = await startTestService({ config: limits });
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  const post = (service: TestService, key: string, forwardedFor?: string, peer = '10.9.9.9') =>
    service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      remoteAddress: peer,
      headers: {
        authorization: key,
        'content-type': 'application/json',
        ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
      },
      payload: JSON.stringify(cardToken()),
    });

  it('behind a trusted proxy, each browser has its own bucket', async () => {
    const key = apiKey(behindProxy.accounts.springfield);
    for (const browser of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await post(behindProxy, key, browser)).statusCode).toBe(201);
    expect((await post(behindProxy, key, '203.0.113.1')).statusCode).toBe(201);
    expect((await post(behindProxy, key, '203.0.113.1')).statusCode).toBe(429);
  });

  it('two proxies listed: the client is the first address not theirs, whatever a browser prepends', async () => {
    const twoProxies = await startTestService({
      config: {
        ...TEST_CONFIG,
        tokenRateLimitPerIp: 2,
        tokenRateLimitPerKey: 1000,
        trustProxy: ['10.9.9.9', '10.8.8.8'],
      },
    });
    try {
      const key = apiKey(twoProxies.accounts.springfield);
      expect((await post(twoProxies, key, '1.1.1.1, 203.0.113.9, 10.8.8.8')).statusCode).toBe(201);
      expect((await post(twoProxies, key, '2.2.2.2, 203.0.113.9, 10.8.8.8')).statusCode).toBe(201);
      expect((await post(twoProxies, key, '3.3.3.3, 203.0.113.9, 10.8.8.8')).statusCode).toBe(429);
      expect((await post(twoProxies, key, '203.0.113.10, 10.8.8.8')).statusCode).toBe(201);
    } finally {
      await twoProxies.close();
    }
  });

  it('TRUST_PROXY=loopback: a proxy on this machine names the client; any other peer does not', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: 'loopback' });
    const local = await startTestService({
      config: { ...TEST_CONFIG, tokenRateLimitPerIp: 1, tokenRateLimitPerKey: 1000, trustProxy },
    });
    try {
      const key = apiKey(local.accounts.springfield);
      expect((await post(local, key, '203.0.113.1', '127.0.0.1')).statusCode).toBe(201);
      expect((await post(local, key, '203.0.113.2', '127.0.0.1')).statusCode).toBe(201);
      expect((await post(local, key, '203.0.113.3', '192.0.2.7')).statusCode).toBe(201);
      expect((await post(local, key, '203.0.113.4', '192.0.2.7')).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });

  it('X-Forwarded-For from a peer that is not a trusted proxy is ignored', async () => {
    const key = apiKey(behindProxy.accounts.shelby);
    expect((await post(behindProxy, key, '198.51.100.1', '192.0.2.7')).statusCode).toBe(201);
    expect((await post(behindProxy, key, '198.51.100.2', '192.0.2.7')).statusCode).toBe(201);
    expect((await post(behindProxy, key, '198.51.100.3', '192.0.2.7')).statusCode).toBe(429);
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored; one account's use leaves another's limit whole", async () => {
    const springfield = apiKey(direct.accounts.springfield);
    const shelby = apiKey(direct.accounts.shelby);
    expect((await post(direct, springfield, '203.0.113.1')).statusCode).toBe(201);
    expect((await post(direct, springfield, '203.0.113.2')).statusCode).toBe(201);
    expect((await post(direct, springfield, '203.0.113.3')).statusCode).toBe(429);
    expect((await post(direct, shelby)).statusCode).toBe(201);
  });
});

describe('item 10: the Host header', () => {
  let open: TestService;
  let published: TestService;
  beforeAll(async () => {
    open = await startTestService({ config: { ...TEST_CONFIG, allowedHosts: ['pay.example.com'] } });
    published = await startTestService({ config: { ...TEST_CONFIG, publicUrl: 'https://pay.example.com' } });
  });
  afterAll(async () => {
    await open.close();
    await published.close();
  });

  const create = (service: TestService, host: string, idempotencyKey?: string) =>
    service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: {
        host,
        authorization: basic(service.accounts.springfield),
        'content-type': 'application/json',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      payload: JSON.stringify(cardToken()),
    });

  it('PUBLIC_URL set: Location uses it whatever Host says, and so does a replay', async () => {
    const first = await create(published, 'evil.example', 'host-1');
    expect(first.statusCode).toBe(201);
    const { id } = first.json<Created>();
    expect(first.headers.location).toBe(`https://pay.example.com/api/v1/tokens/${id}`);
    const replay = await create(published, 'other.example', 'host-1');
    expect(replay.headers.location).toBe(`https://pay.example.com/api/v1/tokens/${id}`);
  });

  it('PUBLIC_URL unset: a Host that is not this service is refused before anything runs', async () => {
    const refused = await create(open, 'evil.example', 'host-2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_HOST' });
    expect(refused.headers.location).toBeUndefined();
    const rows = await open.sql.query('SELECT 1 FROM idempotency_keys');
    expect(rows).toEqual([]);
  });

  it.each(['localhost:4010', '127.0.0.1:4010', '[::1]:4010', 'pay.example.com', 'PAY.example.com:443'])(
    'PUBLIC_URL unset: %s is this service',
    async (host) => {
      const response = await create(open, host);
      expect(response.statusCode).toBe(201);
      expect(response.headers.location).toMatch(/^http:\/\//);
    },
  );
});

describe("the Host header's port, on a real socket", () => {
  let service: TestService;
  let port: number;
  beforeAll(async () => {
    service = await startTestService({
      config: { ...TEST_CONFIG, allowedHosts: ['pay.example.com', 'shop.example.com:8443'] },
    });
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    port = (service.app.server.address() as AddressInfo).port;
  });
  afterAll(() => service.close());

  /** `POST /tokens` over TCP with this `Host`: the status, `Location` and `code`. */
  const create = (host: string) =>
    new Promise<{ status: number; location: string | undefined; code: string | undefined }>((resolve, reject) => {
      const body = JSON.stringify(cardToken());
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/tokens',
          agent: false,
          setHost: false,
          headers: {
            host,
            authorization: basic(service.accounts.springfield),
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location,
              code: (JSON.parse(text) as { code?: string }).code,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it.each([
    '127.0.0.1:9999',
    'localhost:9999',
    'localhost',
    '127.0.0.1:80',
    'pay.example.com:9999',
    'shop.example.com',
  ])('refuses Host %s: not the port this service was reached on', async (host) => {
    expect(await create(host)).toEqual({ status: 400, location: undefined, code: 'INVALID_HOST' });
  });

  it.each([
    ['127.0.0.1:{port}', 'http://127.0.0.1:{port}'],
    ['localhost:{port}', 'http://localhost:{port}'],
    ['pay.example.com:{port}', 'http://pay.example.com:{port}'],
    ['shop.example.com:8443', 'http://shop.example.com:8443'],
  ])('builds Location from Host %s, its own port or one ALLOWED_HOSTS names', async (host, base) => {
    const answer = await create(host.replace('{port}', String(port)));
    expect(answer.status).toBe(201);
    expect(answer.location?.startsWith(`${base.replace('{port}', String(port))}/api/v1/tokens/tok_`)).toBe(true);
  });
});
