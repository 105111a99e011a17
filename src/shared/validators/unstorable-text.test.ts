import { describe, expect, it } from 'vitest';
import { transactionMessages } from '../messages/en.js';
import { unstorableText } from './unstorable-text.js';

const card = { accountHolder: 'Ada Lovelace', cardNumber: '4242424242424242', cvc: '123', month: '12', year: 2030 };
const token = { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', creditCardInformation: card };
const fieldsOf = (data: unknown) => unstorableText(data).map(({ field, code }) => `${field} ${code}`);

/** Text PostgreSQL cannot store: NUL, and either half of a surrogate pair on its own. */
const UNSTORABLE = ['a\u0000b', '\u0000', 'Ada \ud800', '\udc00 Lovelace', 'x\udbffy'];

describe('unstorableText: NUL and lone surrogates are field errors', () => {
  it.each(UNSTORABLE)('payer, e-mail and account holder: %j', (bad) => {
    const body = {
      ...token,
      payer: bad,
      emailAddress: `a${bad}@x.com`,
      creditCardInformation: { ...card, accountHolder: bad },
    };
    expect(fieldsOf(body)).toEqual([
      'payer INVALID_CHARACTERS',
      'emailAddress INVALID_CHARACTERS',
      'creditCardInformation.accountHolder INVALID_CHARACTERS',
    ]);
  });

  it.each(UNSTORABLE)('an attribute value under its path, a bad name under its object: %j', (bad) => {
    expect(fieldsOf({ ...token, attributeValues: { note: bad } })).toEqual(['attributeValues.note INVALID_CHARACTERS']);
    expect(fieldsOf({ ...token, attributeValues: { [bad]: 'x', [`${bad}2`]: 'y' } })).toEqual([
      'attributeValues INVALID_CHARACTERS',
    ]);
  });

  it('the message is the catalog one, and the bad text is never echoed', () => {
    const [error] = unstorableText({ [`na\u0000me`]: 'x' });
    expect(error).toEqual({
      field: '',
      code: 'INVALID_CHARACTERS',
      message: transactionMessages.INVALID_CHARACTERS,
    });
  });

  it('array items, a bare string, and at most 50 errors', () => {
    expect(fieldsOf({ items: ['ok', 'b\u0000'] })).toEqual(['items.1 INVALID_CHARACTERS']);
    expect(fieldsOf('\ud800')).toEqual([' INVALID_CHARACTERS']);
    expect(unstorableText(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(50);
  });

  it('a body nested 100,000 deep does not exhaust the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableText(deep)).toHaveLength(1);
  });

  it('a surrogate pair (an emoji), numbers, null and other text are fine', () => {
    expect(fieldsOf({ ...token, payer: 'Ada 😀 Lovelace', attributeValues: { note: '😀 ü', n: 1, z: null } })).toEqual(
      [],
    );
  });
});
