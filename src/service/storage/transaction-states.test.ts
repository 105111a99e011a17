import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * The domain's life of a payment (src/service/payments/lifecycle.ts) and storage's SQL for it
 * (transaction-states.ts) say the same thing: every reachable state and kind, stored for real, is
 * matched by exactly its own condition, counted in its own search list, and settled exactly when the
 * SETTLE table says; the SQL that stays for speed (migration 5's trigger) is the SQL generated from
 * the table; an update guarded by a state the row has left changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import {
  REACHABLE,
  SETTLE,
  TRANSACTION_KINDS,
  TRANSACTION_STATES,
  kindOf,
  searchTypeOf,
  stateOf,
  type TransactionKind,
  type TransactionState,
} from '../payments/lifecycle.js';
import { authorize } from '../payments/authorize.js';
import { capture } from '../payments/capture.js';
import { cents, type Transaction } from '../payments/model.js';
import type { Payer, PaymentDeps, PaymentResult } from '../payments/result.js';
import { refund } from '../payments/refund.js';
import { sale } from '../payments/sale.js';
import { settle } from '../payments/settle.js';
import { newStoredToken } from '../payments/stored-token.js';
import { voidTransaction } from '../payments/void.js';
import { CARD, payerNamed, saleDraft, startTestService, type TestService } from '../testing/harness.js';
import { newId } from '../vault/random.js';
import { MIGRATIONS } from './migrations.js';
import {
  KIND_CONDITIONS,
  SETTLING_CONDITION,
  STATE_CONDITIONS,
  searchTypeCase,
  searchTypeConditions,
} from './transaction-states.js';

describe('the SQL kept for speed is generated from the lifecycle table', () => {
  it('migration 5 classifies searches with the CASE generated from SEARCH_CLASSES', () => {
    const migration = MIGRATIONS.find((m) => m.version === 5)?.sql ?? '';
    for (const prefix of ['OLD.', 'NEW.', ''])
      expect(migration, `the ${prefix || 'backfill'} CASE`).toContain(searchTypeCase(prefix));
  });

  it('the search lists are the conditions the search used before the table', () => {
    expect(searchTypeConditions()).toEqual({
      Rejected: "t.payment_response_code <> 'Success'",
      Refunds: "t.payment_response_code = 'Success' AND t.amount_cents < 0",
      Processed: "t.payment_response_code = 'Success' AND t.amount_cents >= 0",
    });
  });

  it('a batch takes in Captured payments and refunds, and nothing else', () => {
    expect(SETTLING_CONDITION).toBe(`((${STATE_CONDITIONS.Captured}))`);
  });
});

let service: TestService;
let payer: Payer;
const deps = (): PaymentDeps => ({
  repository: service.repository,
  vault: service.vault,
  processor: sandboxProcessor,
  now: () => new Date(),
  binTable: sandboxBinTable(),
});
beforeAll(async () => {
  service = await startTestService();
  const springfield = await payerNamed(service, 'Springfield');
  payer = { ...springfield, actingFor: { ...springfield.actingFor, duplicateWindowMinutes: 0 } };
});
afterAll(() => service.close());

async function cardToken(cardNumber: string): Promise<string> {
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: { ...CARD, cardNumber } },
    payer.scope,
    deps(),
  );
  await service.repository.tokens.insert(token);
  return token.id;
}

const approved = (result: PaymentResult): Transaction => {
  if (!result.ok) throw new Error(`Failed: ${JSON.stringify(result.failure)}`);
  return result.value;
};
const reread = async (id: number): Promise<Transaction> => {
  const found = await service.repository.transactions.find(String(id), payer.scope);
  if (!found) throw new Error(`No transaction ${id}`);
  return found;
};

/** One transaction in every state and kind a payment can reach, made by the operations themselves. */
async function everyState(): Promise<number[]> {
  await service.reset();
  const good = await cardToken('4242424242424242');
  const bad = await cardToken('4000000000000002');
  const ids: number[] = [];
  const declined = await sale(saleDraft(bad, 1_000, 0), payer, deps());
  const declinedId = !declined.ok && declined.failure.kind === 'Declined' ? declined.failure.transactionId : undefined;
  if (declinedId === undefined) throw new Error('The test card declines.');
  ids.push(declinedId);
  const settled = approved(await sale(saleDraft(good, 2_000, 0), payer, deps()));
  const refunded = approved(await sale(saleDraft(good, 3_000, 0), payer, deps()));
  await settle(payer.scope, deps());
  const settledRefund = await refund(String(refunded.id), 500, payer.scope, deps());
  await settle(payer.scope, deps());
  const capturedRefund = await refund(String(refunded.id), 700, payer.scope, deps());
  const captured = approved(await sale(saleDraft(good, 4_000, 0), payer, deps()));
  const voided = approved(await sale(saleDraft(good, 5_000, 0), payer, deps()));
  await voidTransaction(String(voided.id), payer.scope, deps());
  const open = approved(await authorize({ tokenId: good, amountCents: 6_000 }, payer, deps()));
  const released = approved(await authorize({ tokenId: good, amountCents: 7_000 }, payer, deps()));
  await voidTransaction(String(released.id), payer.scope, deps());
  const held = approved(await authorize({ tokenId: good, amountCents: 8_000 }, payer, deps()));
  const draft = { ...saleDraft(good, 8_000, 0), source: { authorizationId: held.authorizationId ?? '' } };
  approved(await capture(draft, held.authorizationId ?? '', payer, deps()));
  const capturedThenVoided = approved(await authorize({ tokenId: good, amountCents: 9_000 }, payer, deps()));
  const auth = capturedThenVoided.authorizationId ?? '';
  approved(await capture({ ...draft, amountCents: 9_000, source: { authorizationId: auth } }, auth, payer, deps()));
  await voidTransaction(String(capturedThenVoided.id), payer.scope, deps());
  for (const made of [settledRefund, capturedRefund]) if (!made?.ok) throw new Error('The refund was refused.');
  ids.push(settled.id, refunded.id, captured.id, voided.id, open.id, released.id, held.id);
  ids.push(capturedThenVoided.id);
  if (settledRefund?.ok && capturedRefund?.ok) ids.push(settledRefund.value.id, capturedRefund.value.id);
  return ids;
}

/** Which of `conditions` match row `id`, by name. */
async function matching(conditions: Record<string, string>, id: number): Promise<string[]> {
  const names = Object.keys(conditions);
  const [row] = await service.sql.query<Record<string, boolean>>(
    `SELECT ${names.map((name, i) => `(${conditions[name]}) AS c${i}`).join(', ')} FROM transactions t WHERE t.id = $1`,
    [id],
  );
  return names.filter((_, i) => row?.[`c${i}`] === true);
}

describe('storage reads the states as the domain does', () => {
  it('every reachable state and kind: its own condition, its search list, its day count, its settling', async () => {
    const ids = await everyState();
    const seen = new Set<string>();
    for (const id of ids) {
      const t = await reread(id);
      const [state, kind] = [stateOf(t), kindOf(t)];
      seen.add(`${kind} ${state}`);
      expect(await matching(STATE_CONDITIONS, id), `${t.publicId}'s state`).toEqual([state]);
      expect(await matching(KIND_CONDITIONS, id), `${t.publicId}'s kind`).toEqual([kind]);
      expect(await matching(searchTypeConditions(), id), `${t.publicId}'s list`).toEqual([searchTypeOf(state, kind)]);
      const settles = (await matching({ settles: SETTLING_CONDITION }, id)).length > 0;
      expect(settles, `whether ${t.publicId} settles`).toBe(SETTLE[kind][state] !== null);
    }
    const reachable = TRANSACTION_KINDS.flatMap((kind) => REACHABLE[kind].map((state) => `${kind} ${state}`));
    expect([...seen].sort()).toEqual(reachable.sort());

    // The trigger of migration 5 counted each row in the list the domain puts it in.
    const counts = await service.sql.query<{ search_type: string; count: number }>(
      'SELECT search_type, sum(count)::integer AS count FROM transaction_day_counts GROUP BY search_type',
    );
    const expected: Record<string, number> = {};
    for (const id of ids) {
      const t = await reread(id);
      const type = searchTypeOf(stateOf(t), kindOf(t));
      expected[type] = (expected[type] ?? 0) + 1;
    }
    expect(Object.fromEntries(counts.map((row) => [row.search_type, row.count]))).toEqual(expected);
  });

  it('has a condition for every state and kind of the table', () => {
    expect(Object.keys(STATE_CONDITIONS).sort()).toEqual([...TRANSACTION_STATES].sort());
    expect(Object.keys(KIND_CONDITIONS).sort()).toEqual([...TRANSACTION_KINDS].sort());
  });
});

describe('transition: a compare-and-set on the state the domain read', () => {
  it('changes nothing when the row has left the expected state, and sets the money the domain decided', async () => {
    await service.reset();
    const token = await cardToken('4242424242424242');
    const payment = approved(await sale(saleDraft(token, 2_500, 0), payer, deps()));
    await settle(payer.scope, deps());
    const at = new Date();
    const money = { ...payment, amount: cents(0), payerFee: cents(0), fee: cents(0), netAmount: cents(0) };
    const stale = { from: 'Captured' as TransactionState, to: 'Voided' as TransactionState };
    const event = { eventType: 'Void' as const, eventDate: at, comments: null };
    expect(await service.repository.transactions.transition(payment.id, stale, { money, voidedAt: at, event })).toBe(
      null,
    );
    const after = await reread(payment.id);
    expect([stateOf(after), after.amount, after.events.map((e) => e.eventType)]).toEqual([
      'Settled',
      payment.amount,
      ['Sale', 'Settle'],
    ]);

    // Storage zeroes nothing on its own: the amounts are what the domain passes.
    const other = approved(await sale(saleDraft(token, 3_000, 0), payer, deps()));
    const kept = { ...other, initiatingPartyFee: cents(0) };
    const moved = await service.repository.transactions.transition(other.id, stale, {
      money: kept,
      voidedAt: at,
      event,
    });
    expect([moved && stateOf(moved), moved?.amount]).toEqual(['Voided', other.amount]);
  });

  it.each(TRANSACTION_KINDS)('%s: every cell of SETTLE settles into Settled or stays out', (kind: TransactionKind) => {
    for (const state of TRANSACTION_STATES) expect([null, 'Settled']).toContain(SETTLE[kind][state]);
  });
});
