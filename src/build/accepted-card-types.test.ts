/**
 * The hosted bundles give card-validator a credit-card-type of the accepted brands only
 * (src/build/accepted-card-types.ts). Here card-validator's own cardNumber runs once on the real
 * library and once on that replacement, over the test cards, every prefix of them and random digits.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedCardTypeSource } from './accepted-card-types.js';
import { ACCEPTED_BRANDS } from '../shared/card-brands.js';
import { TEST_CARDS } from '../service/sandbox/test-data.js';

type Verify = (
  value: string,
  options: object,
) => { card: { type: string } | null; isValid: boolean; isPotentiallyValid: boolean };

const require = createRequire(import.meta.url);

/** Evaluates a CommonJS source with `require` overridden for the names in `modules`. */
function load(source: string, from: string, modules: Record<string, unknown> = {}): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const requireFrom = createRequire(from);
  const localRequire = (name: string): unknown => (name in modules ? modules[name] : requireFrom(name));
  const run = compileFunction(source, ['require', 'module', 'exports'], { filename: from }) as (
    require: (name: string) => unknown,
    module: { exports: Record<string, unknown> },
    exports: Record<string, unknown>,
  ) => void;
  run(localRequire, module, module.exports);
  return module.exports;
}

const cardNumberPath = require.resolve('card-validator/dist/card-number.js');
const realCardNumber = (require('card-validator/dist/card-number.js') as { cardNumber: Verify }).cardNumber;
const browserCardType = load(acceptedCardTypeSource(), import.meta.url);
const browserCardNumber = load(readFileSync(cardNumberPath, 'utf8'), cardNumberPath, {
  'credit-card-type': browserCardType,
}).cardNumber as Verify;

const OPTIONS = { maxLength: 19, luhnValidateUnionPay: true };

/** What the browser may answer for `digits`, given the real library's answer. */
function expectAgreement(digits: string): void {
  const real = realCardNumber(digits, OPTIONS);
  const browser = browserCardNumber(digits, OPTIONS);
  const summary = (result: ReturnType<Verify>) => ({
    type: result.card?.type ?? null,
    isValid: result.isValid,
    isPotentiallyValid: result.isPotentiallyValid,
  });
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

describe('the hosted bundles’ credit-card-type (accepted brands only)', () => {
  it('holds the accepted brands in credit-card-type’s order, with the fields cardNumber reads', () => {
    const cards = (browserCardType as unknown as (number: string) => Record<string, unknown>[])('');
    expect(cards.map((card) => card.type)).toEqual([
      'visa',
      'mastercard',
      'american-express',
      'diners-club',
      'discover',
      'jcb',
      'unionpay',
    ]);
    expect(Object.keys(cards[0]!).sort()).toEqual(['lengths', 'patterns', 'type']);
  });

  it('agrees with the whole library on every test card and each of its prefixes', () => {
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

  it('agrees on random digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,19}$/), (digits) => expectAgreement(digits)),
      { numRuns: 3000 },
    );
  });

  it('leaves a refused brand for the service to name: Maestro and Elo are no accepted brand here', () => {
    expect(realCardNumber('6759649826438453', OPTIONS).card?.type).toBe('maestro');
    expect(browserCardNumber('6759649826438453', OPTIONS).card).toBeNull();
    expect(realCardNumber('6362970000457013', OPTIONS).card?.type).toBe('elo');
    expect(browserCardNumber('6362970000457013', OPTIONS).card?.type ?? null).not.toBe('elo');
  });
});
