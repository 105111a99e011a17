import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneySummary } from './money-summary.js';

describe('moneySummary', () => {
  it.each([
    ['100.00', '3.25', { amountDue: 10_000, fee: 325, total: 10_325 }],
    ['100', '3', { amountDue: 10_000, fee: 300, total: 10_300 }],
    ['0.29', '0.01', { amountDue: 29, fee: 1, total: 30 }],
    ['100.00', undefined, { amountDue: 10_000, fee: null, total: 10_000 }],
    ['100.00', 'three', { amountDue: 10_000, fee: null, total: 10_000 }],
    ['100.00', '1.005', { amountDue: 10_000, fee: null, total: 10_000 }],
    ['10000000.00', '0.00', { amountDue: 1_000_000_000, fee: 0, total: 1_000_000_000 }],
  ])('amount %s with fee %s is %o', (amount, fee, summary) => {
    expect(moneySummary(amount, fee)).toEqual(summary);
  });

  it.each([[undefined], [''], ['-1'], ['abc'], ['1,00']])('shows no summary for the amount %s', (amount) => {
    expect(moneySummary(amount, '3.25')).toBeNull();
  });

  it('adds whole cents: the total is the amount due plus the fee, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (due, fee) => {
        const text = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const summary = moneySummary(text(due), text(fee));
        expect(summary).toEqual({ amountDue: due, fee, total: due + fee });
        expect(Number.isInteger(summary?.total)).toBe(true);
      }),
    );
  });
});
