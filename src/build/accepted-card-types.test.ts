/**
 * The hosted bundles answer card-validator's cardNumber with src/shared/validators/brand-lookup.ts over
 * the accepted brands only (src/build/accepted-card-types.ts). Here card-validator's own cardNumber
 * runs on the real library, and the lookup on the library's whole table and on the accepted rows,
 * over the test cards, every prefix of them and random digits.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedBrandRows, allBrandRows } from './accepted-card-types.js';
import { ACCEPTED_BRANDS } from '../shared/card-brands.js';
import { cardNumberOver, type NumberCheck } from '../shared/validators/brand-lookup.js';
import { TEST_CARDS } from '../service/sandbox/test-data.js';

const require = createRequire(import.meta.url);
const realCardNumber = (
  require('card-validator/dist/card-number.js') as { cardNumber: (value: string, options: object) => NumberCheck }
).cardNumber;
const wholeTable = cardNumberOver(allBrandRows());
const browserCardNumber = cardNumberOver(acceptedBrandRows());
/** The accepted rows as the library writes them, before joinPatterns. */
const unjoined = cardNumberOver(allBrandRows().filter(([type]) => type in ACCEPTED_BRANDS));

const OPTIONS = { maxLength: 19, luhnValidateUnionPay: true };

/** What the browser may answer for `digits`, given the real library's answer. */
function expectAgreement(digits: string): void {
  const real = realCardNumber(digits, OPTIONS);
  const browser = browserCardNumber(digits);
  const summary = (result: NumberCheck) => ({
    type: result.card?.type ?? null,
    isValid: result.isValid,
    isPotentiallyValid: result.isPotentiallyValid,
  });
  expect(summary(wholeTable(digits)), digits).toEqual(summary(real));
  expect(summary(browser), digits).toEqual(summary(unjoined(digits)));
  if (real.card && real.card.type in ACCEPTED_BRANDS) {
    expect(summary(browser), digits).toEqual(summary(real));
  } else if (!real.card && !real.isPotentiallyValid) {
    expect(summary(browser), digits).toEqual(summary(real));
  } else if (browser.card) {
    // A refused brand or an undecided prefix: the browser may only name an accepted brand, and the
    // service (on the real library) decides.
    expect(Object.keys(ACCEPTED_BRANDS), digits).toContain(browser.card.type);
  }
}

describe('the hosted bundles’ card number check (accepted brands only)', () => {
  it('holds the accepted brands in credit-card-type’s order', () => {
    expect(acceptedBrandRows().map(([type]) => type)).toEqual([
      'visa',
      'mastercard',
      'american-express',
      'diners-club',
      'discover',
      'jcb',
      'unionpay',
    ]);
  });

  it('answers as the library on every test card and each of its prefixes', () => {
    const numbers = [
      ...TEST_CARDS.map(([number]) => number.replace(/\s/g, '')),
      '5555555555554444',
      '378282246310005',
      '36227206271667',
      '3566002020360505',
      '6011111111111117',
      '6200000000000005',
    ];
    for (const number of numbers) for (let end = 1; end <= number.length; end++) expectAgreement(number.slice(0, end));
  });

  it('agrees on random digits, and on random digits after the prefixes whose ranges were joined', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,22}$/), (digits) => expectAgreement(digits)),
      { numRuns: 3000 },
    );
    const joined = fc.constantFrom('3', '38', '62', '621', '6218', '6219', '622', '6220', '627', '629', '81');
    fc.assert(
      fc.property(joined, fc.stringMatching(/^\d{0,16}$/), (prefix, rest) => expectAgreement(prefix + rest)),
      { numRuns: 3000 },
    );
  });

  it('leaves a refused brand for the service to name: Maestro and Elo are no accepted brand here', () => {
    expect(realCardNumber('6759649826438453', OPTIONS).card?.type).toBe('maestro');
    expect(browserCardNumber('6759649826438453').card).toBeNull();
    expect(realCardNumber('6362970000457013', OPTIONS).card?.type).toBe('elo');
    expect(browserCardNumber('6362970000457013').card?.type ?? null).not.toBe('elo');
  });
});
