import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  accountNumber,
  accountType,
  attributeValues,
  cardNumber,
  cvc,
  emailAddress,
  expirationDate,
  expirationMonth,
  expirationYear,
  payer,
  postalCode,
  routingNumber,
} from './index.js';

type Row = [input: unknown, isValid: boolean, isPotentiallyValid: boolean, code?: string];

/** Runs a table of [input, isValid, isPotentiallyValid, code] rows against one validator. */
function table(
  name: string,
  validate: (value: unknown) => { isValid: boolean; isPotentiallyValid: boolean; code?: string; message?: string },
  rows: Row[],
) {
  describe(name, () => {
    it.each(rows)('%j → valid %s, potentially %s, %s', (input, isValid, isPotentiallyValid, code) => {
      const result = validate(input);
      expect(result.isValid).toBe(isValid);
      expect(result.isPotentiallyValid).toBe(isPotentiallyValid);
      expect(result.code).toBe(code);
      if (code) expect(result.message).toMatch(/\w.*\.$/);
    });
  });
}

table('cardNumber', cardNumber, [
  ['4242424242424242', true, true, undefined],
  ['4242 4242 4242 4242', true, true, undefined],
  ['4242-4242-4242-4242', true, true, undefined],
  ['5555555555554444', true, true, undefined],
  ['2223003122003222', true, true, undefined],
  ['378282246310005', true, true, undefined],
  ['6011111111111117', true, true, undefined],
  ['30569309025904', true, true, undefined],
  ['3530111333300000', true, true, undefined],
  ['6200000000000005', true, true, undefined],
  ['', false, true, 'CARD_NUMBER_REQUIRED'],
  [undefined, false, true, 'CARD_NUMBER_REQUIRED'],
  [null, false, true, 'CARD_NUMBER_REQUIRED'],
  ['4', false, true, 'INVALID_CARD_NUMBER'],
  ['4242 42', false, true, 'INVALID_CARD_NUMBER'],
  ['3', false, true, 'INVALID_CARD_NUMBER'],
  ['4242424242424241', false, true, 'INVALID_CARD_NUMBER'],
  ['37828224631000', false, true, 'INVALID_CARD_NUMBER'],
  ['3782822463100050', false, false, 'INVALID_CARD_NUMBER'],
  ['1234567812345678', false, false, 'INVALID_CARD_NUMBER'],
  ['42424242424242424242', false, false, 'INVALID_CARD_NUMBER'],
  ['4242x4242', false, false, 'INVALID_CARD_NUMBER'],
  ['6759649826438453', false, false, 'UNSUPPORTED_CARD_BRAND'],
  ['6362970000457013', false, false, 'UNSUPPORTED_CARD_BRAND'],
  [{}, false, false, 'INVALID_CARD_NUMBER'],
  [[], false, false, 'INVALID_CARD_NUMBER'],
  [true, false, false, 'INVALID_CARD_NUMBER'],
  [4.2, false, false, 'INVALID_CARD_NUMBER'],
]);

describe('cardNumber brand', () => {
  it.each([
    ['4242', 'Visa'],
    ['51', 'MasterCard'],
    ['2221', 'MasterCard'],
    ['34', 'AmericanExpress'],
    ['37', 'AmericanExpress'],
    ['6011', 'Discover'],
    ['6541', 'Discover'],
    ['3528', 'Jcb'],
    ['36', 'DinersClub'],
    ['6200', 'UnionPay'],
    ['3', null],
  ])('%s is %s', (prefix, brand) => {
    expect(cardNumber(prefix).brand).toBe(brand);
  });
});

table('cvc (Visa)', (value) => cvc(value, 'Visa'), [
  ['123', true, true, undefined],
  [' 123 ', true, true, undefined],
  ['12', false, true, 'INVALID_CVC'],
  ['1234', false, false, 'INVALID_CVC'],
  ['12a', false, false, 'INVALID_CVC'],
  ['', false, true, 'CVC_REQUIRED'],
  [123, false, false, 'INVALID_CVC'],
]);
table('cvc (American Express)', (value) => cvc(value, 'AmericanExpress'), [
  ['1234', true, true, undefined],
  ['123', false, true, 'INVALID_CVC'],
  ['12345', false, false, 'INVALID_CVC'],
]);
table('cvc (brand unknown)', (value) => cvc(value, null), [
  ['123', true, true, undefined],
  ['1234', true, true, undefined],
  ['12', false, true, 'INVALID_CVC'],
]);

table('expirationMonth', expirationMonth, [
  ['01', true, true, undefined],
  ['1', true, true, undefined],
  [1, true, true, undefined],
  [12, true, true, undefined],
  ['12', true, true, undefined],
  ['0', false, true, 'INVALID_EXPIRATION_MONTH'],
  ['00', false, false, 'INVALID_EXPIRATION_MONTH'],
  ['13', false, false, 'INVALID_EXPIRATION_MONTH'],
  [13, false, false, 'INVALID_EXPIRATION_MONTH'],
  [1.5, false, false, 'INVALID_EXPIRATION_MONTH'],
  ['1a', false, false, 'INVALID_EXPIRATION_MONTH'],
  ['', false, true, 'EXPIRATION_MONTH_REQUIRED'],
  [null, false, true, 'EXPIRATION_MONTH_REQUIRED'],
  [{}, false, false, 'INVALID_EXPIRATION_MONTH'],
]);

table('expirationYear', expirationYear, [
  [2030, true, true, undefined],
  ['2030', true, true, undefined],
  ['20', false, true, 'INVALID_EXPIRATION_YEAR'],
  [30, false, false, 'INVALID_EXPIRATION_YEAR'],
  ['20300', false, false, 'INVALID_EXPIRATION_YEAR'],
  ['', false, true, 'EXPIRATION_YEAR_REQUIRED'],
  [2030.5, false, false, 'INVALID_EXPIRATION_YEAR'],
  [[2030], false, false, 'INVALID_EXPIRATION_YEAR'],
]);

describe('expirationDate', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    [11, 2026, true, undefined],
    [12, 2026, true, undefined],
    [1, 2046, true, undefined],
    [12, 2046, true, undefined],
    [10, 2026, false, 'CARD_EXPIRED'],
    [12, 2025, false, 'CARD_EXPIRED'],
    [1, 2047, false, 'EXPIRATION_TOO_FAR'],
  ])('%i/%i → %s %s', (month, year, isValid, code) => {
    const result = expirationDate(month, year, now);
    expect(result.isValid).toBe(isValid);
    expect(result.code).toBe(code);
  });
});

table('postalCode', postalCode, [
  ['12345', true, true, undefined],
  ['12345-6789', true, true, undefined],
  ['K1A 0B1', true, true, undefined],
  ['SW1A 1AA', true, true, undefined],
  ['', true, true, undefined],
  [undefined, true, true, undefined],
  ['12', false, true, 'INVALID_POSTAL_CODE'],
  ['12345678901', false, false, 'INVALID_POSTAL_CODE'],
  ['12#45', false, false, 'INVALID_POSTAL_CODE'],
  [12345, false, false, 'INVALID_POSTAL_CODE'],
]);

table('payer', payer, [
  ['Ada Lovelace', true, true, undefined],
  ['  Ada  ', true, true, undefined],
  ['x'.repeat(100), true, true, undefined],
  ['x'.repeat(101), false, false, 'PAYER_TOO_LONG'],
  ['   ', false, true, 'PAYER_REQUIRED'],
  [undefined, false, true, 'PAYER_REQUIRED'],
  [42, false, false, 'PAYER_REQUIRED'],
]);

table('accountHolder', accountHolder, [
  ['Ada Lovelace', true, true, undefined],
  ['', false, true, 'ACCOUNT_HOLDER_REQUIRED'],
  ['x'.repeat(101), false, false, 'ACCOUNT_HOLDER_TOO_LONG'],
]);
table('accountHolder (optional)', (value) => accountHolder(value, false), [
  [undefined, true, true, undefined],
  ['', true, true, undefined],
  ['x'.repeat(101), false, false, 'ACCOUNT_HOLDER_TOO_LONG'],
]);

table('emailAddress', emailAddress, [
  ['ada@example.com', true, true, undefined],
  ['ada.lovelace+pay@mail.example.co.uk', true, true, undefined],
  ['ada', false, true, 'INVALID_EMAIL_ADDRESS'],
  ['ada@', false, true, 'INVALID_EMAIL_ADDRESS'],
  ['ada@example', false, true, 'INVALID_EMAIL_ADDRESS'],
  ['ada @example.com', false, false, 'INVALID_EMAIL_ADDRESS'],
  ['ada@@example.com', false, false, 'INVALID_EMAIL_ADDRESS'],
  [`${'a'.repeat(250)}@example.com`, false, false, 'INVALID_EMAIL_ADDRESS'],
  ['', false, true, 'EMAIL_ADDRESS_REQUIRED'],
  [7, false, false, 'INVALID_EMAIL_ADDRESS'],
]);

table('accountType', accountType, [
  ['PersonalChecking', true, true, undefined],
  ['PersonalSavings', true, true, undefined],
  ['CorporateChecking', true, true, undefined],
  ['CorporateSavings', true, true, undefined],
  ['personalchecking', false, false, 'INVALID_ACCOUNT_TYPE'],
  ['Checking', false, false, 'INVALID_ACCOUNT_TYPE'],
  ['', false, true, 'ACCOUNT_TYPE_REQUIRED'],
  [1, false, false, 'INVALID_ACCOUNT_TYPE'],
]);

table('routingNumber', routingNumber, [
  ['011000015', true, true, undefined],
  ['021000021', true, true, undefined],
  ['111000025', true, true, undefined],
  ['021 000 021', true, true, undefined],
  ['322271627', true, true, undefined],
  ['021000022', false, false, 'INVALID_ROUTING_NUMBER'],
  ['021', false, true, 'INVALID_ROUTING_NUMBER'],
  ['13', false, false, 'INVALID_ROUTING_NUMBER'],
  ['500000005', false, false, 'INVALID_ROUTING_NUMBER'],
  ['0210000210', false, false, 'INVALID_ROUTING_NUMBER'],
  ['02100002a', false, false, 'INVALID_ROUTING_NUMBER'],
  ['', false, true, 'ROUTING_NUMBER_REQUIRED'],
  [null, false, true, 'ROUTING_NUMBER_REQUIRED'],
  [{}, false, false, 'INVALID_ROUTING_NUMBER'],
]);

table('accountNumber', accountNumber, [
  ['000123456789', true, true, undefined],
  ['1234', true, true, undefined],
  ['12345678901234567', true, true, undefined],
  ['0001-2345 6789', true, true, undefined],
  ['123', false, true, 'INVALID_ACCOUNT_NUMBER'],
  ['123456789012345678', false, false, 'INVALID_ACCOUNT_NUMBER'],
  ['12ab', false, false, 'INVALID_ACCOUNT_NUMBER'],
  ['', false, true, 'ACCOUNT_NUMBER_REQUIRED'],
]);

table('attributeValues', attributeValues, [
  [undefined, true, true, undefined],
  [{}, true, true, undefined],
  [{ accountCode: '123', invoice: 42 }, true, true, undefined],
  [Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`a${i}`, i])), true, true, undefined],
  [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`a${i}`, i])), false, false, 'TOO_MANY_ATTRIBUTE_VALUES'],
  [{ ['x'.repeat(65)]: '1' }, false, false, 'INVALID_ATTRIBUTE_NAME'],
  [{ ' ': '1' }, false, false, 'INVALID_ATTRIBUTE_NAME'],
  [{ note: 'x'.repeat(501) }, false, false, 'INVALID_ATTRIBUTE_VALUE'],
  [{ nested: { a: 1 } }, false, false, 'INVALID_ATTRIBUTE_VALUE'],
  [{ flag: true }, false, false, 'INVALID_ATTRIBUTE_VALUE'],
  [{ n: Number.NaN }, false, false, 'INVALID_ATTRIBUTE_VALUE'],
  [[1, 2], false, false, 'INVALID_ATTRIBUTE_VALUES'],
  ['a=1', false, false, 'INVALID_ATTRIBUTE_VALUES'],
]);
