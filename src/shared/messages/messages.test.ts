import { describe, expect, it } from 'vitest';
import { formatMessage, messageOf } from './catalog.js';
import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  transactionMessages,
  type MessageCatalog,
} from './en.js';
import { esAmount, esClient, esField, esForm, esTransaction } from './es.js';

const en: MessageCatalog = {
  ...fieldMessages,
  ...amountMessages,
  ...clientMessages,
  ...transactionMessages,
  ...formMessages,
};
const es: MessageCatalog = { ...esField, ...esAmount, ...esClient, ...esTransaction, ...esForm };
const codes = Object.keys(en) as (keyof MessageCatalog)[];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogs', () => {
  it.each(codes)('%s has an English and a Spanish message with the same placeholders', (code) => {
    expect(en[code]).toMatch(/\.$/);
    expect(es[code]).toMatch(/\.$/);
    expect(es[code]).not.toBe(en[code]);
    expect(placeholders(es[code])).toEqual(placeholders(en[code]));
  });

  it('codes are UPPER_SNAKE', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('fills placeholders and falls back for unknown codes', () => {
    expect(messageOf(es, 'RATE_LIMITED', '', { seconds: 12 })).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 12 segundos.',
    );
    expect(messageOf(en, 'SOMETHING_NEWER', 'The service said so.')).toBe('The service said so.');
    expect(messageOf(en, 'SOMETHING_NEWER')).toBe('');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatMessage('{a} and {a}', { a: 0 })).toBe('0 and 0');
  });
});
