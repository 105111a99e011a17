import { describe, expect, it } from 'vitest';
import { validateTokenRequest } from './token-request.js';
import { validateTransactionRequest } from './transaction-request.js';

const card = {
  accountHolder: 'Ada Lovelace',
  cardNumber: '4242424242424242',
  cvc: '123',
  month: '12',
  year: 2030,
};
const token = { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', creditCardInformation: card };
const codesOf = (check: { ok: true } | { ok: false; errors: readonly { field: string; code: string }[] }) =>
  check.ok ? [] : check.errors.map(({ field, code }) => `${field} ${code}`);

/** Text PostgreSQL cannot store: NUL, and either half of a surrogate pair on its own. */
const UNSTORABLE = ['a\u0000b', '\u0000', 'Ada \ud800', '\udc00 Lovelace', 'x\udbffy'];

describe('text that cannot be stored is a field error (NUL, lone surrogates)', () => {
  it.each(UNSTORABLE)('payer, e-mail and account holder: %j', (bad) => {
    const check = validateTokenRequest({
      ...token,
      payer: bad,
      emailAddress: `a${bad}@example.com`,
      creditCardInformation: { ...card, accountHolder: bad },
    });
    expect(check.ok).toBe(false);
    expect(codesOf(check)).toEqual(
      expect.arrayContaining([
        'payer INVALID_CHARACTERS',
        'emailAddress INVALID_CHARACTERS',
        'creditCardInformation.accountHolder INVALID_CHARACTERS',
      ]),
    );
  });

  it.each(UNSTORABLE)('attribute names and values: %j', (bad) => {
    for (const attributeValues of [{ note: bad }, { [bad]: 'x' }]) {
      const check = validateTokenRequest({ ...token, attributeValues });
      expect(codesOf(check)).toEqual(['attributeValues INVALID_CHARACTERS']);
    }
  });

  it.each(UNSTORABLE)('transaction payer and comments: %j', (bad) => {
    const check = validateTransactionRequest({ tokenId: 'tok_abc', amount: 10, payer: bad, comments: bad });
    expect(codesOf(check)).toEqual(expect.arrayContaining(['payer INVALID_CHARACTERS', 'comments INVALID_CHARACTERS']));
  });

  it('a surrogate pair (an emoji) and other text are fine', () => {
    const check = validateTokenRequest({ ...token, payer: 'Ada 😀 Lovelace', attributeValues: { note: '😀 ü' } });
    expect(codesOf(check)).toEqual([]);
  });
});
