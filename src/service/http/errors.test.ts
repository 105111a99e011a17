import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';

describe('service error codes', () => {
  it('fills placeholders, and a single field problem lends its code to the whole', () => {
    expect(ApiError.of(429, 'RATE_LIMITED', { seconds: 7 }).message).toBe('Too many attempts. Try again in 7 seconds.');
    const one = ApiError.fields([{ field: 'payer', code: 'PAYER_REQUIRED', message: 'Payer name is required.' }]);
    expect([one.status, one.code, one.message]).toEqual([400, 'PAYER_REQUIRED', 'Payer name is required.']);
  });
});
