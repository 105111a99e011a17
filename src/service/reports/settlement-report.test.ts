/**
 * A batch's report adds up: over random sequences of sales, voids, refunds and settlements (fast-check,
 * on the real database), every report's totals equal its batch's debits and credits and the sum of the
 * transactions the batch lists, and each line balances.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchResponse, TransactionResponse } from '../../shared/wire.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../testing/harness.js';
import { payerNamed } from '../testing/harness.js';
import { settlementReport } from './settlement-report.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  request(service.app, method, url, { authorization: basic(service.accounts.springfield), body });

type Step =
  | { op: 'sale'; cents: number; payerFee: 'none' | 'zero' | 'some' }
  | { op: 'void'; which: number }
  | { op: 'refund'; which: number; part: number }
  | { op: 'settle' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('sale' as const),
      cents: fc.integer({ min: 100, max: 500_000 }),
      payerFee: fc.constantFrom('none' as const, 'zero' as const, 'some' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('void' as const), which: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      which: fc.nat(),
      part: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('settle' as const) }) },
);

async function run(steps: Step[]): Promise<BatchResponse[]> {
  const token = (await call('POST', '/api/v1/tokens', cardToken())).json<Created>().id;
  const payments: TransactionResponse[] = [];
  const batches: BatchResponse[] = [];
  for (const [index, next] of [...steps, { op: 'settle' } as const].entries()) {
    if (next.op === 'sale') {
      const amount = next.cents / 100 + index / 100; // distinct amounts: no duplicate protection
      const payerFee =
        next.payerFee === 'none' ? {} : { payerFee: next.payerFee === 'zero' ? 0 : Math.min(2.5, amount / 2) };
      const response = await call('POST', '/api/v1/transactions', {
        payer: `Payer ${index}`,
        amount: Number(amount.toFixed(2)),
        tokenId: token,
        ...payerFee,
      });
      if (response.statusCode === 201) payments.push(response.json<TransactionResponse>());
    } else if (next.op === 'void' && payments.length) {
      await call('POST', `/api/v1/transactions/${payments[next.which % payments.length]!.id}/void`);
    } else if (next.op === 'refund' && payments.length) {
      const payment = payments[next.which % payments.length]!;
      await call('POST', `/api/v1/transactions/${payment.id}/refund`, {
        amount: Math.max(0.01, Number(((payment.amount * next.part) / 200).toFixed(2))),
      });
    } else if (next.op === 'settle') {
      batches.push((await call('POST', '/api/v1/sandbox/settle')).json<BatchResponse>());
    }
  }
  return batches;
}

const toCents = (amount: number) => Math.round(amount * 100);

describe('settlementReport', () => {
  it('totals equal the batch’s and the sum of its transactions, and every line balances', async () => {
    const payer = await payerNamed(service, 'Springfield');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        await service.reset();
        for (const batch of await run(steps)) {
          const result = await settlementReport(String(batch.id), payer.scope, service);
          if (!result.ok) throw new Error(`batch ${batch.id} not found`);
          const { totals, lines } = result.value;
          expect(totals).toMatchObject({
            numberOfDebits: batch.numberOfDebits,
            totalOfDebits: toCents(batch.totalOfDebits),
            numberOfCredits: batch.numberOfCredits,
            totalOfCredits: toCents(batch.totalOfCredits),
          });
          const listed = (await call('GET', `/api/v1/batches/${batch.id}/transactions?pageSize=50`)).json<{
            transactions: TransactionResponse[];
          }>().transactions;
          const sum = (pick: (t: TransactionResponse) => number) =>
            listed.reduce((total, t) => total + toCents(pick(t)), 0);
          expect(lines.map((line) => line.transactionId).sort()).toEqual(listed.map((t) => t.id).sort());
          expect(totals.amount).toBe(sum((t) => t.amount));
          expect(totals.net).toBe(sum((t) => t.netAmount));
          expect(totals.serviceFee).toBe(sum((t) => t.fee));
          expect(totals.payerFee).toBe(sum((t) => t.payerFee));
          expect(totals.principal + totals.payerFee).toBe(totals.amount);
          expect(totals.totalOfDebits - totals.totalOfCredits).toBe(totals.amount);
          for (const line of lines) {
            expect(line.principal + line.payerFee).toBe(line.amount);
            expect(line.net + line.serviceFee + line.initiatingPartyFee).toBe(line.amount);
          }
        }
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('does not find another scope’s batch', async () => {
    await run([{ op: 'sale', cents: 1000, payerFee: 'some' }]);
    const [batch] = (await call('GET', '/api/v1/batches')).json<{ batches: BatchResponse[] }>().batches;
    const shelby = await payerNamed(service, 'Shelby');
    expect(await settlementReport(String(batch!.id), shelby.scope, service)).toEqual({
      ok: false,
      failure: { kind: 'NotFound', what: 'batch' },
    });
    expect(await settlementReport('017', shelby.scope, service)).toMatchObject({ ok: false });
  });
});
