import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * The payment operations called directly (no HTTP), on the real database of the test harness:
 * what each rule decides, and what it stores.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { CARD, anyNumber, saleDraft, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { newId } from '../vault/random.js';
import { authorize } from './authorize.js';
import { capture } from './capture.js';
import type { Payer, PaymentDeps, PaymentResult } from './result.js';
import { sale } from './sale.js';
import { newStoredToken } from './stored-token.js';

let service: TestService;
let payer: Payer;
beforeAll(async () => {
  service = await startTestService();
  payer = await payerNamed(service, 'Springfield');
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const deps = (now = new Date()): PaymentDeps => ({
  repository: service.repository,
  vault: service.vault,
  processor: sandboxProcessor,
  now: () => now,
  binTable: sandboxBinTable(),
});

/** A stored token for Springfield: a card (digits only, as validation leaves it) or a bank account. */
async function tokenOf(method: 'card' | 'bank', cardNumber = '4242424242424242'): Promise<string> {
  const details =
    method === 'card'
      ? { creditCardInformation: { ...CARD, cardNumber, month: '12' } }
      : {
          bankAccountInformation: {
            accountType: 'PersonalChecking' as const,
            routingNumber: '021000021',
            accountNumber: '000123456789',
          },
        };
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', ...details },
    payer.scope,
    deps(),
  );
  await service.repository.tokens.insert(token);
  return token.id;
}

const draft = saleDraft;

/** The decline a result is, if it is one. */
const declineOf = (result: PaymentResult) => (!result.ok && result.failure.kind === 'Declined' ? result.failure : null);

/** The approved transaction of a result, failing the test with the decline otherwise. */
function approved(result: PaymentResult) {
  if (!result.ok) throw new Error(`Failed: ${JSON.stringify(result.failure)}`);
  return result.value;
}

describe('sale', () => {
  it('#4 charges A 103.25 with P 3.25 on a card token: Included, fee 3.25, net 100.00, a Sale event', async () => {
    const transaction = approved(await sale(draft(await tokenOf('card'), 10_325, 325), payer, deps()));
    expect(transaction).toMatchObject({
      amount: 10_325,
      payerFee: 325,
      fee: 325,
      netAmount: 10_000,
      payerFeeMode: 'Included',
      paymentResponseCode: 'Success',
      maskedAccountNumber: '************4242',
    });
    expect(transaction.events.map((event: { eventType: string }) => event.eventType)).toEqual(['Sale']);
    expect(await service.repository.transactions.find(String(transaction.id), payer.scope)).toMatchObject({
      publicId: transaction.publicId,
    });
  });

  it('declines an unknown token and stores the decline', async () => {
    const result = await sale(draft('tok_gone', 10_325, 325), payer, deps());
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', code: 'InvalidToken', transactionId: anyNumber },
    });
    const id = declineOf(result)?.transactionId;
    if (id === undefined) return;
    expect(await service.repository.transactions.find(String(id), payer.scope)).toMatchObject({
      paymentResponseCode: 'InvalidToken',
      fee: 0,
      events: [],
    });
  });

  it("stores the sandbox's decline of a test card, with its message", async () => {
    const result = await sale(draft(await tokenOf('card', '4000000000009995'), 10_325, 325), payer, deps());
    expect(result).toMatchObject({
      ok: false,
      failure: {
        kind: 'Declined',
        code: 'InsufficientFunds',
        message: 'The payment was declined: insufficient funds.',
      },
    });
  });
});

describe('duplicate protection (docs/api.md#duplicate-protection)', () => {
  const card = (): TransactionDraft => ({
    payer: 'Ada',
    amountCents: 7_700,
    payerFeeCents: null,
    initiatingPartyFeeCents: 0,
    source: { creditCardInformation: { ...CARD, cardNumber: '4242424242424242', month: '12' } },
    sendReceipt: false,
  });

  it('declines a repeat of the same card and amount, naming the approved one', async () => {
    const first = approved(await sale(card(), payer, deps()));
    const repeat = await sale(card(), payer, deps());
    expect(repeat).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', code: 'HardDuplicateTransaction', transactionId: anyNumber },
    });
    expect(declineOf(repeat)?.message).toContain(`duplicates transaction ${first.id}`);
    expect((await sale({ ...card(), amountCents: 7_701 }, payer, deps())).ok).toBe(true);
  });

  it('approves exactly one of 8 identical sales started at once (one lock per method and amount)', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => sale(card(), payer, deps())));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => declineOf(result)?.code === 'HardDuplicateTransaction')).toHaveLength(7);
  });

  it('charges every repeat when the window is 0', async () => {
    const off = { ...payer, actingFor: { ...payer.actingFor, duplicateWindowMinutes: 0 } };
    const results = await Promise.all(Array.from({ length: 3 }, () => sale(card(), off, deps())));
    expect(results.every((result) => result.ok)).toBe(true);
  });
});

describe('authorize and capture', () => {
  it('holds 80.00 for 7 days, then captures 50.00 of it once', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const held = approved(await authorize({ tokenId: await tokenOf('card'), amountCents: 8_000 }, payer, deps(now)));
    expect(held).toMatchObject({ authorizedAmount: 8_000, authorizationExpires: new Date('2030-01-08T12:00:00Z') });
    const authorizationId = held.authorizationId ?? '';
    const captureDraft = { ...draft('tok_unused', 5_000, null), source: { authorizationId } };

    const captured = approved(await capture(captureDraft, authorizationId, payer, deps(now)));
    expect(captured).toMatchObject({ id: held.id, amount: 5_000, capturedAt: now });
    expect(await capture(captureDraft, authorizationId, payer, deps(now))).toMatchObject({
      ok: false,
      failure: {
        kind: 'Declined',
        code: 'InvalidAuthorization',
        message: 'This authorization was already captured.',
        transactionId: held.id,
      },
    });
  });

  it('refuses a capture after 7 days, and one above the authorized amount', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const held = approved(await authorize({ tokenId: await tokenOf('card'), amountCents: 2_000 }, payer, deps(now)));
    const authorizationId = held.authorizationId ?? '';
    const captureDraft = (cents: number) => ({ ...draft('tok_unused', cents, null), source: { authorizationId } });
    expect(await capture(captureDraft(2_001), authorizationId, payer, deps(now))).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', message: 'The capture amount is more than the authorized 20.00.' },
    });
    const later = new Date('2030-01-08T12:00:00Z');
    expect(await capture(captureDraft(1_000), authorizationId, payer, deps(later))).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', message: 'This authorization expired (they last 7 days).' },
    });
  });

  it('refuses to authorize an ACH token, storing nothing', async () => {
    const result = await authorize({ tokenId: await tokenOf('bank'), amountCents: 1_000 }, payer, deps());
    expect(result).toEqual({
      ok: false,
      failure: {
        kind: 'Declined',
        code: 'InvalidPaymentType',
        message: 'Only card tokens can be authorized; an ACH token is charged with POST /transactions.',
      },
    });
    expect(await service.sql.query('SELECT id FROM transactions')).toHaveLength(0);
  });
});

describe('the money rules live in the operations, not in a route', () => {
  it('a sale or a capture that impersonates nobody takes no initiating-party fee, and stores nothing', async () => {
    const tokenId = await tokenOf('card');
    const withFee: TransactionDraft = { ...draft(tokenId, 10_325, 325), initiatingPartyFeeCents: 100 };
    const refusedFee = {
      ok: false,
      failure: { kind: 'Invalid', errors: [{ code: 'INITIATING_PARTY_FEE_NOT_ALLOWED' }] },
    };
    expect(await sale(withFee, payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Invalid', errors: [{ field: 'initiatingPartyFee', code: 'INITIATING_PARTY_FEE_NOT_ALLOWED' }] },
    });
    // Even on a token that does not exist: the fee is refused before anything is looked up or stored.
    expect(await sale({ ...withFee, source: { tokenId: 'tok_gone' } }, payer, deps())).toMatchObject(refusedFee);
    const held = approved(await authorize({ tokenId, amountCents: 20_000 }, payer, deps()));
    const authorizationId = held.authorizationId ?? '';
    expect(await capture({ ...withFee, source: { authorizationId } }, authorizationId, payer, deps())).toMatchObject(
      refusedFee,
    );
    const [{ count } = { count: -1 }] = await service.sql.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM transactions',
    );
    expect(count).toBe(1);
  });
});
