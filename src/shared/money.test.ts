import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS, centsToAmount, formatAmount, formatDollars, parseAmount, wireAmountCents } from './money.js';

describe('parseAmount', () => {
  it.each([
    [103.25, 10325],
    ['103.25', 10325],
    [0.29, 29],
    [0.1, 10],
    ['0.1', 10],
    ['.5', 50],
    ['12.', 1200],
    [1, 100],
    [0, 0],
    ['  7.07 ', 707],
    [10_000_000, MAX_AMOUNT_CENTS],
    ['10000000.00', MAX_AMOUNT_CENTS],
  ])('%j is %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    [undefined, 'AMOUNT_REQUIRED'],
    [null, 'AMOUNT_REQUIRED'],
    ['', 'AMOUNT_REQUIRED'],
    [Number.NaN, 'AMOUNT_NOT_A_NUMBER'],
    [Number.POSITIVE_INFINITY, 'AMOUNT_NOT_A_NUMBER'],
    ['abc', 'AMOUNT_NOT_A_NUMBER'],
    ['1,00', 'AMOUNT_NOT_A_NUMBER'],
    ['0x10', 'AMOUNT_NOT_A_NUMBER'],
    ['1e3', 'AMOUNT_NOT_A_NUMBER'],
    [true, 'AMOUNT_NOT_A_NUMBER'],
    [{}, 'AMOUNT_NOT_A_NUMBER'],
    [[1], 'AMOUNT_NOT_A_NUMBER'],
    [-1, 'AMOUNT_NEGATIVE'],
    ['-0.01', 'AMOUNT_NEGATIVE'],
    [1.005, 'AMOUNT_TOO_PRECISE'],
    ['1.005', 'AMOUNT_TOO_PRECISE'],
    [1e-7, 'AMOUNT_TOO_PRECISE'],
    [10_000_000.01, 'AMOUNT_TOO_LARGE'],
    ['10000000.01', 'AMOUNT_TOO_LARGE'],
    ['123456789', 'AMOUNT_TOO_LARGE'],
    [1e21, 'AMOUNT_TOO_LARGE'],
  ])('%j is refused with %s', (input, code) => {
    expect(parseAmount(input)).toEqual({ ok: false, code });
  });

  it('round-trips every cent amount through its wire number and its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmount(centsToAmount(cents))).toEqual({ ok: true, cents });
        expect(parseAmount(formatAmount(cents))).toEqual({ ok: true, cents });
      }),
      { numRuns: 5000 },
    );
  });

  it('never accepts a number with more than 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000_000, noNaN: true }), (value) => {
        const result = parseAmount(value);
        if (result.ok) expect(Math.abs(result.cents / 100 - value)).toBeLessThan(1e-9);
        else expect(['AMOUNT_TOO_PRECISE', 'AMOUNT_TOO_LARGE']).toContain(result.code);
      }),
    );
  });
});

describe('formatAmount', () => {
  it.each([
    [10325, '103.25'],
    [7, '0.07'],
    [0, '0.00'],
    [-150, '-1.50'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });
});

describe('formatDollars', () => {
  it.each([
    [10_325, '$103.25'],
    [29, '$0.29'],
    [0, '$0.00'],
    [123_456, '$1,234.56'],
    [MAX_AMOUNT_CENTS, '$10,000,000.00'],
    [-325, '-$3.25'],
    [-100_000, '-$1,000.00'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });

  it('writes dollars as en-US and es-US do, with no Intl (its first use costs a page ~35 ms)', () => {
    const english = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const spanish = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(formatDollars(cents)).toBe(english.format(cents / 100));
        expect(formatDollars(cents)).toBe(spanish.format(cents / 100));
      }),
    );
  });
});

describe('wireAmountCents', () => {
  it('is the cents of a wire amount, its sign dropped', () => {
    expect(wireAmountCents(103.25)).toBe(10325);
    expect(wireAmountCents(-103.25)).toBe(10325);
    expect(wireAmountCents(0)).toBe(0);
  });

  it('refuses an amount the wire cannot hold', () => {
    expect(() => wireAmountCents(1.005)).toThrow(new RangeError('Not an amount of the wire: 1.005'));
  });
});
