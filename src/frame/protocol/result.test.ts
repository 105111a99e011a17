import { describe, expect, it } from 'vitest';
import type { FrameResult } from './messages.js';
import { publicQuote, publicResult } from './result.js';

describe('publicResult: what leaves the frame', () => {
  it('a success: the token id only', () => {
    const withExtra = { success: true, id: 'tok_1', cardNumber: '4242424242424242' } as FrameResult;
    expect(publicResult(withExtra)).toEqual({ success: true, id: 'tok_1' });
  });

  it('a failure: message, code, each field error as path, code and message, and the wait', () => {
    const failure = {
      success: false,
      errorMessage: 'Too many attempts. Try again in 12 seconds.',
      code: 'RATE_LIMITED',
      seconds: 12,
      cvc: '123',
      errors: [{ field: 'cvc', code: 'INVALID_CVC', message: 'Security code must be 3 digits.', value: '12' }],
    } as unknown as FrameResult;
    expect(publicResult(failure)).toEqual({
      success: false,
      errorMessage: 'Too many attempts. Try again in 12 seconds.',
      code: 'RATE_LIMITED',
      seconds: 12,
      errors: [{ field: 'cvc', code: 'INVALID_CVC', message: 'Security code must be 3 digits.' }],
    });
  });

  it('a failure without a list of errors: none', () => {
    const odd = { success: false, errorMessage: 'x', code: 'X', errors: null } as unknown as FrameResult;
    expect(publicResult(odd)).toEqual({ success: false, errorMessage: 'x', code: 'X', errors: [] });
  });
});

describe('publicQuote: the fee shown, as it leaves the frame', () => {
  it('its two amounts only, as numbers', () => {
    const quote = { amount: 100, payerFee: 3.25, bin: '42424242', cardNumber: '4242424242424242' };
    expect(publicQuote(quote)).toEqual({ amount: 100, payerFee: 3.25 });
    expect(publicQuote({ amount: '100' as unknown as number, payerFee: 0 })).toEqual({ amount: 100, payerFee: 0 });
  });

  it('none when the form showed none', () => {
    expect(publicQuote(undefined)).toBeUndefined();
  });
});
