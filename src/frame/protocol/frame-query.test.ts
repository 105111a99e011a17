import { describe, expect, it } from 'vitest';
import { frameNonce, SECURE_API, setFrameQuery } from './frame-query.js';

describe('setFrameQuery: the frame page asked for', () => {
  const query = (attributes: Record<string, string>) => {
    const params = new URLSearchParams();
    setFrameQuery(params, (name) => attributes[name], 'https://shop.example');
    return params.toString();
  };

  it('holds the key, impersonation key and origin, then the form attributes that are set', () => {
    expect(
      query({
        'public-key': 'pk_1',
        'impersonation-account-key': 'ik_2',
        amount: '10.00',
        methods: 'card',
        locale: 'es',
        'ach-fee': '',
        'api-url': 'https://pay.example',
      }),
    ).toBe('key=pk_1&impersonation=ik_2&origin=https%3A%2F%2Fshop.example&methods=card&amount=10.00&locale=es');
  });

  it("says of the payer's name and e-mail only that they are set, never their values", () => {
    expect(query({ payer: 'Ada Lovelace', 'email-address': 'ada@example.com' })).toBe(
      'key=&origin=https%3A%2F%2Fshop.example&payer=1&email-address=1',
    );
  });

  it.each([
    ['https:pay.example.com', true],
    ['http:localhost', true],
    ['http:127.0.0.1', true],
    ['http:[::1]', true],
    ['http:pay.example.com', false],
    ['http:localhost.evil.example', false],
    ['javascript:', false],
  ])('an API URL of %s is one to open: %s', (protocolAndHost, secure) => {
    expect(SECURE_API.test(protocolAndHost)).toBe(secure);
  });

  it('draws a nonce of four random 32-bit numbers in decimal, another each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, frameNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^\d{4,40}$/);
  });
});
