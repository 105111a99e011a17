import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError, SERVICE_MESSAGES } from './errors.js';

describe('service error codes', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  it.each(Object.keys(SERVICE_MESSAGES))('README names %s', (code) => {
    expect(readme).toContain(`\`${code}\``);
  });

  it('fills placeholders, and a single field problem lends its code to the whole', () => {
    expect(ApiError.of(429, 'RATE_LIMITED', { seconds: 7 }).message).toBe('Too many requests. Try again in 7 seconds.');
    const one = ApiError.fields([{ field: 'payer', code: 'PAYER_REQUIRED', message: 'Payer name is required.' }]);
    expect([one.status, one.code, one.message]).toEqual([400, 'PAYER_REQUIRED', 'Payer name is required.']);
  });
});
