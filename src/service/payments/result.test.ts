import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * Every payment operation answers one Result (payments/result.ts): its value, or a failure that says
 * which: not found, invalid (field by field), declined (a payment), refused (a reversal). Called
 * directly on the harness's real database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import { CARD, saleDraft, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { newId } from '../vault/random.js';
import { authorize } from './authorize.js';
import { capture } from './capture.js';
import { refund } from './refund.js';
import type { Payer, PaymentDeps } from './result.js';
import { sale } from './sale.js';
import { settle } from './settle.js';
import { newStoredToken } from './stored-token.js';
import { deleteToken, findAuthorization, findToken, findTransaction } from './reads.js';
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
  const token = newStoredToken(
    newId('tok'),
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: CARD },
    payer.scope,
    deps(),
  );
  await service.repository.tokens.insert(token);
  tokenId = token.id;
});

const deps = (): PaymentDeps => ({
  repository: service.repository,
  vault: service.vault,
  now: () => new Date(),
  binTable: sandboxBinTable(),
  processor: sandboxProcessor,
});
const elsewhere = () => ({ accountId: payer.scope.accountId, viaAccountId: payer.scope.accountId });

describe('one Result for every operation', () => {
  it('not found: a void, a refund, a capture, a token and a transaction of no one the caller can see', async () => {
    const charged = await sale(saleDraft(tokenId, 2_000, 0), payer, deps());
    if (!charged.ok) throw new Error('The sale was declined.');
    const id = String(charged.value.id);
    const notFound = (what: string) => ({ ok: false, failure: { kind: 'NotFound', what } });
    expect(await voidTransaction(id, elsewhere(), deps())).toEqual(notFound('transaction'));
    expect(await refund(id, null, elsewhere(), deps())).toEqual(notFound('transaction'));
    expect(await findTransaction(id, elsewhere(), deps())).toEqual(notFound('transaction'));
    expect(await findTransaction(id, payer.scope, deps())).toMatchObject({ ok: true, value: { id: charged.value.id } });
    expect(await findToken('tok_none', payer.scope, deps())).toEqual(notFound('token'));
    expect(await findToken(tokenId, payer.scope, deps())).toMatchObject({ ok: true, value: { id: tokenId } });
    expect(await findAuthorization('auth_none', payer.scope, deps())).toEqual(notFound('authorization'));
    expect(await deleteToken(tokenId, elsewhere(), deps())).toEqual(notFound('token'));
    expect(await deleteToken(tokenId, payer.scope, deps())).toEqual({ ok: true, value: { id: tokenId } });
    expect(await deleteToken(tokenId, payer.scope, deps())).toEqual(notFound('token'));
  });

  it('invalid, declined and refused say which, and settle answers its batch', async () => {
    const withFee = { ...saleDraft(tokenId, 2_000, 0), initiatingPartyFeeCents: 100 };
    expect(await sale(withFee, payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Invalid', errors: [{ field: 'initiatingPartyFee', code: 'INITIATING_PARTY_FEE_NOT_ALLOWED' }] },
    });
    expect(await sale({ ...saleDraft(tokenId, 2_000, 5_000) }, payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Invalid', errors: [{ field: 'payerFee', code: 'PAYER_FEE_EXCEEDS_AMOUNT' }] },
    });
    expect(await authorize({ tokenId: 'tok_none', amountCents: 100 }, payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', code: 'InvalidToken' },
    });
    expect(await capture(saleDraft(tokenId, 100, 0), 'auth_none', payer, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Declined', code: 'InvalidAuthorization' },
    });
    const charged = await sale(saleDraft(tokenId, 2_000, 0), payer, deps());
    if (!charged.ok) throw new Error('The sale was declined.');
    expect(await refund(String(charged.value.id), null, payer.scope, deps())).toMatchObject({
      ok: false,
      failure: { kind: 'Refused', code: 'NotSettled' },
    });
    expect(await settle(payer.scope, deps())).toMatchObject({ ok: true, value: { numberOfDebits: 1 } });
  });
});
