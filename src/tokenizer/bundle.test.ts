/**
 * The built hosted script (dist/browser/paytoken.js, made by `npm run build`) against the source:
 * its brand table is trimmed at build time, so this checks the trim changed no accepted card.
 */
import { existsSync, readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createToken } from './create-token.js';
import type { TokenResult } from './result.js';

const bundlePath = new URL('../../dist/browser/paytoken.js', import.meta.url);

function loadBundle(): { createToken: typeof createToken } {
  if (!existsSync(bundlePath))
    throw new Error('dist/browser/paytoken.js is missing: run `npm run build` first (npm test does).');
  const context = { URL, crypto, setTimeout, clearTimeout, AbortController, AbortSignal, fetch, Date };
  vm.runInNewContext(`${readFileSync(bundlePath, 'utf8')};globalThis.loaded = Paytoken;`, context);
  return (context as unknown as { loaded: { createToken: typeof createToken } }).loaded;
}

/** Validates without sending: a valid request stops at the already-aborted signal. */
const outcome = async (create: typeof createToken, cardNumber: string, cvc = '123'): Promise<string> => {
  const result: TokenResult = await create(
    {
      payer: 'Ada',
      emailAddress: 'ada@example.com',
      creditCardInformation: { accountHolder: 'Ada', cardNumber, cvc, month: '12', year: 2030 },
    },
    { publicKey: 'pk', apiUrl: 'https://pay.example', signal: AbortSignal.abort() },
  );
  return result.success ? 'sent' : [result.code, ...result.errors.map((error) => error.code)].join(' ');
};

describe('the built paytoken.js', () => {
  const bundle = loadBundle();

  it.each<[string, string]>([
    ['4242424242424242', '123'],
    ['4000000000000002', '123'],
    ['5555555555554444', '123'],
    ['2223003122003222', '123'],
    ['3782 822463 10005', '1234'],
    ['6011111111111117', '123'],
    ['30569309025904', '123'],
    ['3530111333300000', '123'],
    ['6200000000000005', '123'],
    ['4242424242424241', '123'],
    ['4242', '123'],
    ['1234567812345678', '123'],
    ['', '123'],
  ])('treats %s as the source does', async (cardNumber, cvc) => {
    expect(await outcome(bundle.createToken, cardNumber, cvc)).toBe(await outcome(createToken, cardNumber, cvc));
  });

  it('leaves refused brands to the service: invalid in the browser, UNSUPPORTED_CARD_BRAND from the service', async () => {
    expect(await outcome(bundle.createToken, '6759649826438453')).toBe('INVALID_CARD_NUMBER INVALID_CARD_NUMBER');
    expect(await outcome(createToken, '6759649826438453')).toBe('UNSUPPORTED_CARD_BRAND UNSUPPORTED_CARD_BRAND');
  });
});
