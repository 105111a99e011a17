/**
 * Duplicate protection (docs/api.md#duplicate-protection): a sale repeating an approved one of the
 * same payment method and amount within the account's window is declined HardDuplicateTransaction.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../../ops/accounts-commands.js';
import {
  BANK,
  basic,
  cardToken,
  request,
  startTestService,
  type Created,
  type ServiceResponse,
  type TestService,
} from '../../testing/harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterEach(async () => {
  await service.sql.query('UPDATE accounts SET duplicate_window_minutes = 5');
  service.accountCache.clear();
  await service.reset();
});
afterAll(() => service.close());

const springfield = () => basic(service.accounts.springfield);

async function tokenFor(card: Partial<ReturnType<typeof cardToken>['creditCardInformation']> = {}): Promise<string> {
  const response = await request(service.app, 'POST', '/api/v1/tokens', {
    authorization: springfield(),
    body: cardToken(card),
  });
  return response.json<Created>().id;
}

const pay = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(service.app, 'POST', '/api/v1/transactions', {
    authorization: springfield(),
    body: { payer: 'Ada', ...body },
    headers,
  });

interface Decline {
  message: string;
  paymentResponseCode: string;
  id: number;
}
const declineOf = (response: ServiceResponse) => {
  expect(response.statusCode).toBe(400);
  return response.json<Decline>();
};

async function setWindow(minutes: string): Promise<string[]> {
  const lines: string[] = [];
  await runAccountsCommand(['set-duplicate-window', 'Springfield', minutes], service.repository, (line) =>
    lines.push(line),
  );
  service.accountCache.clear();
  return lines;
}

describe('duplicate protection', () => {
  it('declines the same token and amount within 5 minutes, naming the earlier payment and when to retry', async () => {
    const tokenId = await tokenFor();
    const first = await pay({ tokenId, amount: 25 });
    expect(first.statusCode).toBe(201);
    const { id: firstId } = first.json<{ id: number }>();

    const decline = declineOf(await pay({ tokenId, amount: 25 }));
    expect(decline.paymentResponseCode).toBe('HardDuplicateTransaction');
    expect(decline.message).toMatch(
      new RegExp(
        `^This payment duplicates transaction ${firstId}, approved at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC .*wait until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    const [earlier] = await service.sql.query<{ created_at: Date }>(
      'SELECT created_at FROM transactions WHERE id = $1',
      [firstId],
    );
    const approvedAt = (earlier?.created_at as Date).toISOString().slice(0, 19).replace('T', ' ');
    expect(decline.message).toContain(`approved at ${approvedAt} UTC`);

    // The decline is a stored transaction like any other.
    const stored = await request(service.app, 'GET', `/api/v1/transactions/${decline.id}`, {
      authorization: springfield(),
    });
    expect(stored.json()).toMatchObject({ id: decline.id, paymentResponseCode: 'HardDuplicateTransaction' });
  });

  it('charges another amount', async () => {
    const tokenId = await tokenFor();
    expect((await pay({ tokenId, amount: 25 })).statusCode).toBe(201);
    expect((await pay({ tokenId, amount: 25.01 })).statusCode).toBe(201);
  });

  it('compares a card or bank account sent directly by the whole number, not its brand and last four', async () => {
    const card = cardToken().creditCardInformation;
    expect((await pay({ amount: 12, creditCardInformation: card })).statusCode).toBe(201);
    expect(declineOf(await pay({ amount: 12, creditCardInformation: card })).paymentResponseCode).toBe(
      'HardDuplicateTransaction',
    );
    // Another Visa ending 4242, another brand, another bank or account ending 6789: other methods.
    const sameLastFour = { ...card, cardNumber: '4000 0000 0002 4242' };
    expect((await pay({ amount: 12, creditCardInformation: sameLastFour })).statusCode).toBe(201);
    const mastercard = { ...card, cardNumber: '5555 5555 5555 4444' };
    expect((await pay({ amount: 12, creditCardInformation: mastercard })).statusCode).toBe(201);
    expect((await pay({ amount: 12, bankAccountInformation: BANK })).statusCode).toBe(201);
    expect(declineOf(await pay({ amount: 12, bankAccountInformation: BANK })).paymentResponseCode).toBe(
      'HardDuplicateTransaction',
    );
    const otherBank = { ...BANK, routingNumber: '011000015' };
    expect((await pay({ amount: 12, bankAccountInformation: otherBank })).statusCode).toBe(201);
    const otherAccount = { ...BANK, accountNumber: '000999996789' };
    expect((await pay({ amount: 12, bankAccountInformation: otherAccount })).statusCode).toBe(201);
  });

  it('tells apart two tokens of different cards with the same brand and last four', async () => {
    expect((await pay({ tokenId: await tokenFor(), amount: 13 })).statusCode).toBe(201);
    const other = await tokenFor({ cardNumber: '4000 0000 0002 4242' });
    expect((await pay({ tokenId: other, amount: 13 })).statusCode).toBe(201);
  });

  it.each([
    ['a token, then the same card sent directly', 'token', 'direct'],
    ['the card sent directly, then a token of it', 'direct', 'token'],
    ['a token, then another token of the same card', 'token', 'token'],
  ] as const)('declines %s: the same card is the same method', async (_, first, second) => {
    const source = async (kind: 'token' | 'direct') =>
      kind === 'token' ? { tokenId: await tokenFor() } : { creditCardInformation: cardToken().creditCardInformation };
    expect((await pay({ ...(await source(first)), amount: 14 })).statusCode).toBe(201);
    expect(declineOf(await pay({ ...(await source(second)), amount: 14 })).paymentResponseCode).toBe(
      'HardDuplicateTransaction',
    );
  });

  it('keeps the card and account numbers out of the stored transactions', async () => {
    await pay({ amount: 15, creditCardInformation: cardToken().creditCardInformation });
    await pay({ amount: 15, bankAccountInformation: BANK });
    const rows = await service.sql.query<{ row: string }>('SELECT row_to_json(t)::text AS row FROM transactions t');
    expect(rows).toHaveLength(2);
    for (const { row } of rows)
      for (const number of ['4242424242424242', '000123456789', '021000021']) expect(row).not.toContain(number);
  });

  it('compares a sale stored before fingerprints by its token only, never by its last four', async () => {
    const tokenId = await tokenFor();
    expect((await pay({ tokenId, amount: 16 })).statusCode).toBe(201);
    const card = cardToken().creditCardInformation;
    expect((await pay({ amount: 17, creditCardInformation: card })).statusCode).toBe(201);
    // As the rows of a service before the fingerprint column (migration 11) are.
    await service.sql.query('UPDATE transactions SET payment_method_fingerprint = NULL');
    expect(declineOf(await pay({ tokenId, amount: 16 })).paymentResponseCode).toBe('HardDuplicateTransaction');
    const sameLastFour = { ...card, cardNumber: '4000 0000 0002 4242' };
    expect((await pay({ amount: 17, creditCardInformation: sameLastFour })).statusCode).toBe(201);
  });

  it('replays an Idempotency-Key instead of calling it a duplicate', async () => {
    const tokenId = await tokenFor();
    const first = await pay({ tokenId, amount: 30 }, { 'idempotency-key': 'order-30' });
    const replay = await pay({ tokenId, amount: 30 }, { 'idempotency-key': 'order-30' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });

  it('counts only approved sales, and only inside the window', async () => {
    const declinedCard = await tokenFor({ cardNumber: '4000 0000 0000 0002' });
    expect(declineOf(await pay({ tokenId: declinedCard, amount: 40 })).paymentResponseCode).not.toBe(
      'HardDuplicateTransaction',
    );
    expect(declineOf(await pay({ tokenId: declinedCard, amount: 40 })).paymentResponseCode).not.toBe(
      'HardDuplicateTransaction',
    );

    const tokenId = await tokenFor();
    const { id } = (await pay({ tokenId, amount: 40 })).json<{ id: number }>();
    await service.sql.query("UPDATE transactions SET created_at = now() - interval '301 seconds' WHERE id = $1", [id]);
    expect((await pay({ tokenId, amount: 40 })).statusCode).toBe(201);
  });

  it('follows the window set with npm run accounts, and is off at 0', async () => {
    const tokenId = await tokenFor();
    expect(await setWindow('0')).toEqual(['Duplicate protection of "Springfield" is off.']);
    expect((await pay({ tokenId, amount: 50 })).statusCode).toBe(201);
    expect((await pay({ tokenId, amount: 50 })).statusCode).toBe(201);

    expect(await setWindow('60')).toEqual(['Duplicate window of "Springfield": 60 minutes.']);
    // Both earlier sales 30 minutes old: inside 60 minutes (ids are in no order to pick the last by).
    await service.sql.query("UPDATE transactions SET created_at = now() - interval '30 minutes'");
    expect(declineOf(await pay({ tokenId, amount: 50 })).paymentResponseCode).toBe('HardDuplicateTransaction');
  });

  it.each([['-1'], ['1441'], ['five'], ['']])('refuses the window %j with a usage message', async (minutes) => {
    await expect(setWindow(minutes)).rejects.toThrow(/whole number from 0 \(off\) to 1440/);
  });

  it('lets exactly one of 8 identical sales sent at once through', async () => {
    const tokenId = await tokenFor();
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay({ tokenId, amount: 60 })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    const codes = responses
      .filter((response) => response.statusCode === 400)
      .map((response) => response.json<Decline>().paymentResponseCode);
    expect(new Set(codes)).toEqual(new Set(['HardDuplicateTransaction']));
  });
});
