/** security-headers.ts: the headers a security review expects on every kind of answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, basic, cardToken, request, startTestService, type TestService } from '../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('item 11: security headers', () => {
  it('the docs page: a CSP that frames nothing and loads only from the service, nosniff, no referrer', async () => {
    const page = await request(service.app, 'GET', '/docs/');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['an error', () => request(service.app, 'GET', '/api/v1/tokens/tok_x')],
    [
      'a created token',
      () =>
        request(service.app, 'POST', '/api/v1/tokens', {
          authorization: apiKey(service.accounts.springfield),
          body: cardToken(),
        }),
    ],
    [
      'a read',
      () => request(service.app, 'GET', '/api/v1/tokens/tok_x', { authorization: basic(service.accounts.springfield) }),
    ],
    ['the OpenAPI document', () => request(service.app, 'GET', '/openapi.json')],
    ['an unknown route', () => request(service.app, 'GET', '/nope')],
  ])('API JSON (%s): Cache-Control no-store, nosniff, not framable', async (_, send) => {
    const response = await send();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('the hosted scripts keep their long cache and may be loaded cross-origin', async () => {
    const manifest = await request(service.app, 'GET', '/scripts/manifest.json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=60');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
