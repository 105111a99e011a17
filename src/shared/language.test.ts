import { describe, expect, it } from 'vitest';
import { payerLanguage } from './language.js';

describe('payerLanguage', () => {
  it.each([
    ['es', 'es'],
    ['ES-mx', 'es'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('%j → %s', (tag, language) => {
    expect(payerLanguage(tag)).toBe(language);
  });
});
