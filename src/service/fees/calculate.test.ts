import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdown, fee, payerFees } from './calculate.js';
import { SHELBY_FEES, SPRINGFIELD_FEES, type FeeSchedules } from './schedule.js';

const request = (
  amount: number,
  payerFee: number | null,
  extra: Partial<{ initiatingPartyFee: number; hasAuthorization: boolean; impersonated: boolean }> = {},
) => ({
  amount,
  payerFee,
  initiatingPartyFee: 0,
  hasAuthorization: false,
  impersonated: false,
  ...extra,
});

describe('fee', () => {
  it.each([
    [32_500, 0, 10_000, 325],
    [32_500, 0, 5_999, 195], // 194.9675¢
    [32_500, 0, 200, 7], // 6.5¢ rounds up, not to even
    [29_500, 30, 10_350, 335], // 305.325¢ + 30¢
    [0, 300, 10_000, 300],
    [0, 0, 0, 0],
  ])('%i millionths + %i¢ of %i¢ is %i¢', (percent, fixed, cents, expected) => {
    expect(fee({ percent, fixed }, cents)).toBe(expected);
  });
});

describe('docs/fees.md#worked-examples (fee calculation)', () => {
  it.each<[string, FeeSchedules, number, number, number]>([
    ['#1 Springfield 100.00', SPRINGFIELD_FEES, 10_000, 325, 300],
    ['#2 Springfield 59.99', SPRINGFIELD_FEES, 5_999, 195, 300],
    ['#3 Springfield 2.00', SPRINGFIELD_FEES, 200, 7, 300],
    ['#11 Shelby 100.00', SHELBY_FEES, 10_000, 350, 150],
  ])('%s', (_, schedules, due, card, ach) => {
    expect(payerFees(schedules, due)).toEqual({ creditCard: card, ach });
  });
});

describe('docs/fees.md#worked-examples (transactions)', () => {
  it.each([
    [
      '#4 card A 103.25 P 3.25',
      SPRINGFIELD_FEES.creditCard,
      request(10_325, 325),
      { payerFeeMode: 'Included', amount: 10_325, payerFee: 325, fee: 325, netAmount: 10_000 },
    ],
    [
      '#5 card A 103.00 P 3.00',
      SPRINGFIELD_FEES.creditCard,
      request(10_300, 300),
      { payerFeeMode: 'Custom', amount: 10_300, fee: 335, netAmount: 9_965 },
    ],
    [
      '#6 card A 105.00 P 5.00',
      SPRINGFIELD_FEES.creditCard,
      request(10_500, 500),
      { payerFeeMode: 'Custom', fee: 341, netAmount: 10_159 },
    ],
    [
      '#7 card A 100.00 P absent',
      SPRINGFIELD_FEES.creditCard,
      request(10_000, null),
      { payerFeeMode: 'ServiceCalculated', amount: 10_325, payerFee: 325, fee: 325, netAmount: 10_000 },
    ],
    [
      '#8 ACH A 100.00 P 0',
      SPRINGFIELD_FEES.ach,
      request(10_000, 0),
      { payerFeeMode: 'ServiceCalculated', amount: 10_300, fee: 300, netAmount: 10_000 },
    ],
    [
      '#9 card A 100.00 P 0 impersonated',
      SPRINGFIELD_FEES.creditCard,
      request(10_000, 0, { impersonated: true }),
      { payerFeeMode: 'Custom', amount: 10_000, fee: 325, netAmount: 9_675 },
    ],
    [
      '#10 card A 110.00 P 0 I 10.00 impersonated',
      SPRINGFIELD_FEES.creditCard,
      request(11_000, 0, { initiatingPartyFee: 1_000, impersonated: true }),
      { payerFeeMode: 'Custom', fee: 358, netAmount: 9_642, initiatingPartyFee: 1_000 },
    ],
    [
      '#12 Shelby card A 103.50 P 3.50',
      SHELBY_FEES.creditCard,
      request(10_350, 350),
      { payerFeeMode: 'Custom', fee: 335, netAmount: 10_015 },
    ],
    [
      '#13 Shelby ACH A 101.50 P 1.50',
      SHELBY_FEES.ach,
      request(10_150, 150),
      { payerFeeMode: 'Included', fee: 150, netAmount: 10_000 },
    ],
    [
      '#14 capture A 50.00 P absent',
      SPRINGFIELD_FEES.creditCard,
      request(5_000, null, { hasAuthorization: true }),
      { payerFeeMode: 'Custom', fee: 163, netAmount: 4_837 },
    ],
  ])('%s', (_, rates, input, expected) => {
    expect(breakdown(rates, input)).toMatchObject(expected);
  });

  it('treats a faithful Mode A caller as Included when the fee rounds to 0', () => {
    expect(breakdown(SPRINGFIELD_FEES.creditCard, request(15, 0))).toMatchObject({
      payerFeeMode: 'Included',
      fee: 0,
      netAmount: 15,
    });
    expect(breakdown(SPRINGFIELD_FEES.creditCard, request(16, 0))).toMatchObject({
      payerFeeMode: 'ServiceCalculated',
      amount: 17,
      fee: 1,
    });
  });

  it.each([
    [request(100, 101), 'PAYER_FEE_EXCEEDS_AMOUNT'],
    [request(100, 0, { initiatingPartyFee: 101, impersonated: true }), 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT'],
    [request(100, 10, { initiatingPartyFee: 99, impersonated: true }), 'NET_AMOUNT_NEGATIVE'],
  ])('refuses %j with %s', (input, code) => {
    expect(breakdown(SPRINGFIELD_FEES.creditCard, input)).toBe(code);
  });
});

describe('docs/fees.md#properties', () => {
  const cents = fc.integer({ min: 1, max: 10_000_000 });

  it('Included round trip: for every amount due up to 100,000.00, A = D + F, P = F nets exactly D', () => {
    fc.assert(
      fc.property(
        cents,
        fc.constantFrom(SPRINGFIELD_FEES.creditCard, SPRINGFIELD_FEES.ach, SHELBY_FEES.ach),
        (due, rates) => {
          const F = fee(rates.payer, due);
          expect(breakdown(rates, request(due + F, F))).toMatchObject({
            payerFeeMode: 'Included',
            netAmount: due,
            fee: F,
            amount: due + F,
          });
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('the balance equation always holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000_000 })),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(SPRINGFIELD_FEES.creditCard, SHELBY_FEES.creditCard, SHELBY_FEES.ach),
        (amount, payerFee, initiatingPartyFee, hasAuthorization, impersonated, rates) => {
          const result = breakdown(rates, { amount, payerFee, initiatingPartyFee, hasAuthorization, impersonated });
          if (typeof result === 'string') return;
          expect(result.amount).toBe(result.netAmount + result.fee + result.initiatingPartyFee);
          expect(result.netAmount).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(result.fee)).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('the fee calculation never decreases as the amount grows', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1_000 }), (due, more) => {
        for (const schedules of [SPRINGFIELD_FEES, SHELBY_FEES]) {
          const low = payerFees(schedules, due);
          const high = payerFees(schedules, due + more);
          expect(high.creditCard).toBeGreaterThanOrEqual(low.creditCard);
          expect(high.ach).toBeGreaterThanOrEqual(low.ach);
        }
      }),
      { numRuns: 20_000 },
    );
  });
});
