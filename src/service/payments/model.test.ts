import { describe, expect, it } from 'vitest';
import { centsToAmount, parseAmount } from '../../shared/money.js';
import { cents, type Cents } from './model.js';

describe('Cents', () => {
  it('takes whole numbers of cents and refuses anything else', () => {
    expect(cents(4012)).toBe(4012);
    expect(cents(-4000)).toBe(-4000);
    expect(() => cents(40.12)).toThrow('40.12 is not a whole number of cents.');
    expect(() => cents(Number.NaN)).toThrow('not a whole number of cents');
  });

  it('keeps an amount in currency units apart from cents at compile time', () => {
    const wire = centsToAmount(4012);
    // @ts-expect-error the wire's 40.12 is in currency units: `npm run typecheck` fails if it passes for Cents
    const wrong: Cents = wire;
    expect(() => cents(wrong)).toThrow('not a whole number of cents');
    const parsed = parseAmount(40.12);
    // Parsed cents are a plain number until the domain takes them in with cents().
    expect(parsed.ok && cents(parsed.cents)).toBe(4012);
  });
});
