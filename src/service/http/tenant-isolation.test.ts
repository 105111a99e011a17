/**
 * Tenants apart: one tenant cannot fail or reach another's requests, a database
 * error logs no personal data, and credential checks do not tell a known key from an unknown one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/wire.js';
import {
  apiKey,
  basic,
  cardToken,
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

describe('item 2: a bad request fails only itself', () => {
  it("Shelby's impossible token ids do not fail Springfield's reads running beside them", async () => {
    const springfield = basic(service.accounts.springfield);
    const shelby = basic(service.accounts.shelby);
    const { id } = (
      await request(service.app, 'POST', '/api/v1/tokens', { authorization: springfield, body: cardToken() })
    ).json<Created>();
    const calls = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 0
        ? request(service.app, 'GET', '/api/v1/tokens/tok_%00', { authorization: shelby })
        : request(service.app, 'GET', `/api/v1/tokens/${id}`, { authorization: springfield }),
    );
    const answers = await Promise.all(calls);
    answers.forEach((answer, index) => {
      expect(answer.statusCode).toBe(index % 3 === 0 ? 404 : 200);
      if (index % 3) expect(answer.json<TokenResponse>().id).toBe(id);
    });
  });
});

describe('item 3: a database error is logged without parameters', () => {
  it('logs the statement name and the error code, not the payer, e-mail or sealed card', async () => {
    // A real failure of the insert: a rule the row breaks, whose message would quote the row.
    await service.sql.query(`ALTER TABLE tokens ADD CONSTRAINT no_poison CHECK (payer <> 'Poison Payer')`);
    try {
      const before = service.logs.length;
      const response = await request(service.app, 'POST', '/api/v1/tokens', {
        authorization: apiKey(service.accounts.springfield),
        body: { ...cardToken(), payer: 'Poison Payer', emailAddress: 'poison@example.com' },
      });
      expect(response.statusCode).toBe(500);
      const logged = service.logs.slice(before).join('\n');
      expect(logged).toMatch(/"statement":"s_[0-9a-f]{16}"/);
      expect(logged).toContain('"code":"23514"');
      for (const personal of ['Poison', 'poison@example.com', 'v1.', '4242']) expect(logged).not.toContain(personal);
      const { rows } = { rows: await service.sql.query<{ sealed: string }>('SELECT sealed FROM tokens') };
      expect(rows).toEqual([]);
    } finally {
      await service.sql.query('ALTER TABLE tokens DROP CONSTRAINT no_poison');
    }
  });
});

describe('item 5: an unknown API key costs what a known one does', () => {
  /** Counts the account lookups that reach the database. */
  function countLookups(): { count: () => number; restore: () => void } {
    const accounts = service.repository.accounts;
    const original = accounts.findByApiKey;
    let lookups = 0;
    accounts.findByApiKey = (key) => {
      lookups++;
      return original(key);
    };
    return { count: () => lookups, restore: () => (accounts.findByApiKey = original) };
  }
  const wrongSecret = () => basic({ apiKey: service.accounts.springfield.apiKey, apiSecret: 'sk_wrong' });
  const unknownKey = () => basic({ apiKey: 'ak_unknown', apiSecret: 'sk_wrong' });
  const get = (authorization: string) => request(service.app, 'GET', '/api/v1/tokens/tok_x', { authorization });

  it('takes the same path: after the first, neither reaches the database', async () => {
    service.accountCache.clear();
    const lookups = countLookups();
    try {
      for (const authorization of [wrongSecret(), unknownKey()]) {
        expect((await get(authorization)).statusCode).toBe(401);
        const after = lookups.count();
        for (let i = 0; i < 20; i++) expect((await get(authorization)).statusCode).toBe(401);
        expect(lookups.count()).toBe(after);
      }
    } finally {
      lookups.restore();
    }
  });
});

describe("item 6: the impersonated client's origin allow-list holds", () => {
  it("refuses a system's public key acting for a client from an origin the client does not allow", async () => {
    await service.sql.query(
      "UPDATE accounts SET allowed_origins = '{https://springfield.example}' WHERE name = 'Springfield'",
    );
    service.accountCache.clear();
    try {
      const create = (origin: string) =>
        request(service.app, 'POST', '/api/v1/tokens', {
          authorization: apiKey(service.accounts.system),
          body: cardToken(),
          headers: { origin, impersonationaccountkey: service.accounts.springfield.impersonationKey as string },
        });
      const refused = await create('https://evil.example');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
      expect((await create('https://springfield.example')).statusCode).toBe(201);
    } finally {
      await service.sql.query("UPDATE accounts SET allowed_origins = '{}' WHERE name = 'Springfield'");
      service.accountCache.clear();
    }
  });
});
