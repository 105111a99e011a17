/**
 * Receipts end to end: a payment made through the API with `sendReceipt`, queued by the outbox with
 * its event, sent by the delivery runner (on a moved clock, no sleeping) to a real SMTP server on
 * loopback, and parsed as a mail program would.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionResponse } from '../../shared/wire.js';
import { createDeliveryRunner } from '../delivery/runner.js';
import {
  CARD,
  basic,
  cardToken,
  request,
  startTestService,
  type Created,
  type TestService,
} from '../testing/harness.js';
import { startSmtpReceiver, type SmtpReceiver } from '../testing/smtp-receiver.js';
import { mailChannel } from './mail-channel.js';
import { createMailTransport } from './transport.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

let smtp: SmtpReceiver | null = null;
afterEach(async () => {
  await smtp?.close();
  smtp = null;
});

/** The runner's clock, moved by the test: from a minute after the real one, so what a test writes is due. */
let clock = 0;
beforeEach(() => {
  clock = Date.now() + 60_000;
});

async function receiverAndRunner(options: Parameters<typeof startSmtpReceiver>[0] = {}) {
  smtp = await startSmtpReceiver(options);
  const transport = createMailTransport({ smtpUrl: smtp.url, from: 'Springfield <billing@springfield.gov>' });
  const runner = createDeliveryRunner({
    repository: service.repository,
    channels: [mailChannel({ repository: service.repository, transport })],
    owner: 'test-runner',
    now: () => new Date(clock),
    random: () => 1,
    warn: (message) => {
      throw new Error(message);
    },
  });
  return { smtp, runner, transport };
}

const springfield = () => ({ authorization: basic(service.accounts.springfield) });
const pay = async (body: Record<string, unknown>) => {
  const paid = await request(service.app, 'POST', '/api/v1/transactions', {
    ...springfield(),
    body: { payer: 'Ada Lovelace', amount: 103.25, payerFee: 3.25, creditCardInformation: CARD, ...body },
  });
  expect(paid.statusCode).toBe(201);
  return paid.json<TransactionResponse>();
};
const addressed = { emailAddress: 'ada@example.com', sendReceipt: true };
const all = (mails: ParsedMail[]) =>
  mails.map((mail) => `${mail.subject}\n${mail.text}\n${mail.html || ''}`).join('\n');

/** What the outbox holds for e-mail: each delivery's state and attempts. */
const emailDeliveries = () =>
  service.sql.query<{ state: string; attempts: number; target: string }>(
    `SELECT state, attempts, target FROM deliveries WHERE channel = 'email' ORDER BY id`,
  );

describe('e-mail receipts', () => {
  it('a sale with sendReceipt sends one receipt in English; with locale es, in Spanish; without, none', async () => {
    const { runner, transport } = await receiverAndRunner();
    try {
      const english = await pay(addressed);
      const spanish = await pay({ ...addressed, amount: 50, payerFee: 0, locale: 'es' });
      await pay({ emailAddress: 'ada@example.com', amount: 60 });
      await pay({ emailAddress: 'ada@example.com', amount: 70, sendReceipt: false });
      expect(await runner.runOnce()).toBe(2);
      const mails = await smtp!.waitFor(2);
      expect(mails).toHaveLength(2);
      const [en, es] = [...mails].sort((a, b) => (a.subject ?? '').localeCompare(b.subject ?? ''));
      expect(en?.subject).toBe('Receipt for your payment to Springfield');
      expect(en?.to).toMatchObject({ text: 'ada@example.com' });
      expect(en?.from?.text).toContain('billing@springfield.gov');
      expect(en?.text).toContain('Amount due: $100.00\nPayer fee: $3.25\nTotal charged: $103.25');
      expect(en?.text).toContain(`Transaction: ${english.id} (${english.publicId})`);
      expect(en?.text).toContain('Account: Visa ending in 4242');
      expect(en?.html).toContain('<html lang="en">');
      expect(en?.messageId).toMatch(/^<receipt\.evt_[^.]+\.\d+@paytoken>$/);
      expect(es?.subject).toBe('Recibo de su pago a Springfield');
      expect(es?.text).toContain(`(${spanish.publicId})`);
      expect(await emailDeliveries()).toEqual([
        { state: 'delivered', attempts: 1, target: 'ada@example.com' },
        { state: 'delivered', attempts: 1, target: 'ada@example.com' },
      ]);
      expect(await runner.runOnce()).toBe(0);
    } finally {
      await transport.close();
    }
  });

  it('an SMTP server that refuses the first 2 attempts: the receipt arrives once, 3 attempts recorded', async () => {
    const { runner, transport } = await receiverAndRunner({ refuseFirst: 2 });
    try {
      await pay(addressed);
      for (let round = 0; round < 3; round++) {
        expect(await runner.runOnce()).toBe(1);
        expect(await runner.runOnce()).toBe(0); // not due again until the backoff has passed
        clock += 7 * 3_600_000;
      }
      expect(await runner.runOnce()).toBe(0);
      expect(smtp!.refused).toBe(2);
      expect(smtp!.received).toHaveLength(1);
      expect(await emailDeliveries()).toEqual([{ state: 'delivered', attempts: 3, target: 'ada@example.com' }]);
      const attempts = await service.sql.query<{ status_code: number | null }>(
        'SELECT status_code FROM delivery_attempts ORDER BY id',
      );
      expect(attempts.map((attempt) => attempt.status_code)).toEqual([451, 451, 250]);
    } finally {
      await transport.close();
    }
  });

  it('a permanent refusal (5xx) is given up at once', async () => {
    const { runner, transport } = await receiverAndRunner({ refuseFirst: 5, refuseCode: 550 });
    try {
      await pay(addressed);
      expect(await runner.runOnce()).toBe(1);
      clock += 7 * 3_600_000;
      expect(await runner.runOnce()).toBe(0);
      expect(await emailDeliveries()).toEqual([{ state: 'failed', attempts: 1, target: 'ada@example.com' }]);
    } finally {
      await transport.close();
    }
  });

  it('a void and a refund with sendReceipt each send theirs; an authorization sends none, its capture does', async () => {
    const { runner, transport } = await receiverAndRunner();
    try {
      const voided = await pay({ ...addressed, amount: 20, payerFee: 0 });
      const made = await pay({ emailAddress: 'ada@example.com', amount: 30, payerFee: 0, locale: 'es' });
      const token = (
        await request(service.app, 'POST', '/api/v1/tokens', { ...springfield(), body: cardToken() })
      ).json<Created>().id;
      const held = await request(service.app, 'POST', '/api/v1/transactions/authorize', {
        ...springfield(),
        body: { tokenId: token, amount: 40, sendReceipt: true },
      });
      expect(held.statusCode).toBe(201);
      const authorizationId = held.json<{ authorizationId: string }>().authorizationId;
      // The first sale's receipt; not the second's (not wanted), nor the authorization's.
      expect(await runner.runOnce()).toBe(1);
      expect(await runner.runOnce()).toBe(0);
      const voidAnswer = await request(
        service.app,
        'POST',
        `/api/v1/transactions/${voided.id}/void?sendReceipt=True`,
        springfield(),
      );
      expect(voidAnswer.statusCode).toBe(200);
      expect(await runner.runOnce()).toBe(1);
      expect((await request(service.app, 'POST', '/api/v1/sandbox/settle', springfield())).statusCode).toBe(200);
      const refunded = await request(service.app, 'POST', `/api/v1/transactions/${made.id}/refund`, {
        ...springfield(),
        body: { amount: 12, sendReceipt: true },
      });
      expect(refunded.statusCode).toBe(201);
      const captured = await request(service.app, 'POST', '/api/v1/transactions', {
        ...springfield(),
        body: { payer: 'Grace Hopper', amount: 40, payerFee: 0, authorizationId, sendReceipt: true, locale: 'es' },
      });
      expect(captured.statusCode).toBe(201);
      expect(await runner.runOnce()).toBe(2);
      expect(await runner.runOnce()).toBe(0);
      const mails = await smtp!.waitFor(4);
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Receipt for your payment to Springfield',
        'Recibo de su pago a Springfield',
        'Reembolso de su pago a Springfield',
        'Voided: your payment to Springfield',
      ]);
      expect(mails).toHaveLength(4);
      const capture = mails.find((mail) => mail.subject === 'Recibo de su pago a Springfield');
      // To the address the authorization took from its token, in the capture request's language.
      expect(capture?.to).toMatchObject({ text: 'ada@example.com' });
      expect(capture?.text).toContain('Total cobrado: $40.00');
      const refund = mails.find((mail) => mail.subject?.startsWith('Reembolso'));
      expect(refund?.text).toContain('Importe reembolsado: $12.00');
      expect(refund?.to).toMatchObject({ text: 'ada@example.com' });
      // Nothing but the last four digits of the card, and never its CVC, in any part of any mail.
      const everything = all(mails);
      expect(everything).not.toMatch(/4242 ?4242/);
      expect(everything).not.toContain('4242424242424242');
      expect(everything).not.toMatch(/\b123\b/);
    } finally {
      await transport.close();
    }
  });

  it('a capture’s receipt goes to the address its authorization was sent, not the token’s', async () => {
    const { runner, transport } = await receiverAndRunner();
    try {
      const token = (
        await request(service.app, 'POST', '/api/v1/tokens', { ...springfield(), body: cardToken() })
      ).json<Created>().id;
      const held = await request(service.app, 'POST', '/api/v1/transactions/authorize', {
        ...springfield(),
        body: { tokenId: token, amount: 40, emailAddress: 'grace@example.com' },
      });
      expect(held.statusCode).toBe(201);
      const refused = await request(service.app, 'POST', '/api/v1/transactions/authorize', {
        ...springfield(),
        body: { tokenId: token, amount: 40, emailAddress: 'not an address' },
      });
      expect(refused.json()).toMatchObject({ errors: [{ field: 'emailAddress' }] });
      const captured = await request(service.app, 'POST', '/api/v1/transactions', {
        ...springfield(),
        body: { payer: 'Grace Hopper', amount: 40, payerFee: 0, sendReceipt: true, ...held.json<object>() },
      });
      expect(captured.json()).toMatchObject({ emailAddress: 'grace@example.com' });
      expect(await runner.runOnce()).toBe(1);
      expect((await smtp!.waitFor(1))[0]?.to).toMatchObject({ text: 'grace@example.com' });
    } finally {
      await transport.close();
    }
  });

  it('a disabled account’s receipts are not sent, even those queued before it was disabled', async () => {
    const { runner, transport } = await receiverAndRunner();
    const springfieldAccount = await service.repository.accounts.findByName('Springfield');
    try {
      await pay(addressed);
      await service.repository.accounts.setDisabled(springfieldAccount?.id ?? 0, true);
      expect(await runner.runOnce()).toBe(1);
      expect(await emailDeliveries()).toEqual([{ state: 'failed', attempts: 1, target: 'ada@example.com' }]);
      expect(smtp!.received).toHaveLength(0);
    } finally {
      await service.repository.accounts.setDisabled(springfieldAccount?.id ?? 0, false);
      service.accountCache.clear();
      await transport.close();
    }
  });

  it('the events API never shows the receipt the event carries', async () => {
    await pay(addressed);
    const listed = await request(service.app, 'GET', '/api/v1/events', springfield());
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('"receipt"');
    expect((await emailDeliveries()).map((delivery) => delivery.state)).toEqual(['pending']);
  });
});
