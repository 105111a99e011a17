import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Funding, TransactionType } from '../../shared/wire.js';
import { breakdownAt, fee } from './calculate.js';
import {
  HIGHEST_SURCHARGE_CAP,
  NETWORK_SURCHARGE_CAPS,
  NO_PROGRAM,
  RIVERSIDE_PROGRAM,
  payerFeeBreach,
  programFee,
  programProblems,
  quoteBreach,
  rateFor,
  type FeeContext,
  type FeeProgram,
} from './program.js';
import { RIVERSIDE_FEES, SPRINGFIELD_FEES, type FeeSchedules } from './schedule.js';
import { stateOfPostalCode } from './zip-states.js';

const percent = (millionths: number) => ({ percent: millionths, fixed: 0 });
const flat = (cents: number) => ({ percent: 0, fixed: cents });

const springfield = { feeSchedules: SPRINGFIELD_FEES, feeProgram: NO_PROGRAM };
const riverside = { feeSchedules: RIVERSIDE_FEES, feeProgram: RIVERSIDE_PROGRAM };
/** A surcharge schedule above Visa's cap and the cost: the caps decide. */
const steep = {
  feeSchedules: RIVERSIDE_FEES,
  feeProgram: { ...RIVERSIDE_PROGRAM, schedules: { credit: percent(35_000) } },
};
const anyCard = { ...RIVERSIDE_PROGRAM, surchargeUnknownFunding: true };
const convenience = {
  feeSchedules: RIVERSIDE_FEES,
  feeProgram: { name: 'convenienceFee', flatFee: 250 } as FeeProgram,
};
/** docs/fees.md#service-fee: a state portal's schedules, 2.35 % on credit, $3.95 on debit, $1.00 on an e-check. */
const portal = {
  feeSchedules: RIVERSIDE_FEES,
  feeProgram: {
    name: 'serviceFee',
    schedules: { credit: percent(23_500), debit: flat(395), ach: flat(100) },
  } as FeeProgram,
};

const card = (
  funding: Funding,
  brand: TransactionType = 'Visa',
  state: string | null = null,
  merchantInitiated = false,
): FeeContext => ({ method: 'creditCard', funding, brand, state, merchantInitiated });
const ach = (merchantInitiated = false): FeeContext => ({
  method: 'ach',
  funding: null,
  brand: null,
  state: null,
  merchantInitiated,
});

type Account = { feeSchedules: FeeSchedules; feeProgram: FeeProgram };

describe('docs/fees.md#fee-programs: one row per rule', () => {
  it.each<[string, Account, FeeContext, number, number, string]>([
    ['none: credit', springfield, card('credit'), 10_000, 325, 'NO_PROGRAM'],
    ['none: debit pays the same', springfield, card('debit'), 10_000, 325, 'NO_PROGRAM'],
    ['none: ACH', springfield, ach(), 10_000, 300, 'NO_PROGRAM'],
    ['surcharge: Visa credit 3 %', riverside, card('credit'), 10_000, 300, 'SURCHARGE_ON_CREDIT'],
    ['surcharge: Visa debit', riverside, card('debit'), 10_000, 0, 'SURCHARGE_NOT_ON_DEBIT'],
    ['surcharge: Mastercard prepaid', riverside, card('prepaid', 'MasterCard'), 10_000, 0, 'SURCHARGE_NOT_ON_PREPAID'],
    ['surcharge: unknown funding', riverside, card('unknown', 'Jcb'), 10_000, 0, 'SURCHARGE_NOT_ON_UNKNOWN_FUNDING'],
    [
      'surcharge: unknown funding, surcharged on purpose',
      { feeSchedules: RIVERSIDE_FEES, feeProgram: anyCard },
      card('unknown'),
      10_000,
      300,
      'SURCHARGE_ON_CREDIT',
    ],
    ['surcharge: Connecticut bans it', riverside, card('credit', 'Visa', 'CT'), 10_000, 0, 'SURCHARGE_BANNED_IN_STATE'],
    ['surcharge: Puerto Rico bans it', riverside, card('credit', 'Visa', 'PR'), 10_000, 0, 'SURCHARGE_BANNED_IN_STATE'],
    [
      'surcharge: Colorado caps at 2 %',
      riverside,
      card('credit', 'Visa', 'CO'),
      10_000,
      200,
      'SURCHARGE_CAPPED_IN_STATE',
    ],
    ['surcharge: Visa caps at 3 %', steep, card('credit', 'Visa'), 10_000, 300, 'SURCHARGE_CAPPED_BY_NETWORK'],
    [
      'surcharge: Mastercard at 4 %, the cost first',
      steep,
      card('credit', 'MasterCard'),
      10_000,
      325,
      'SURCHARGE_CAPPED_AT_COST',
    ],
    ['surcharge: Discover at cost', steep, card('credit', 'Discover'), 10_000, 325, 'SURCHARGE_CAPPED_AT_COST'],
    ['surcharge: ACH is no card surcharge', riverside, ach(), 10_000, 100, 'ACH_FEE'],
    ['convenience fee: credit', convenience, card('credit'), 10_000, 250, 'CONVENIENCE_FEE_FLAT'],
    ['convenience fee: debit', convenience, card('debit'), 99, 250, 'CONVENIENCE_FEE_FLAT'],
    ['convenience fee: ACH', convenience, ach(), 1_000_000, 250, 'CONVENIENCE_FEE_FLAT'],
    [
      'convenience fee: none on an autopay run',
      convenience,
      card('credit', 'Visa', null, true),
      10_000,
      0,
      'CONVENIENCE_FEE_NOT_ON_MERCHANT_INITIATED',
    ],
    ['service fee: credit 2.35 %', portal, card('credit'), 10_000, 235, 'SERVICE_FEE'],
    ['service fee: Visa debit $3.95', portal, card('debit'), 10_000, 395, 'SERVICE_FEE'],
    ['service fee: prepaid as credit', portal, card('prepaid'), 10_000, 235, 'SERVICE_FEE'],
    ['service fee: e-check $1.00', portal, ach(), 10_000, 100, 'SERVICE_FEE'],
  ])('%s', (_, account, context, due, expected, rule) => {
    expect(programFee(account, context, due)).toEqual({ program: account.feeProgram.name, rule, payerFee: expected });
  });
});

describe('a payer fee that breaks the program', () => {
  it.each<[string, Account, FeeContext, number, number, { allowed: number; rule: string } | null]>([
    ['3.00 surcharge on 100.00 credit', riverside, card('credit'), 10_300, 300, null],
    ['less than allowed', riverside, card('credit'), 10_200, 200, null],
    ['3.01 on 100.00 credit', riverside, card('credit'), 10_301, 301, { allowed: 300, rule: 'SURCHARGE_ON_CREDIT' }],
    ['any surcharge on debit', riverside, card('debit'), 10_001, 1, { allowed: 0, rule: 'SURCHARGE_NOT_ON_DEBIT' }],
    ['0: the agency bears it', riverside, card('debit'), 10_000, 0, null],
    ['anything without a program', springfield, card('debit'), 20_000, 10_000, null],
    [
      'a convenience fee other than its flat one',
      convenience,
      card('credit'),
      10_100,
      100,
      { allowed: 250, rule: 'CONVENIENCE_FEE_FLAT' },
    ],
    ['the flat convenience fee', convenience, ach(), 10_250, 250, null],
  ])('%s', (_, account, context, amount, payerFee, expected) => {
    expect(payerFeeBreach(rateFor(account, context), amount, payerFee)).toEqual(expected);
  });
});

describe('a fee quote', () => {
  it.each([
    ['the quoted fee in the amount', { amount: 10_300, payerFee: 300, charged: 300 }, false],
    ['another fee for the quoted net', { amount: 10_325, payerFee: 325, charged: 325 }, true],
    ['the quoted net, no fee (mode B)', { amount: 10_000, payerFee: 0, charged: 0 }, true],
    ['the quoted net, mode C adding the quoted fee', { amount: 10_000, payerFee: null, charged: 300 }, false],
    ['another net amount: another payment', { amount: 5_000, payerFee: 0, charged: 0 }, false],
  ])('%s', (_, payment, breach) => {
    expect(quoteBreach({ amount: 10_000, payerFee: 300 }, payment)).toBe(breach);
  });
});

describe('docs/fees.md#properties of the programs', () => {
  const due = fc.integer({ min: 1, max: 1_000_000_000 });
  const brand = fc.constantFrom<TransactionType>('Visa', 'MasterCard', 'Discover', 'AmericanExpress', 'Jcb');
  const state = fc.option(fc.constantFrom('CO', 'CT', 'MA', 'ME', 'PR', 'NY', 'TX'));
  const schedule = fc.record({
    percent: fc.integer({ min: 0, max: 100_000 }),
    fixed: fc.integer({ min: 0, max: 1_000 }),
  });
  const surcharge = fc.record({
    feeSchedules: fc.record({
      creditCard: fc.record({ base: schedule, payer: schedule }),
      ach: fc.constant(RIVERSIDE_FEES.ach),
    }),
    feeProgram: fc.record({
      name: fc.constant('surcharge' as const),
      schedules: fc.record({ credit: schedule }),
      surchargeUnknownFunding: fc.boolean(),
      bannedStates: fc.constant<string[]>(['CT', 'MA', 'ME', 'PR']),
    }),
  });

  it('a surcharge is never charged on debit or prepaid, never over the network’s cap, the state’s or the cost', () => {
    fc.assert(
      fc.property(
        surcharge,
        fc.constantFrom<Funding>('credit', 'debit', 'prepaid', 'unknown'),
        brand,
        state,
        due,
        (account, funding, b, s, d) => {
          const { payerFee } = programFee(account, card(funding, b, s), d);
          if (funding === 'debit' || funding === 'prepaid' || (s && ['CT', 'MA', 'ME', 'PR'].includes(s)))
            expect(payerFee).toBe(0);
          expect(payerFee).toBeLessThanOrEqual(fee(account.feeSchedules.creditCard.base, d));
          expect(payerFee * 1_000_000).toBeLessThanOrEqual(d * (NETWORK_SURCHARGE_CAPS[b] ?? HIGHEST_SURCHARGE_CAP));
          if (s === 'CO') expect(payerFee * 1_000_000).toBeLessThanOrEqual(d * 20_000);
          expect(payerFee).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('a convenience fee is the same for every method and funding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), due, (flatFee, d) => {
        const account = { feeSchedules: RIVERSIDE_FEES, feeProgram: { name: 'convenienceFee' as const, flatFee } };
        const fees = [card('credit'), card('debit'), card('prepaid'), card('unknown', 'Jcb'), ach()].map(
          (context) => programFee(account, context, d).payerFee,
        );
        expect(new Set(fees)).toEqual(new Set([flatFee]));
      }),
      { numRuns: 2_000 },
    );
  });

  it('the fee a program allows is never a breach of it, and a cent more always is (but a convenience fee’s)', () => {
    fc.assert(
      fc.property(surcharge, brand, state, fc.integer({ min: 1, max: 100_000_000 }), (account, b, s, d) => {
        const rate = rateFor(account, card('credit', b, s));
        const allowed = rate.payerFeeOf(d);
        expect(payerFeeBreach(rate, d + allowed, allowed)).toBeNull();
        // One cent more on the same amount due (A − P stays D).
        expect(payerFeeBreach(rate, d + allowed + 1, allowed + 1)).not.toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('the money balances under every program, and a program’s Mode C charges what it shows', () => {
    fc.assert(
      fc.property(
        surcharge,
        fc.constantFrom<Funding>('credit', 'debit'),
        brand,
        fc.integer({ min: 1, max: 100_000_000 }),
        (account, funding, b, d) => {
          const rate = rateFor(account, card(funding, b));
          const result = breakdownAt(rate, {
            amount: d,
            payerFee: null,
            initiatingPartyFee: 0,
            hasAuthorization: false,
            impersonated: false,
          });
          if (typeof result === 'string') return;
          expect(result.amount).toBe(d + rate.payerFeeOf(d));
          expect(result.amount).toBe(result.netAmount + result.fee + result.initiatingPartyFee);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('a billing postal code’s state', () => {
  it.each([
    ['06103', 'CT'],
    ['02108', 'MA'],
    ['04101', 'ME'],
    ['00901', 'PR'],
    ['80202-1234', 'CO'],
    ['10001', 'NY'],
    ['99501', 'AK'],
    ['K1A 0B1', null],
    ['123', null],
    [null, null],
    ['00000', null],
  ])('%s is %s', (postalCode, expected) => {
    expect(stateOfPostalCode(postalCode)).toBe(expected);
  });
});

describe('programProblems: what an operator may not set (docs/fees.md#fee-programs)', () => {
  const costly: FeeSchedules = {
    ...SPRINGFIELD_FEES,
    creditCard: { base: { percent: 50_000, fixed: 0 }, payer: { percent: 50_000, fixed: 0 } },
  };
  it.each<[string, FeeSchedules, FeeProgram, string[]]>([
    ['Riverside as seeded', RIVERSIDE_FEES, RIVERSIDE_PROGRAM, []],
    [
      'a surcharge over the cost',
      SPRINGFIELD_FEES,
      { name: 'surcharge', schedules: { credit: { percent: 35_000, fixed: 0 } } },
      ['A surcharge schedule may not exceed the card base schedule (the cost of acceptance).'],
    ],
    [
      'a surcharge over the highest network cap, even under the cost',
      costly,
      { name: 'surcharge', schedules: { credit: { percent: 45_000, fixed: 0 } } },
      ['A surcharge may not exceed 4 %, the highest network cap.'],
    ],
    [
      'a surcharge with a debit schedule',
      SPRINGFIELD_FEES,
      { name: 'surcharge', schedules: { debit: { percent: 10_000, fixed: 0 } } },
      ['A surcharge program has no debit or prepaid schedule: those cards are never surcharged.'],
    ],
    [
      'a convenience fee without its flat fee',
      SPRINGFIELD_FEES,
      { name: 'convenienceFee' },
      ['A convenience fee program needs its flat fee.'],
    ],
    [
      'a banned state that is no state',
      SPRINGFIELD_FEES,
      { name: 'surcharge', bannedStates: ['XX'] },
      ['"XX" is not a US state or territory code (e.g. CT).'],
    ],
    [
      'a service fee as its own transaction, refunded proportionally',
      SPRINGFIELD_FEES,
      { name: 'serviceFee', separateFeeTransaction: true, feeOnRefund: 'proportional' },
      [],
    ],
    [
      'a separate fee transaction under another program',
      SPRINGFIELD_FEES,
      { name: 'convenienceFee', flatFee: 250, separateFeeTransaction: true },
      ['Only a service fee program charges its fee as a separate transaction.'],
    ],
    [
      'a refund choice without a separate fee transaction',
      SPRINGFIELD_FEES,
      { name: 'serviceFee', feeOnRefund: 'keep' },
      ['--fee-on-refund is for a fee charged as a separate transaction (--separate-fee-transaction).'],
    ],
  ])('%s', (_, schedules, program, problems) => {
    expect(programProblems(schedules, program)).toEqual(problems);
  });
});
