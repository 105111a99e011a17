import { describe, expect, it } from 'vitest';
import { SALE } from '../testing/sample-transaction.js';
import { MailHeaderError } from './mail-message.js';
import { composeReceipt, escapeHtml } from './receipt.js';

describe('composeReceipt', () => {
  it('names the fee by its program, and the card by its funding', () => {
    const surcharge = { ...SALE, amount: 103, payerFee: 3, feeProgram: 'surcharge' as const };
    const compose = (transaction: typeof SALE, locale: 'en' | 'es' = 'en') =>
      composeReceipt({ transaction, kind: 'sale', agencyName: 'Riverside Utilities', locale }).text;
    expect(compose(surcharge)).toContain('Amount due: $100.00\nSurcharge: $3.00\nTotal charged: $103.00');
    expect(compose(surcharge, 'es')).toContain('Recargo: $3.00');
    expect(compose({ ...SALE, feeProgram: 'convenienceFee' })).toContain('Convenience fee: $3.25');
    expect(compose({ ...SALE, feeProgram: 'convenienceFee' }, 'es')).toContain('Cargo por conveniencia: $3.25');
    const debit = compose({ ...SALE, amount: 100, payerFee: 0, funding: 'debit', feeProgram: 'surcharge' });
    expect(debit).toContain('Surcharge: $0.00');
    expect(debit).toContain('Card type: debit.');
    expect(compose({ ...SALE, funding: 'prepaid' }, 'es')).toContain('Tipo de tarjeta: prepago.');
    expect(compose({ ...SALE, funding: 'unknown' })).not.toContain('Card type');
    // A surcharge is on cards only: the same account's bank payment pays its ACH fee, no surcharge.
    const ach = {
      ...SALE,
      transactionType: 'Ach' as const,
      amount: 101,
      payerFee: 1,
      feeProgram: 'surcharge' as const,
    };
    expect(compose(ach)).toContain('Payer fee: $1.00');
    expect(compose(ach)).not.toContain('Surcharge');
  });

  it('shows a service fee charged as its own transaction as its own line, with that transaction', () => {
    const { feeTransaction: _, ...fee } = {
      ...SALE,
      id: 43,
      publicId: 'txn_9e0d1b',
      amount: 3.25,
      netAmount: 0,
      feeProgram: 'serviceFee' as const,
      principalTransactionId: 42,
    };
    const principal = {
      ...SALE,
      amount: 100,
      payerFee: 0,
      fee: 0,
      feeProgram: 'serviceFee' as const,
      feeTransactionId: 43,
      feeTransaction: fee,
    };
    const text = composeReceipt({ transaction: principal, kind: 'sale', agencyName: 'Springfield', locale: 'en' }).text;
    expect(text).toContain('Amount due: $100.00\nService fee: $3.25\nTotal charged: $103.25');
    expect(text).toContain('Service fee charged as its own transaction: 43 (txn_9e0d1b)');
    const es = composeReceipt({ transaction: principal, kind: 'sale', agencyName: 'Springfield', locale: 'es' }).text;
    expect(es).toContain('Cargo por servicio: $3.25');
  });

  it('says in English what was paid, to whom, with the payer fee on its own line', () => {
    const mail = composeReceipt({ transaction: SALE, kind: 'sale', agencyName: 'Springfield', locale: 'en' });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Receipt for your payment to Springfield');
    expect(mail.text.split('\n')).toEqual([
      'Thank you, Ada Lovelace. Springfield received your payment.',
      '',
      'Amount due: $100.00',
      'Payer fee: $3.25',
      'Total charged: $103.25',
      '',
      'Account: Visa ending in 4242',
      'Card type: credit.',
      'Transaction: 42 (txn_4f1c2a)',
      'Date: November 27, 2026, 15:04 (UTC)',
      '',
      'Keep this e-mail as your receipt. For questions about this payment, contact Springfield.',
      '',
    ]);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toMatch(/Payer fee: <\/td><td[^>]*>\$3\.25</);
    expect(mail.html).toMatch(/Total charged: <\/td><td[^>]*>\$103\.25</);
  });

  it('says it in Spanish, with the date in Spanish', () => {
    const mail = composeReceipt({ transaction: SALE, kind: 'sale', agencyName: 'Springfield', locale: 'es' });
    expect(mail.subject).toBe('Recibo de su pago a Springfield');
    expect(mail.text).toContain('Importe adeudado: $100.00\nCargo al pagador: $3.25\nTotal cobrado: $103.25');
    expect(mail.text).toContain('Fecha: 27 de noviembre de 2026, 15:04 (hora UTC)');
    expect(mail.text).toContain('Cuenta: Visa terminada en 4242');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('tells a void, a refund and a bank payment apart', () => {
    const voided = composeReceipt({
      transaction: {
        ...SALE,
        amount: 0,
        payerFee: 0,
        fee: 0,
        netAmount: 0,
        status: 'Voided',
        events: [...SALE.events, { eventDate: '2026-11-27T16:30:00.000Z', eventType: 'Void', comments: null }],
      },
      kind: 'void',
      agencyName: 'Springfield',
      locale: 'en',
    });
    expect(voided.subject).toBe('Voided: your payment to Springfield');
    expect(voided.text).toContain('nothing was charged');
    expect(voided.text).toContain('Total charged: $0.00');
    expect(voided.text).toContain('16:30 (UTC)');
    const refund = composeReceipt({
      transaction: { ...SALE, id: 43, amount: -40, payerFee: 0, fee: 0, netAmount: -40, originalTransactionId: 42 },
      kind: 'refund',
      agencyName: 'Springfield',
      locale: 'es',
    });
    expect(refund.subject).toBe('Reembolso de su pago a Springfield');
    expect(refund.text).toContain('Importe reembolsado: $40.00\nCargo al pagador: $0.00\nTotal reembolsado: $40.00');
    const bank = composeReceipt({
      transaction: { ...SALE, transactionType: 'Ach', maskedAccountNumber: '*****6789' },
      kind: 'capture',
      agencyName: 'Springfield',
      locale: 'en',
    });
    expect(bank.text).toContain('Account: Bank account (ACH) ending in 6789');
  });

  it('escapes every value in the HTML: a payer or an agency named like markup stays text', () => {
    const mail = composeReceipt({
      transaction: { ...SALE, payer: '<script>alert("x")</script>' },
      kind: 'sale',
      agencyName: "Tom & Jerry's <b>Water</b>",
      locale: 'en',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry&#39;s &lt;b&gt;Water&lt;/b&gt;');
    // The plain text is text: it says the name as it is.
    expect(mail.text).toContain('Thank you, <script>alert("x")</script>.');
    expect(escapeHtml('a&b<c>d"e\'f')).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it.each([
    ['a CR LF in the address', { emailAddress: 'ada@example.com\r\nBcc: eve@example.com' }],
    ['a NUL in the address', { emailAddress: 'ada@example.com\u0000' }],
    ['two addresses', { emailAddress: 'ada@example.com, eve@example.com' }],
    ['no address', { emailAddress: null }],
  ])('refuses %s', (_, change) => {
    expect(() =>
      composeReceipt({ transaction: { ...SALE, ...change }, kind: 'sale', agencyName: 'Springfield', locale: 'en' }),
    ).toThrow(MailHeaderError);
  });

  it('refuses an agency name that would break the subject header', () => {
    for (const agencyName of ['Springfield\r\nBcc: eve@example.com', 'Spring\nfield', 'Spring\u0000field'])
      expect(() => composeReceipt({ transaction: SALE, kind: 'sale', agencyName, locale: 'en' })).toThrow(
        MailHeaderError,
      );
  });

  it('never holds more of the account number than its last four digits', () => {
    const mail = composeReceipt({ transaction: SALE, kind: 'sale', agencyName: 'Springfield', locale: 'en' });
    expect(`${mail.text}${mail.html}`).not.toMatch(/\d{5,}/);
  });
});
