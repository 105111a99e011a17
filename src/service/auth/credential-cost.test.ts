/**
 * A guess at a credential costs the same work whether its key exists or not, and whoever else is
 * using that key (authenticate.ts): the same database lookups, the same secret verifications. Counted
 * on the real repository and the real verifier, wrapped; no clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/seed.js';
import { basic, cardToken, request, startTestService, type TestService } from '../testing/harness.js';
import { secretMatches } from './credentials.js';

let service: TestService;
const work = { lookups: 0, impersonationLookups: 0, verifications: 0 };
beforeAll(async () => {
  service = await startTestService({
    verifySecret: (secret, hash) => {
      work.verifications++;
      return secretMatches(secret, hash);
    },
  });
  const { accounts } = service.repository;
  const [findByApiKey, findByImpersonationKey] = [accounts.findByApiKey, accounts.findByImpersonationKey];
  accounts.findByApiKey = (key) => {
    work.lookups++;
    return findByApiKey(key);
  };
  accounts.findByImpersonationKey = (key) => {
    work.impersonationLookups++;
    return findByImpersonationKey(key);
  };
});
afterAll(() => service.close());

/** The work one call did, and its status. */
async function workOf(authorization: string, headers: Record<string, string> = {}) {
  const before = { ...work };
  const { statusCode } = await request(service.app, 'POST', '/api/v1/tokens', {
    authorization,
    body: cardToken(),
    headers,
  });
  return {
    status: statusCode,
    lookups: work.lookups - before.lookups,
    impersonationLookups: work.impersonationLookups - before.impersonationLookups,
    verifications: work.verifications - before.verifications,
  };
}

let guesses = 0;
/** A secret nobody has tried yet. */
const freshSecret = () => `sk_guess${++guesses}`;

describe('a wrong secret and an unknown key', () => {
  it('cost one lookup and one verification each, even while the key is in use by its owner', async () => {
    const { springfield } = service.accounts;
    expect((await workOf(basic(springfield))).status).toBe(201); // the owner, using the key now
    expect((await workOf(basic(springfield))).lookups).toBe(0); // and its own calls skip the work
    const wrongSecret = await workOf(basic({ apiKey: springfield.apiKey, apiSecret: freshSecret() }));
    const unknownKey = await workOf(basic({ apiKey: 'ak_nobodyhasthiskey', apiSecret: freshSecret() }));
    const same = { status: 401, lookups: 1, impersonationLookups: 0, verifications: 1 };
    expect(wrongSecret).toEqual(same);
    expect(unknownKey).toEqual(same);
  });

  it('cost nothing more when repeated, both alike', async () => {
    const wrongSecret = basic({ apiKey: service.accounts.shelby.apiKey, apiSecret: freshSecret() });
    const unknownKey = basic({ apiKey: 'ak_stillnobodys', apiSecret: freshSecret() });
    for (const authorization of [wrongSecret, unknownKey]) {
      await workOf(authorization);
      expect(await workOf(authorization)).toEqual({
        status: 401,
        lookups: 0,
        impersonationLookups: 0,
        verifications: 0,
      });
    }
  });
});

describe('an impersonation key guessed by another system', () => {
  it('costs one lookup whether it exists or not, while its own system uses it', async () => {
    const { system, springfield } = service.accounts;
    const other = (await createAccount(service.repository, { name: 'Guessing System', kind: 'system' })).credentials;
    const acting = (key: string) => ({ impersonationaccountkey: key });
    const impersonationKey = springfield.impersonationKey as string;
    expect((await workOf(basic(system), acting(impersonationKey))).status).toBe(201); // in use
    await workOf(basic(other)); // the guesser's own credential, checked once
    const known = await workOf(basic(other), acting(impersonationKey));
    const unknown = await workOf(basic(other), acting('imp_nobodyhasthiskey'));
    const same = { status: 403, lookups: 0, impersonationLookups: 1, verifications: 0 };
    expect(known).toEqual(same);
    expect(unknown).toEqual(same);
  });
});
