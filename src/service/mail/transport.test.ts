import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE } from '../testing/sample-transaction.js';
import { startSmtpReceiver, type SmtpReceiver } from '../testing/smtp-receiver.js';
import { MailHeaderError } from './mail-message.js';
import { readMailbox } from './mailbox.js';
import { composeReceipt } from './receipt.js';
import { createMailTransport, MailSendError } from './transport.js';

const receipt = (locale: 'en' | 'es') =>
  composeReceipt({ transaction: SALE, kind: 'sale', agencyName: 'Springfield', locale });

describe('SMTP', () => {
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it('delivers the receipt in both languages, text and HTML, as a mail reader parses it', async () => {
    const mail = createMailTransport({ smtpUrl: smtp.url, from: 'Springfield <billing@springfield.test>' });
    try {
      await mail.send(receipt('en'));
      await mail.send(receipt('es'));
    } finally {
      await mail.close();
    }
    const [english, spanish] = smtp.received;
    expect(english?.to).toMatchObject({ value: [{ address: 'ada@example.com' }] });
    expect(english?.from?.value[0]).toEqual({ address: 'billing@springfield.test', name: 'Springfield' });
    expect(english?.subject).toBe('Receipt for your payment to Springfield');
    expect(english?.text).toContain('Amount due: $100.00\nPayer fee: $3.25\nTotal charged: $103.25');
    expect(english?.html).toMatch(/Payer fee: <\/td><td[^>]*>\$3\.25</);
    expect(spanish?.subject).toBe('Recibo de su pago a Springfield');
    expect(spanish?.text).toContain('Transacción: 42 (txn_4f1c2a)');
    expect(spanish?.html).toContain('Cargo al pagador');
  });

  it('throws when the server refuses the message, and delivers it when tried again', async () => {
    const refusing = await startSmtpReceiver({ refuseFirst: 1 });
    const mail = createMailTransport({ smtpUrl: refusing.url });
    try {
      const refusal = await mail.send(receipt('en')).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(MailSendError);
      expect(refusal).toMatchObject({ permanent: false, responseCode: 451 });
      await mail.send(receipt('en'));
      expect(refusing.received).toHaveLength(1);
      expect(refusing.refused).toBe(1);
    } finally {
      await mail.close();
      await refusing.close();
    }
  });

  it('calls a 5xx refusal permanent', async () => {
    const refusing = await startSmtpReceiver({ refuseFirst: 1, refuseCode: 554 });
    const mail = createMailTransport({ smtpUrl: refusing.url });
    try {
      await expect(mail.send(receipt('en'))).rejects.toMatchObject({ permanent: true, responseCode: 554 });
    } finally {
      await mail.close();
      await refusing.close();
    }
  });

  it('gives up on a server that never answers, after its timeout', async () => {
    const silent = await startSmtpReceiver({ silent: true });
    const mail = createMailTransport({ smtpUrl: silent.url, timeoutMs: 300 });
    try {
      await expect(mail.send(receipt('en'))).rejects.toBeInstanceOf(MailSendError);
    } finally {
      await mail.close();
      await silent.close();
    }
  });

  it('throws when nothing listens', async () => {
    const gone = await startSmtpReceiver();
    await gone.close();
    const mail = createMailTransport({ smtpUrl: gone.url, timeoutMs: 1000 });
    await expect(mail.send(receipt('en'))).rejects.toMatchObject({ permanent: false });
    await mail.close();
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const secure = await startSmtpReceiver({ secure: true });
    // smtp-server's own certificate is self-signed for localhost.
    const mail = createMailTransport({ smtpUrl: secure.url, tls: { rejectUnauthorized: false } });
    try {
      await mail.send(receipt('en'));
      expect(secure.received[0]?.subject).toBe('Receipt for your payment to Springfield');
    } finally {
      await mail.close();
      await secure.close();
    }
  });

  it('refuses a forged header before connecting', async () => {
    const mail = createMailTransport({ smtpUrl: smtp.url });
    const before = smtp.received.length;
    await expect(mail.send({ ...receipt('en'), subject: 'Hello\r\nBcc: eve@example.com' })).rejects.toBeInstanceOf(
      MailHeaderError,
    );
    await expect(mail.send({ ...receipt('en'), to: 'ada@example.com\nBcc: eve@example.com' })).rejects.toBeInstanceOf(
      MailHeaderError,
    );
    await mail.close();
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an SMTP URL of another scheme', () => {
    expect(() => createMailTransport({ smtpUrl: 'http://mail.example.com' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => createMailTransport({ smtpUrl: 'not a url' })).toThrow(/not a URL/);
  });
});

describe('the local mailbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paytoken-mailbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps each mail as an .eml a mail reader opens and an entry that lists it, newest first', async () => {
    const mail = createMailTransport({ mailboxDir: join(dir, 'mailbox') });
    expect(mail.kind).toBe('mailbox');
    await mail.send(receipt('en'));
    await mail.send(receipt('es'));
    await mail.close();
    const entries = await readMailbox(join(dir, 'mailbox'));
    expect(entries.map((entry) => entry.subject)).toEqual([
      'Recibo de su pago a Springfield',
      'Receipt for your payment to Springfield',
    ]);
    const parsed = await simpleParser(await readFile(join(dir, 'mailbox', entries[1]!.eml)));
    expect(parsed.subject).toBe('Receipt for your payment to Springfield');
    expect(parsed.text).toContain('Total charged: $103.25');
    expect(parsed.html).toContain('<html lang="en">');
    // Nothing half-written is left behind.
    expect((await readdir(join(dir, 'mailbox'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is empty when its directory does not exist, and passes over files that are not entries', async () => {
    expect(await readMailbox(join(dir, 'nowhere'))).toEqual([]);
    const other = join(dir, 'other');
    const mail = createMailTransport({ mailboxDir: other });
    await mail.send(receipt('en'));
    await writeFile(join(other, 'notes.json'), '{}');
    await writeFile(join(other, '20261127T000000000Z-000000000000.json'), 'not json');
    expect((await readMailbox(other)).map((entry) => entry.to)).toEqual(['ada@example.com']);
  });

  it('needs an SMTP URL or a mailbox', () => {
    expect(() => createMailTransport({})).toThrow(/SMTP URL or a mailbox/);
  });
});
