import { describe, expect, it } from 'vitest';
import { validateTokenRequest } from './token-request.js';

const now = new Date('2026-11-22T12:00:00Z');
const card = {
  accountHolder: ' Ada Lovelace ',
  cardNumber: '4242 4242-4242 4242',
  cvc: '123',
  month: 1,
  year: '2030',
  postalCode: ' 12345 ',
};
const bank = {
  accountType: 'PersonalChecking',
  routingNumber: '021-000-021',
  accountNumber: '0001 2345 6789',
  accountHolder: 'Ada Lovelace',
};

describe('validateTokenRequest', () => {
  it('normalizes a card request for the wire', () => {
    const check = validateTokenRequest(
      {
        payer: ' Ada ',
        emailAddress: 'ada@example.com ',
        creditCardInformation: card,
        attributeValues: { invoice: 7 },
        extra: 'dropped',
      },
      now,
    );
    expect(check).toEqual({
      ok: true,
      value: {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        attributeValues: { invoice: 7 },
        creditCardInformation: {
          accountHolder: 'Ada Lovelace',
          cardNumber: '4242424242424242',
          cvc: '123',
          month: '01',
          year: 2030,
          postalCode: '12345',
        },
      },
    });
  });

  it('normalizes a bank request for the wire', () => {
    const check = validateTokenRequest(
      { payer: 'Ada', emailAddress: 'ada@example.com', bankAccountInformation: { ...bank, firstName: '' } },
      now,
    );
    expect(check).toEqual({
      ok: true,
      value: {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        bankAccountInformation: {
          accountType: 'PersonalChecking',
          routingNumber: '021000021',
          accountNumber: '000123456789',
          accountHolder: 'Ada Lovelace',
        },
      },
    });
  });

  it('reports every problem with its field path, not only the first', () => {
    const check = validateTokenRequest(
      {
        payer: '',
        emailAddress: 'nope',
        creditCardInformation: {
          accountHolder: 'Ada',
          cardNumber: '4242424242424241',
          cvc: '12',
          month: '13',
          year: 2030,
        },
      },
      now,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.map((error) => [error.field, error.code])).toEqual([
      ['payer', 'PAYER_REQUIRED'],
      ['emailAddress', 'INVALID_EMAIL_ADDRESS'],
      ['creditCardInformation.cardNumber', 'INVALID_CARD_NUMBER'],
      ['creditCardInformation.cvc', 'INVALID_CVC'],
      ['creditCardInformation.month', 'INVALID_EXPIRATION_MONTH'],
    ]);
  });

  it('reports an expired card beside other card problems', () => {
    const check = validateTokenRequest(
      {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        creditCardInformation: { ...card, cvc: '', month: 10, year: 2026 },
      },
      now,
    );
    expect(check.ok ? [] : check.errors.map((error) => error.code)).toEqual(['CVC_REQUIRED', 'CARD_EXPIRED']);
  });

  it('checks the CVC length against the brand of the number', () => {
    const amex = { ...card, cardNumber: '3782 822463 10005', cvc: '123' };
    const check = validateTokenRequest(
      { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: amex },
      now,
    );
    expect(check.ok ? [] : check.errors.map((error) => error.field)).toEqual(['creditCardInformation.cvc']);
  });

  it.each([
    [{ payer: 'Ada', emailAddress: 'ada@example.com' }, 'creditCardInformation', 'PAYMENT_METHOD_REQUIRED'],
    [
      { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: card, bankAccountInformation: bank },
      'bankAccountInformation',
      'PAYMENT_METHOD_CONFLICT',
    ],
    [null, '', 'INVALID_REQUEST_BODY'],
    [[], '', 'INVALID_REQUEST_BODY'],
    ['payer=Ada', '', 'INVALID_REQUEST_BODY'],
  ])('%j → %s %s', (body, field, code) => {
    const check = validateTokenRequest(body, now);
    expect(check.ok ? [] : check.errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it('never echoes a card or account number in a message', () => {
    const check = validateTokenRequest(
      {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        creditCardInformation: { ...card, cardNumber: '4242424242424241' },
      },
      now,
    );
    expect(JSON.stringify(check)).not.toContain('4242424242424241');
  });

  it('treats a string where an object belongs as missing fields, never throwing', () => {
    const check = validateTokenRequest(
      { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: 'x' },
      now,
    );
    expect(check.ok ? [] : check.errors.map((error) => error.code)).toContain('CARD_NUMBER_REQUIRED');
  });
});
