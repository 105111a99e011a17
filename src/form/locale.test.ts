import { describe, expect, it } from 'vitest';
import type { TokenFailure } from '../tokenizer/index.js';
import { ENGLISH, failureMessage, formLabel } from './locale.js';
import { ES } from './locales/es.js';

const rateLimited: TokenFailure = {
  success: false,
  code: 'RATE_LIMITED',
  errorMessage: 'Too many attempts. Try again in 17 seconds.',
  errors: [],
  seconds: 17,
};

describe('the form in its language', () => {
  it('words a failure of the script in the form language, with its seconds taken as data', () => {
    expect(failureMessage(ES, rateLimited)).toBe('Demasiados intentos. Vuelva a intentarlo en 17 segundos.');
    expect(failureMessage(ENGLISH, rateLimited)).toBe('Too many attempts. Try again in 17 seconds.');
  });

  it('does not read numbers out of the English message', () => {
    const withOtherNumber = { ...rateLimited, errorMessage: 'Retry in 99 seconds (limit 5).', seconds: 42 };
    expect(failureMessage(ES, withOtherNumber)).toBe('Demasiados intentos. Vuelva a intentarlo en 42 segundos.');
  });

  it("keeps the service's own message for a code the form does not know", () => {
    const fromService: TokenFailure = { success: false, code: 'SOMETHING_NEWER', errorMessage: 'Said so.', errors: [] };
    expect(failureMessage(ES, fromService)).toBe('Said so.');
  });

  it('fills label placeholders', () => {
    expect(formLabel(ES, 'payAmount', { amount: '$3.00' })).toBe('Pagar $3.00');
  });
});
