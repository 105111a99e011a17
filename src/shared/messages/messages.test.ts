import { describe, expect, it } from 'vitest';
import { LOCALES, en, messageFor } from './catalog.js';
import { formatMessage } from './en.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogs', () => {
  it.each(Object.keys(en))('%s has an English and a Spanish message with the same placeholders', (code) => {
    const english = en[code as keyof typeof en];
    const spanish = LOCALES.es[code as keyof typeof en];
    expect(english).toMatch(/\.$/);
    expect(spanish).toMatch(/\.$/);
    expect(spanish).not.toBe(english);
    expect(placeholders(spanish)).toEqual(placeholders(english));
  });

  it('codes are UPPER_SNAKE', () => {
    for (const code of Object.keys(en)) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('fills placeholders and falls back for unknown codes', () => {
    expect(messageFor('es', 'RATE_LIMITED', '', { seconds: 12 })).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 12 segundos.',
    );
    expect(messageFor('en', 'SOMETHING_NEWER', 'The service said so.')).toBe('The service said so.');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
