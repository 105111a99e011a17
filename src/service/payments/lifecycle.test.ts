import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * Void, refund and settle called directly (no HTTP) on the harness's real database (PGlite, or
 * PostgreSQL with DATABASE_URL): the rules table-driven, concurrent refunds, and a fast-check property
 * that the money adds up to the cent over any sequence of operations (docs/fees.md#refunds).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import { newId } from '../vault/random.js';
import { CARD, saleDraft, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { authorize } from './authorize.js';
import { refund } from './refund.js';
import { statusOf } from './lifecycle.js';
import type { Payer, PaymentDeps, PaymentResult } from './result.js';
import type { ReversalResult } from './reversal.js';
import { sale } from './sale.js';
import { settle } from './settle.js';
import { newStoredToken } from './stored-token.js';
import { voidTransaction } from './void.js';

let service: TestService;
let payer: Payer;
let tokenId: string;
beforeAll(async () => {
  service = await startTestService();
  payer = await payerNamed(service, 'Springfield');
});
afterAll(() => service.close());
beforeEach(async () => {
  await service.reset();
  tokenId = await insertCardToken('4242424242424242');
});

/** A card token of Springfield's, stored directly; its id. */
async function insertCardToken(cardNumber: string): Promise<string> {
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: { ...CARD, cardNumber } },
    payer.scope,
    deps(),
  );
  await service.repository.tokens.insert(token);
  return token.id;
}

const deps = (): PaymentDeps => ({
  repository: service.repository,
  vault: service.vault,
  processor: sandboxProcessor,
  now: () => new Date(),
  binTable: sandboxBinTable(),
});

/** A sale's draft on this test's token: `amountCents` with payer fee `payerFeeCents` (Included when it is a real fee). */
const draftOf = (amountCents: number, payerFeeCents: number) => saleDraft(tokenId, amountCents, payerFeeCents);

/** An approved sale of `amountCents` with payer fee `payerFeeCents` (Included when it is a real fee). */
async function charge(amountCents: number, payerFeeCents = 1) {
  const result: PaymentResult = await sale(draftOf(amountCents, payerFeeCents), payer, deps());
  if (!result.ok) throw new Error(`Failed: ${JSON.stringify(result.failure)}`);
  return result.value;
}
const find = async (id: number) => {
  const found = await service.repository.transactions.find(String(id), payer.scope);
  if (!found) throw new Error(`No transaction ${id}`);
  return found;
};
/** What a reversal's result says: true when done, else its refusal's code or its failure's kind. */
const codeOf = (result: ReversalResult) =>
  result.ok || (result.failure.kind === 'Refused' ? result.failure.code : result.failure.kind);

describe('the reversal rules', () => {
  it.each([
    { before: 'nothing', operation: 'void', expected: true, status: 'Voided' },
    { before: 'void', operation: 'void', expected: 'PreviouslyVoided', status: 'Voided' },
    { before: 'settle', operation: 'void', expected: 'AlreadySettled', status: 'Settled' },
    { before: 'nothing', operation: 'refund', expected: 'NotSettled', status: 'Captured' },
    { before: 'void', operation: 'refund', expected: 'PreviouslyVoided', status: 'Voided' },
    { before: 'settle', operation: 'refund', expected: true, status: 'Refunded' },
  ] as const)('$operation after $before → $expected, then $status', async ({ before, operation, expected, status }) => {
    const payment = await charge(10_000);
    if (before === 'void') await voidTransaction(String(payment.id), payer.scope, deps());
    if (before === 'settle') await settle(payer.scope, deps());
    const result =
      operation === 'void'
        ? await voidTransaction(String(payment.id), payer.scope, deps())
        : await refund(String(payment.id), null, payer.scope, deps());
    expect(codeOf(result)).toBe(expected);
    expect(statusOf(await find(payment.id))).toBe(status);
  });

  it('a declined sale is neither voided nor refunded; an open authorization is released by a void', async () => {
    const declinedCard = await insertCardToken('4000000000000002');
    const result = await sale({ ...draftOf(2_000, 1), source: { tokenId: declinedCard } }, payer, deps());
    const stored = !result.ok && result.failure.kind === 'Declined' ? result.failure.transactionId : undefined;
    if (stored === undefined) throw new Error('The test card should be declined.');
    const declinedId = String(stored);
    expect(codeOf(await voidTransaction(declinedId, payer.scope, deps()))).toBe('PreviouslyRejected');
    await settle(payer.scope, deps());
    expect(codeOf(await refund(declinedId, null, payer.scope, deps()))).toBe('PreviouslyRejected');
    expect(statusOf(await find(stored))).toBe('Declined');

    const held = await authorize({ tokenId, amountCents: 5_000 }, payer, deps());
    if (!held.ok) throw new Error(`Failed: ${JSON.stringify(held.failure)}`);
    expect(statusOf(held.value)).toBe('Authorized');
    expect(codeOf(await voidTransaction(String(held.value.id), payer.scope, deps()))).toBe(true);
    expect(statusOf(await find(held.value.id))).toBe('Voided');
  });

  it('keeps the fee of a refunded sale: $103.25 charged, $40.00 refunded', async () => {
    const payment = await charge(10_325, 325);
    await settle(payer.scope, deps());
    const result = await refund(String(payment.id), 4_000, payer.scope, deps());
    expect(result).toMatchObject({ ok: true, value: { amount: -4_000, netAmount: -4_000, fee: 0, payerFee: 0 } });
    const original = await find(payment.id);
    expect(original).toMatchObject({ amount: 10_325, fee: 325, netAmount: 10_000, refundedAmount: 4_000 });
    expect(codeOf(await refund(String(payment.id), 6_326, payer.scope, deps()))).toBe('AmountExceedsRemaining');
    expect(codeOf(await refund(String(payment.id), 6_325, payer.scope, deps()))).toBe(true);
    expect(codeOf(await refund(String(payment.id), null, payer.scope, deps()))).toBe('AmountExceedsRemaining');
  });

  it('builds a refund the one way a transaction is built: the original’s payer and method, −amount, no fees', async () => {
    const payment = await charge(7_500, 0);
    await settle(payer.scope, deps());
    const result = await refund(String(payment.id), 2_500, payer.scope, deps());
    if (!result.ok) throw new Error('The refund was refused.');
    const same = ['payer', 'emailAddress', 'attributeValues', 'tokenId', 'transactionType', 'maskedAccountNumber'];
    same.push('paymentMethodFingerprint', 'scope');
    const pick = (t: object) => Object.fromEntries(same.map((key) => [key, Reflect.get(t, key)]));
    expect(pick(result.value)).toEqual(pick(payment));
    expect(result.value).toMatchObject({
      amount: -2_500,
      netAmount: -2_500,
      fee: 0,
      payerFee: 0,
      initiatingPartyFee: 0,
      payerFeeMode: null,
      originalTransactionId: payment.id,
      authorizationId: null,
      comments: null,
      sendReceipt: false,
      ipAddress: null,
      paymentResponseCode: 'Success',
    });
    expect(result.value.publicId).not.toBe(payment.publicId);
    expect(result.value.events.map((event: { eventType: string }) => event.eventType)).toEqual(['Refund']);
  });

  it('refuses a refund of a refund and a void of a refund; another scope’s transaction is not found', async () => {
    const payment = await charge(5_000);
    await settle(payer.scope, deps());
    const result = await refund(String(payment.id), 1_000, payer.scope, deps());
    if (!result.ok) throw new Error('The refund was refused.');
    expect(codeOf(await refund(String(result.value.id), null, payer.scope, deps()))).toBe('NotRefundable');
    // Nor is a refund voided, settled or not: it would become a row of 0 that gives nothing back.
    expect(codeOf(await voidTransaction(String(result.value.id), payer.scope, deps()))).toBe('CannotBeVoided');
    await settle(payer.scope, deps());
    expect(codeOf(await voidTransaction(String(result.value.id), payer.scope, deps()))).toBe('CannotBeVoided');
    expect((await find(payment.id)).refundedAmount).toBe(1_000);
    const elsewhere = { accountId: payer.scope.accountId, viaAccountId: payer.scope.accountId };
    expect(codeOf(await refund(String(payment.id), null, elsewhere, deps()))).toBe('NotFound');
    expect(codeOf(await voidTransaction(String(payment.id), elsewhere, deps()))).toBe('NotFound');
  });

  it('10 concurrent refunds of 20.00 on a 100.00 charge: exactly 5 succeed', async () => {
    const payment = await charge(10_000);
    await settle(payer.scope, deps());
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refund(String(payment.id), 2_000, payer.scope, deps())),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect((await find(payment.id)).refundedAmount).toBe(10_000);
  });
});

type Step =
  | { kind: 'sale'; cents: number }
  | { kind: 'void' | 'refund'; which: number; cents: number | null }
  | { kind: 'voidRefund'; which: number }
  | { kind: 'settle' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), cents: fc.integer({ min: 1_000, max: 50_000 }) }),
  fc.record({ kind: fc.constant('void' as const), which: fc.nat(20), cents: fc.constant(null) }),
  fc.record({
    kind: fc.constant('refund' as const),
    which: fc.nat(20),
    cents: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('voidRefund' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('settle' as const) }),
);

/** What the rules say a payment is, kept beside the database: the model the property checks against. */
interface Modelled {
  id: number;
  amount: number;
  fee: number;
  net: number;
  settled: boolean;
  voided: boolean;
  refunded: number;
}

describe('property: over any sequence of sale, void, settle and refunds', () => {
  // A hundred sequences: about 3 s alone, several times that beside the browser tests on a loaded machine.
  it(
    'each operation is accepted exactly when the rules say, and the totals match the model to the cent',
    { timeout: 60_000 },
    async () => {
      // Sales of equal amounts are drawn on purpose: duplicate protection is off for this payer.
      const anyAmount: Payer = { ...payer, actingFor: { ...payer.actingFor, duplicateWindowMinutes: 0 } };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          await service.reset();
          tokenId = await insertCardToken('4242424242424242');
          const sales: Modelled[] = [];
          const refunds: { id: number; cents: number; settled: boolean }[] = [];
          for (const s of steps) {
            if (s.kind === 'sale') {
              const result = await sale({ ...draftOf(s.cents, 300) }, anyAmount, deps());
              if (!result.ok) throw new Error(`Failed: ${JSON.stringify(result.failure)}`);
              const { id, amount, fee, netAmount } = result.value;
              sales.push({ id, amount, fee, net: netAmount, settled: false, voided: false, refunded: 0 });
            } else if (s.kind === 'settle') {
              await settle(payer.scope, deps());
              for (const sold of sales) sold.settled ||= !sold.voided;
              for (const made of refunds) made.settled = true;
            } else if (s.kind === 'voidRefund') {
              const made = refunds[s.which % Math.max(refunds.length, 1)];
              if (made) expect(codeOf(await voidTransaction(String(made.id), payer.scope, deps()))).not.toBe(true);
            } else if (sales.length) {
              const sold = sales[s.which % sales.length] as Modelled;
              if (s.kind === 'void') {
                const result = await voidTransaction(String(sold.id), payer.scope, deps());
                const expected = sold.voided ? 'PreviouslyVoided' : sold.settled ? 'AlreadySettled' : true;
                expect(codeOf(result)).toBe(expected);
                if (result.ok) sold.voided = true;
              } else {
                const result = await refund(String(sold.id), s.cents, payer.scope, deps());
                const left = sold.amount - sold.refunded;
                const cents = s.cents ?? left;
                const expected = sold.voided
                  ? 'PreviouslyVoided'
                  : !sold.settled
                    ? 'NotSettled'
                    : cents > left || cents === 0
                      ? 'AmountExceedsRemaining'
                      : true;
                expect(codeOf(result)).toBe(expected);
                if (result.ok) {
                  sold.refunded += cents;
                  refunds.push({ id: result.value.id, cents, settled: false });
                }
              }
            }
          }
          const [totals] = await service.sql.query<Record<string, number>>(
            `SELECT COALESCE(sum(amount_cents), 0)::integer AS payer, COALESCE(sum(net_amount_cents), 0)::integer AS agency,
             COALESCE(sum(fee_cents + initiating_party_fee_cents), 0)::integer AS fees
           FROM transactions WHERE payment_response_code = 'Success'`,
          );
          const kept = sales.filter((sold) => !sold.voided);
          const refunded = refunds.reduce((sum, made) => sum + made.cents, 0);
          const sum = (pick: (sold: Modelled) => number) => kept.reduce((total, sold) => total + pick(sold), 0);
          // The payer paid the charges less the refunds; the agency bears the refunds; fees stay.
          expect(totals).toEqual({
            payer: sum((sold) => sold.amount) - refunded,
            agency: sum((sold) => sold.net) - refunded,
            fees: sum((sold) => sold.fee),
          });
          for (const sold of sales) {
            const payment = await find(sold.id);
            expect(payment.refundedAmount).toBe(sold.refunded);
            expect(payment.refundedAmount).toBeLessThanOrEqual(payment.amount);
            // A voided payment has nothing charged and nothing refunded; the fee goes with the charge.
            if (sold.voided) expect([payment.amount, payment.fee, payment.refundedAmount]).toEqual([0, 0, 0]);
          }
        }),
        { numRuns: 40 },
      );
    },
  );
});
