/**
 * The service fee as its own transaction (docs/fees.md#the-service-fee-as-its-own-transaction): the
 * rows of its worked example and its properties. The API's side, with the database: the routes'
 * fee-transactions.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Funding } from '../../shared/wire.js';
import { breakdownAt } from '../fees/calculate.js';
import { FEE_REFUND_CHOICES, programFee, rateFor, type FeeContext, type FeeProgram } from '../fees/program.js';
import { RIVERSIDE_FEES, SPRINGFIELD_FEES } from '../fees/schedule.js';
import { feeRefundOf, splitFee } from './fee-transaction.js';
import { cents, type TransactionMoney } from './model.js';

/** A state portal (docs/fees.md#service-fee): 2.35 % on credit, $3.95 on debit, $1.00 on an e-check. */
const portal: FeeProgram = {
  name: 'serviceFee',
  schedules: {
    credit: { percent: 23_500, fixed: 0 },
    debit: { percent: 0, fixed: 395 },
    ach: { percent: 0, fixed: 100 },
  },
  separateFeeTransaction: true,
};
const springfieldSeparate: FeeProgram = { name: 'serviceFee', separateFeeTransaction: true };

const money = (amount: number, payerFee: number, fee: number, initiatingPartyFee = 0): TransactionMoney => ({
  amount: cents(amount),
  payerFee: cents(payerFee),
  fee: cents(fee),
  netAmount: cents(amount - fee - initiatingPartyFee),
  initiatingPartyFee: cents(initiatingPartyFee),
  payerFeeMode: 'Custom',
});
const card = (funding: Funding | null): FeeContext => ({
  method: funding === null ? 'ach' : 'creditCard',
  funding,
  brand: funding === null ? 'Ach' : 'Visa',
  state: null,
  merchantInitiated: false,
});

describe('splitFee: the rows of the worked example', () => {
  it.each([
    // program, A, P, service fee, I → principal [amount, fee, net], fee [amount, fee, net]
    ['S1 Mode A at the base rate', springfieldSeparate, 10_325, 325, 325, 0, [10_000, 0, 10_000], [325, 325, 0]],
    ['S2 below the service’s fee', springfieldSeparate, 10_200, 100, 332, 0, [10_100, 232, 9_868], [100, 100, 0]],
    ['S3 above it (debit $3.95)', portal, 10_395, 395, 338, 0, [10_000, 0, 10_000], [395, 338, 57]],
    [
      'S4 with an initiating-party fee',
      springfieldSeparate,
      11_325,
      325,
      368,
      1_000,
      [11_000, 43, 9_957],
      [325, 325, 0],
    ],
  ] as const)('%s', (_, program, amount, payerFee, fee, initiatingPartyFee, principal, feeShape) => {
    const split = splitFee(program, money(amount, payerFee, fee, initiatingPartyFee));
    expect(split).toMatchObject({
      ok: true,
      value: {
        principal: {
          amount: principal[0],
          payerFee: 0,
          fee: principal[1],
          netAmount: principal[2],
          initiatingPartyFee,
        },
        fee: { amount: feeShape[0], payerFee, fee: feeShape[1], netAmount: feeShape[2], initiatingPartyFee: 0 },
      },
    });
  });

  const sameTransaction: FeeProgram = { name: 'serviceFee' };
  const surcharge: FeeProgram = { name: 'surcharge', separateFeeTransaction: true };
  it.each([
    ['S5 the agency bears the fee (P = 0)', springfieldSeparate, money(10_000, 0, 325)],
    ['S6 a service fee in the same transaction', sameTransaction, money(10_325, 325, 325)],
    ['S7 another program', surcharge, money(10_300, 300, 335)],
  ])('%s is one transaction', (_, program, paid) => {
    expect(splitFee(program, paid)).toEqual({ ok: true, value: null });
  });

  it('S8 refuses a principal that would fund the agency less than nothing', () => {
    expect(splitFee(portal, money(1_000, 800, 33, 500))).toMatchObject({
      ok: false,
      failure: { kind: 'Invalid', errors: [{ field: 'amount', code: 'NET_AMOUNT_NEGATIVE' }] },
    });
  });
});

describe('feeRefundOf: the refund choices', () => {
  it.each([
    ['proportional', 4_000, 130],
    ['full', 4_000, 325],
    ['keep', 10_000, 0],
  ] as const)('%s: a refund of %i of a 100.00 principal gives back %i of a 3.25 fee', (choice, amount, back) => {
    const principal = { amount: cents(10_000), refundedAmount: cents(0) };
    expect(feeRefundOf(choice, principal, amount, { amount: cents(325), refundedAmount: cents(0) })).toBe(back);
  });
});

const fundings = fc.constantFrom<Funding | null>('credit', 'debit', 'prepaid', 'unknown', null);

describe('properties', () => {
  it('the separate fee transaction and its principal always sum to what the payer was charged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        fundings,
        (amount, payerFee, modeC, funding) => {
          const rate = rateFor({ feeSchedules: RIVERSIDE_FEES, feeProgram: portal }, card(funding));
          const paid = breakdownAt(rate, {
            amount,
            payerFee: modeC ? null : Math.min(payerFee, amount),
            initiatingPartyFee: 0,
            hasAuthorization: false,
            impersonated: false,
            modeCAllowed: true,
          });
          if (typeof paid === 'string') return;
          const split = splitFee(portal, moneyOf(paid));
          if (!split.ok) {
            // Refused only when the principal would be nothing, or fund the agency less than nothing.
            const feeNet = paid.payerFee - Math.min(paid.payerFee, paid.fee);
            expect(paid.amount === paid.payerFee || paid.netAmount < feeNet).toBe(true);
            return;
          }
          if (!split.value) {
            expect(paid.payerFee).toBe(0);
            return;
          }
          const { principal, fee } = split.value;
          for (const key of ['amount', 'payerFee', 'fee', 'netAmount', 'initiatingPartyFee'] as const) {
            expect(principal[key] + fee[key]).toBe(paid[key]);
            expect(Math.min(principal[key], fee[key])).toBeGreaterThanOrEqual(0);
          }
          for (const part of [principal, fee])
            expect(part.amount).toBe(part.netAmount + part.fee + part.initiatingPartyFee);
        },
      ),
    );
  });

  it('the fee charged is the fee shown: Mode A with the quoted fee charges it as the fee transaction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fundings, (due, funding) => {
        const account = { feeSchedules: SPRINGFIELD_FEES, feeProgram: portal };
        const shown = programFee(account, card(funding), due).payerFee;
        const paid = breakdownAt(rateFor(account, card(funding)), {
          amount: due + shown,
          payerFee: shown,
          initiatingPartyFee: 0,
          hasAuthorization: false,
          impersonated: false,
          modeCAllowed: false,
        });
        // A fee the service's own fee makes impossible to balance is refused before anything is charged.
        if (typeof paid === 'string') return;
        const split = splitFee(portal, moneyOf(paid));
        expect(split.ok && (split.value?.fee.amount ?? 0)).toBe(shown);
        expect(split.ok && (split.value?.principal.amount ?? paid.amount)).toBe(due);
      }),
    );
  });

  it('a refund never gives back more than was charged, and refunding all of the principal gives back all of a refunded fee', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FEE_REFUND_CHOICES),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        (choice, principalAmount, feeAmount, asked) => {
          const principal = { amount: principalAmount, refundedAmount: 0 };
          const fee = { amount: feeAmount, refundedAmount: 0 };
          for (const wish of [...asked, principalAmount]) {
            const amount = Math.min(wish, principal.amount - principal.refundedAmount);
            if (amount === 0) break;
            const back = feeRefundOf(choice, principal as never, amount, fee as never);
            expect(back).toBeGreaterThanOrEqual(0);
            principal.refundedAmount += amount;
            fee.refundedAmount += back;
            expect(principal.refundedAmount + fee.refundedAmount).toBeLessThanOrEqual(principalAmount + feeAmount);
          }
          expect(fee.refundedAmount).toBe(choice === 'keep' ? 0 : feeAmount);
        },
      ),
    );
  });
});

/** A breakdown as a transaction's money, in cents. */
function moneyOf(paid: Exclude<ReturnType<typeof breakdownAt>, string>): TransactionMoney {
  return {
    amount: cents(paid.amount),
    payerFee: cents(paid.payerFee),
    fee: cents(paid.fee),
    netAmount: cents(paid.netAmount),
    initiatingPartyFee: cents(paid.initiatingPartyFee),
    payerFeeMode: paid.payerFeeMode,
  };
}
