import { describe, expect, it } from 'vitest';
import { checkField as check } from './checks.js';
import { fieldOfPath, methodsOf, parseExpiry, toTokenRequest, type Values } from './fields.js';

describe('form fields', () => {
  it.each([
    [undefined, ['card', 'ach']],
    ['ach', ['ach']],
    ['ach, card', ['ach', 'card']],
    ['card card', ['card']],
    ['paypal', ['card', 'ach']],
    ['', ['card', 'ach']],
  ])('offers the methods %j', (attribute, methods) => {
    expect(methodsOf(attribute)).toEqual(methods);
  });

  it.each([
    ['1230', { month: '12', year: '2030' }],
    ['12/30', { month: '12', year: '2030' }],
    ['1', { month: '1', year: '' }],
    ['', { month: '', year: '' }],
  ])('reads the expiry %j', (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });

  it.each([
    ['', 'EXPIRATION_MONTH_REQUIRED', true],
    ['13', 'INVALID_EXPIRATION_MONTH', false],
    ['122', 'INVALID_EXPIRATION_YEAR', true],
    ['1299', 'EXPIRATION_TOO_FAR', false],
    ['0120', 'CARD_EXPIRED', false],
  ])('expiry %j is %s', (expiry, code, potentially) => {
    expect(check('expiry', { expiry })).toMatchObject({ isValid: false, code, isPotentiallyValid: potentially });
  });

  it('checks the CVC against the brand and the confirmation against the account number', () => {
    expect(check('cvc', { cardNumber: '378282246310005', cvc: '123' }).code).toBe('INVALID_CVC');
    expect(check('cvc', { cardNumber: '4242424242424242', cvc: '123' }).isValid).toBe(true);
    expect(
      check('confirmAccountNumber', { accountNumber: '000123456789', confirmAccountNumber: '000123' }),
    ).toMatchObject({ code: 'ACCOUNT_NUMBER_MISMATCH', isPotentiallyValid: true });
    expect(check('confirmAccountNumber', { accountNumber: '000123456789', confirmAccountNumber: '' }).code).toBe(
      'CONFIRM_ACCOUNT_NUMBER_REQUIRED',
    );
    expect(check('cardHolder', { cardHolder: ' ' })).toMatchObject({
      code: 'CARD_HOLDER_REQUIRED',
      message: 'Name on card is required.',
    });
  });

  it.each([
    ['payer', 'payer'],
    ['creditCardInformation.accountHolder', 'cardHolder'],
    ['creditCardInformation.month', 'expiry'],
    ['creditCardInformation.year', 'expiry'],
    ['creditCardInformation.cardNumber', 'cardNumber'],
    ['bankAccountInformation.accountHolder', 'bankHolder'],
    ['bankAccountInformation.routingNumber', 'routingNumber'],
  ])('shows the service’s problem with %s on %s', (path, field) => {
    expect(fieldOfPath(path)).toBe(field);
  });

  it('builds the token request of the chosen method, with payer and email from attributes', () => {
    const values: Values = {
      cardHolder: 'Ada',
      cardNumber: '4242424242424242',
      expiry: '1230',
      cvc: '123',
      routingNumber: '021000021',
    };
    expect(toTokenRequest('card', values, { payer: 'Ada L', emailAddress: 'ada@example.com' })).toEqual({
      payer: 'Ada L',
      emailAddress: 'ada@example.com',
      creditCardInformation: {
        accountHolder: 'Ada',
        cardNumber: '4242424242424242',
        cvc: '123',
        month: '12',
        year: '2030',
      },
    });
    expect(
      toTokenRequest(
        'ach',
        {
          accountType: 'PersonalSavings',
          routingNumber: '021000021',
          accountNumber: '1234',
          payer: 'P',
          emailAddress: 'p@example.com',
        },
        {},
      ),
    ).toEqual({
      payer: 'P',
      emailAddress: 'p@example.com',
      bankAccountInformation: { accountType: 'PersonalSavings', routingNumber: '021000021', accountNumber: '1234' },
    });
  });
});
