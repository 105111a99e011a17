/**
 * The fee programs through the API (docs/fees.md#fee-programs): what a sale by a card of each funding
 * may charge, the quote it was shown, Mode C only on purpose, and `npm run accounts` setting them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, TransactionResponse } from '../../../shared/wire.js';
import { NO_PROGRAM } from '../../fees/program.js';
import { UsageError, runAccountsCommand } from '../../ops/accounts-commands.js';
import {
  apiKey,
  basic,
  cardToken,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const VISA_DEBIT = '4000 0566 5566 5556';
type Who = 'riverside' | 'springfield';
const token = async (who: Who, cardNumber = '4242 4242 4242 4242', feeQuote?: object) =>
  (
    await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: apiKey(service.accounts[who]),
      body: { ...cardToken({ cardNumber }), ...(feeQuote && { feeQuote }) },
    })
  ).json<Created>().id;
const pay = (who: Who, body: object) =>
  request(service.app, 'POST', '/api/v1/transactions', {
    authorization: basic(service.accounts[who]),
    body: { payer: 'Ada', ...body },
  });
const accounts = async (...argv: string[]) => {
  const lines: string[] = [];
  await runAccountsCommand(
    argv,
    service.repository,
    (line) => lines.push(line),
    () => Promise.resolve(),
  );
  service.accountCache.clear();
  return lines;
};

describe('a sale under the surcharge program (Riverside Utilities)', () => {
  it('charges a credit card its surcharge, and records the funding and the program', async () => {
    const paid = await pay('riverside', { amount: 103, payerFee: 3, tokenId: await token('riverside') });
    expect(paid.statusCode).toBe(201);
    expect(paid.json<TransactionResponse>()).toMatchObject({
      amount: 103,
      payerFee: 3,
      fee: 3.35,
      netAmount: 99.65,
      payerFeeMode: 'Custom',
      funding: 'credit',
      feeProgram: 'surcharge',
    });
  });

  it('refuses a surcharge on a debit card, naming the rule and the fee allowed', async () => {
    const refused = await pay('riverside', { amount: 103, payerFee: 3, tokenId: await token('riverside', VISA_DEBIT) });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<ErrorBody>();
    expect(body).toMatchObject({ code: 'PAYER_FEE_BREAKS_PROGRAM', errors: [{ field: 'payerFee' }] });
    expect(body.message).toContain('A debit card is never surcharged');
    expect(body.message).toContain('The fee allowed is 0.00.');
    const borne = await pay('riverside', { amount: 100, payerFee: 0, tokenId: await token('riverside', VISA_DEBIT) });
    expect(borne.json()).toMatchObject({ amount: 100, payerFee: 0, fee: 3.25, netAmount: 96.75, funding: 'debit' });
  });

  it('refuses a card sent directly by its own funding too, and a surcharge above the cap', async () => {
    const card = { accountHolder: 'Ada', cardNumber: '5105105105105100', cvc: '123', month: 12, year: 2030 };
    const prepaid = await pay('riverside', { amount: 101, payerFee: 1, creditCardInformation: card });
    expect(prepaid.json()).toMatchObject({ code: 'PAYER_FEE_BREAKS_PROGRAM' });
    const over = await pay('riverside', { amount: 103.01, payerFee: 3.01, tokenId: await token('riverside') });
    expect(over.json<ErrorBody>().message).toContain('The fee allowed is 3.00.');
  });

  it('has no Mode C: a sale without payerFee says how to send the fee or bear it', async () => {
    const refused = await pay('riverside', { amount: 100, tokenId: await token('riverside') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PAYER_FEE_REQUIRED', errors: [{ field: 'payerFee' }] });
    expect(refused.json<ErrorBody>().message).toContain('(Mode A), or payerFee 0 to bear the fee yourself (Mode B)');
  });

  it('answers a token’s own fee beside the per-method ones', async () => {
    const id = await token('riverside', VISA_DEBIT);
    const fees = await request(service.app, 'GET', `/api/v1/transactionFees?amount=100&tokenId=${id}`, {
      authorization: basic(service.accounts.riverside),
    });
    expect(fees.json()).toEqual({
      achPayerFee: 1,
      creditCardPayerFee: 3,
      payerFee: 0,
      funding: 'debit',
      program: 'surcharge',
      rule: 'SURCHARGE_NOT_ON_DEBIT',
    });
    const foreign = await request(service.app, 'GET', `/api/v1/transactionFees?amount=100&tokenId=${id}`, {
      authorization: basic(service.accounts.springfield),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a sale by a token with a fee quote', () => {
  it('charges the quoted fee, refuses another unless overridden, and lets another amount be', async () => {
    const quoted = await token('springfield', undefined, { amount: 100, payerFee: 3.25 });
    const other = await pay('springfield', { amount: 103, payerFee: 3, tokenId: quoted });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'FEE_DIFFERS_FROM_QUOTE' });
    expect(other.json<ErrorBody>().message).toContain('a fee of 3.25');
    expect(
      (await pay('springfield', { amount: 103, payerFee: 3, tokenId: quoted, feeQuoteOverride: true })).statusCode,
    ).toBe(201);
    expect((await pay('springfield', { amount: 103.25, payerFee: 3.25, tokenId: quoted })).statusCode).toBe(201);
    expect((await pay('springfield', { amount: 51.63, payerFee: 1.63, tokenId: quoted })).statusCode).toBe(201);
  });

  it('refuses a feeQuoteOverride that is not a boolean', async () => {
    const refused = await pay('springfield', {
      amount: 1,
      payerFee: 0,
      tokenId: await token('springfield'),
      feeQuoteOverride: 'yes',
    });
    expect(refused.json()).toMatchObject({ code: 'INVALID_FEE_QUOTE_OVERRIDE' });
  });
});

describe('npm run accounts: fee programs and Mode C', () => {
  it('keeps Springfield’s Mode C, sets a convenience fee, and refuses a surcharge above the cost', async () => {
    const modeC = await pay('springfield', { amount: 100, tokenId: await token('springfield') });
    expect(modeC.json()).toMatchObject({ payerFeeMode: 'ServiceCalculated', amount: 103.25, feeProgram: 'none' });
    try {
      expect(await accounts('set-fee-program', 'Springfield', 'convenienceFee', '--flat', '2.50')).toEqual([
        'Fee program of "Springfield": {"name":"convenienceFee","flatFee":250}.',
      ]);
      for (const query of ['bin=40000566', 'bin=42424242', 'method=ach'])
        expect(
          (
            await request(service.app, 'GET', `/api/v1/cardFees?${query}&amount=10`, {
              authorization: apiKey(service.accounts.springfield),
            })
          ).json(),
        ).toMatchObject({ payerFee: 2.5, rule: 'CONVENIENCE_FEE_FLAT' });
      await expect(accounts('set-fee-program', 'Springfield', 'surcharge', '--credit-percent', '3.5')).rejects.toThrow(
        'A surcharge schedule may not exceed the card base schedule',
      );
      await expect(accounts('set-fee-program', 'Springfield', 'surcharge', '--banned-states', 'XX')).rejects.toThrow(
        '"XX" is not a US state',
      );
      await expect(accounts('set-fee-program', 'Springfield', 'cheap')).rejects.toThrow(UsageError);
      expect((await accounts('list')).join('\n')).toContain('Springfield (client linked to');
    } finally {
      const springfield = await service.repository.accounts.findByName('Springfield');
      await service.repository.accounts.setFeeProgram(springfield?.id ?? 0, NO_PROGRAM);
      service.accountCache.clear();
    }
  });

  it('turns Mode C on for Riverside on purpose', async () => {
    try {
      await accounts('set-mode-c', 'Riverside Utilities', 'on');
      const paid = await pay('riverside', { amount: 100, tokenId: await token('riverside') });
      expect(paid.json()).toMatchObject({ payerFeeMode: 'ServiceCalculated', amount: 103, payerFee: 3 });
      await expect(accounts('set-mode-c', 'Riverside Utilities', 'maybe')).rejects.toThrow('on or off');
    } finally {
      await accounts('set-mode-c', 'Riverside Utilities', 'off');
    }
  });
});
