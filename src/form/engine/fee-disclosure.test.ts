import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReactiveController } from 'lit';
import { resolveConfig } from '../../tokenizer/deferred.js';
import type { CardBrand } from '../../shared/wire.js';
import type { Values } from '../fields.js';
import { binOf, feeDisclosure, feeQueryOf, type FeeHost } from './fee-disclosure.js';

describe('binOf', () => {
  it.each([
    ['4000056655665556', 'Visa', '40000566'],
    ['4000056', 'Visa', null],
    ['40000566', 'Visa', '40000566'],
    ['5200828282828210', 'MasterCard', '52008282'],
    ['378282246310005', 'AmericanExpress', '378282'],
    ['37828', 'AmericanExpress', null],
    ['30569309025904', 'DinersClub', '305693'],
    ['12345678901', null, '12345678'],
    ['', 'Visa', null],
    [undefined, null, null],
  ] as const)('the BIN of %s (%s) is %s: never more digits', (digits, brand, bin) => {
    expect(binOf(digits, brand)).toBe(bin);
  });
});

describe('feeQueryOf', () => {
  it.each([
    ['card', { cardNumber: '4000056655665556' }, 'Visa', '100.00', { bin: '40000566', amount: '100.00' }],
    ['card', { cardNumber: '4000056' }, 'Visa', '100.00', null],
    ['card', { cardNumber: '4000056655665556' }, 'Visa', undefined, null],
    ['card', { cardNumber: '4000056655665556' }, 'Visa', '0', null],
    ['card', { cardNumber: '4000056655665556' }, 'Visa', 'ten', null],
    ['card', { cardNumber: '4000056655665556' }, 'Visa', '-5', null],
    ['card', { cardNumber: '4000056655665556' }, 'Visa', ' 100.00 ', { bin: '40000566', amount: '100.00' }],
    ['ach', { cardNumber: '4000056655665556' }, 'Visa', '49.50', { method: 'ach', amount: '49.50' }],
    ['ach', {}, null, undefined, null],
  ] as const)('%s with %o (%s) and amount %s asks %o', (method, values, brand, amount, query) => {
    expect(feeQueryOf(method, values, brand, amount)).toEqual(query);
  });
});

/** A real service stand-in that answers GET /api/v1/cardFees by BIN, each answer after `delayMs`. */
let server: Server;
let apiUrl: string;
let asked: string[] = [];
let delayMs = 0;
const FUNDING: Record<string, string> = { '40000566': 'debit', '42424242': 'credit' };

/** The token requests that reached the stand-in; one whose quote is not the card's fee is refused. */
let tokens: { feeQuote?: { payerFee: number }; creditCardInformation?: { cardNumber: string } }[] = [];
let mismatches = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '', 'http://x');
    if (request.method === 'POST') {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        const body = JSON.parse(text) as (typeof tokens)[number];
        tokens.push(body);
        const funding = FUNDING[body.creditCardInformation?.cardNumber.slice(0, 8) ?? ''];
        const fee = funding === 'credit' ? 3.25 : 0;
        const refused = mismatches > 0 && body.feeQuote?.payerFee !== fee;
        if (refused) mismatches -= 1;
        response
          .writeHead(refused ? 400 : 201, { 'Content-Type': 'application/json', Connection: 'close' })
          .end(
            JSON.stringify(
              refused
                ? { code: 'FEE_QUOTE_MISMATCH', message: `The fee for this card is ${fee.toFixed(2)}.`, errors: [] }
                : { id: `tok_${tokens.length}` },
            ),
          );
      });
      return;
    }
    asked.push(url.search);
    const bin = url.searchParams.get('bin') ?? '';
    const funding = FUNDING[bin];
    const payerFee = funding === 'credit' ? 3.25 : 0;
    setTimeout(() => {
      if (!funding) return void response.writeHead(503, { Connection: 'close' }).end();
      response.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' }).end(
        JSON.stringify({
          bin,
          transactionType: 'Visa',
          funding,
          program: 'surcharge',
          rule: funding === 'credit' ? 'SURCHARGE_ON_CREDIT' : 'SURCHARGE_NOT_ON_DEBIT',
          amount: 100,
          payerFee,
          totalAmount: 100 + payerFee,
        }),
      );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  asked = [];
  delayMs = 0;
  tokens = [];
  mismatches = 0;
});

/** A form as the disclosure sees it: its attributes, its fields, and the renders and page events it asks for. */
function formWith(cardNumber: string | undefined, attributes: Partial<FeeHost> = {}) {
  const controllers: ReactiveController[] = [];
  const seen = { updates: 0, tells: 0 };
  const host: FeeHost = {
    method: 'card',
    amount: '100.00',
    cardFee: '3.00',
    achFee: '1.50',
    publicKey: 'pk_test',
    apiUrl,
    payer: 'Ada Lovelace',
    emailAddress: 'ada@example.com',
    ...attributes,
    addController: (controller) => void controllers.push(controller),
    removeController: () => undefined,
    requestUpdate: () => void (seen.updates += 1),
    updateComplete: Promise.resolve(true),
  };
  const fields: { values: Values; brand: CardBrand | null } = { values: { cardNumber }, brand: 'Visa' };
  const disclosure = feeDisclosure(host, fields, () => (seen.tells += 1), resolveConfig);
  /** What the form does before each render. */
  const update = () => controllers.forEach((controller) => controller.hostUpdate?.());
  return { host, fields, disclosure, seen, update, controllers };
}

describe('feeDisclosure', () => {
  it('is a controller of the form that asks once per BIN, and tells each change', async () => {
    const form = formWith('4242424242424242');
    expect(form.controllers).toEqual([form.disclosure]);
    form.update();
    form.update();
    await form.disclosure.settled();
    expect([form.disclosure.shown, form.disclosure.quote, form.disclosure.note]).toEqual([
      3.25,
      { amount: 100, payerFee: 3.25 },
      null,
    ]);
    form.fields.values = { cardNumber: '4000056655665556' };
    form.update();
    expect(form.disclosure.shown).toBe(3.25); // the card before, until the answer: one change
    await form.disclosure.settled();
    expect([form.disclosure.shown, form.disclosure.quote, form.disclosure.note?.code]).toEqual([
      0,
      { amount: 100, payerFee: 0 },
      'NO_FEE_DEBIT',
    ]);
    expect([asked, form.seen]).toEqual([
      ['?bin=42424242&amount=100.00', '?bin=40000566&amount=100.00'],
      { updates: 2, tells: 2 },
    ]);
    form.fields.values = { cardNumber: '4000' };
    form.update();
    expect([form.disclosure.shown, form.disclosure.quote, form.seen.tells]).toEqual(['3.00', undefined, 3]);
  });

  it('asks for a bank account by method, and shows the page fee before any answer', async () => {
    const form = formWith(undefined, { method: 'ach' });
    expect(form.disclosure.shown).toBe('1.50');
    form.update();
    await form.disclosure.settled();
    expect(asked).toEqual(['?method=ach&amount=100.00']);
  });

  it('never shows a card’s fee on the bank account tab, nor quotes it there', async () => {
    delayMs = 100;
    const form = formWith('4242424242424242');
    form.update();
    await form.disclosure.settled();
    expect(form.disclosure.shown).toBe(3.25);
    form.host.method = 'ach';
    form.update(); // the bank account's fee is being asked (slowly): the page's own until it comes
    expect([form.disclosure.shown, form.disclosure.quote]).toEqual(['1.50', undefined]);
  });

  it('keeps only the answer of the BIN typed last, and Pay waits for it', async () => {
    delayMs = 150;
    const form = formWith('4242424242424242');
    form.update();
    const waiting = form.disclosure.settled();
    form.fields.values = { cardNumber: '4000056655665556' };
    form.update();
    await waiting;
    expect(form.disclosure.note?.code).toBe('NO_FEE_DEBIT');
    expect(form.seen.tells).toBe(1);
  });

  it('drops the question when the card is cut short of its BIN: nothing failed, the page fee shows', async () => {
    delayMs = 100;
    const form = formWith('4242424242424242');
    form.update();
    const waiting = form.disclosure.settled();
    form.fields.values = { cardNumber: '4242' };
    form.update();
    await waiting;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([form.disclosure.shown, form.disclosure.note, form.seen.tells]).toEqual(['3.00', null, 0]);
  });

  it('shows the page fee, unconfirmed, and quotes none when the service cannot answer', async () => {
    const form = formWith('9999999999999995');
    form.update();
    await form.disclosure.settled();
    expect([form.disclosure.shown, form.disclosure.quote, form.disclosure.note?.code]).toEqual([
      '3.00',
      undefined,
      'FEE_LOOKUP_FAILED',
    ]);
  });

  const CARD = { cardHolder: 'Ada Lovelace', expiry: '1230', cvc: '123' };

  it('Pay waits for the fee of the card typed now, and sends its quote with the token', async () => {
    delayMs = 100;
    const form = formWith('4242424242424242');
    form.fields.values = { ...CARD, cardNumber: '4242424242424242' };
    form.update();
    form.fields.values = { ...CARD, cardNumber: '4000056655665556' };
    expect(await form.disclosure.createToken()).toEqual({ success: true, id: 'tok_1' });
    expect(tokens.map((token) => token.feeQuote)).toEqual([{ amount: 100, payerFee: 0 }]);
    expect(form.disclosure.sent).toEqual({ amount: 100, payerFee: 0 });
  });

  it('after a FEE_QUOTE_MISMATCH asks for the fee again, so the payer sees it and pays again', async () => {
    const form = formWith('4000056655665556');
    form.fields.values = { ...CARD, cardNumber: '4000056655665556' };
    form.update();
    await form.disclosure.settled();
    FUNDING['40000566'] = 'credit'; // the service's table changed since the fee was shown
    mismatches = 1;
    try {
      const refused = await form.disclosure.createToken();
      expect(refused).toMatchObject({ success: false, code: 'FEE_QUOTE_MISMATCH' });
      await form.disclosure.settled();
      expect([form.disclosure.shown, form.seen.tells]).toEqual([3.25, 2]);
      expect(await form.disclosure.createToken()).toMatchObject({ success: true });
      expect(tokens.map((token) => token.feeQuote?.payerFee)).toEqual([0, 3.25]);
    } finally {
      FUNDING['40000566'] = 'debit';
    }
  });

  it('sends no more than the BIN to the fee lookup', async () => {
    const form = formWith('4000056655665556');
    form.update();
    await form.disclosure.settled();
    expect(asked.join()).not.toContain('400005665566');
  });
});
