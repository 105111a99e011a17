/**
 * How each input of the form is checked, with the shared validators. Part of the form's engine
 * (engine/engine.ts): the checks are needed only once the payer types or pays, so they are not parsed
 * with the form's first render.
 */
import { VALID, invalid, type Verification } from '../shared/validators/verification.js';
import { accountNumber, accountType, routingNumber } from '../shared/validators/bank-account.js';
import { cardNumber } from '../shared/validators/card-number.js';
import { cvc } from '../shared/validators/cvc.js';
import { expirationDate, expirationMonth, expirationYear } from '../shared/validators/expiration.js';
import { accountHolder, emailAddress, payer } from '../shared/validators/names.js';
import { postalCode } from '../shared/validators/postal-code.js';
import type { CardBrand } from '../shared/wire.js';
import { formMessages } from '../shared/messages/en.js';
import { parseExpiry, type FieldName, type Values } from './fields.js';

type Check = (value: string, values: Values) => Verification;

function expiry(text = ''): Verification {
  if (!text) return invalid('EXPIRATION_MONTH_REQUIRED', true);
  const { month, year } = parseExpiry(text);
  const monthCheck = expirationMonth(month);
  if (!monthCheck.isValid) return monthCheck;
  if (year.length < 4) return invalid('INVALID_EXPIRATION_YEAR', true);
  const yearCheck = expirationYear(year);
  return yearCheck.isValid ? expirationDate(Number(month), Number(year)) : yearCheck;
}

/** The card's brand, from the digits typed so far. */
export const brandOf = (values: Values): CardBrand | null => cardNumber(values.cardNumber ?? '').brand;

/** A problem in the form's own words (its labels), not the API's. */
const formInvalid = (code: keyof typeof formMessages, isPotentiallyValid: boolean): Verification => ({
  isValid: false,
  isPotentiallyValid,
  code,
  message: formMessages[code],
});

function confirmation(value: string, values: Values): Verification {
  if (!value) return formInvalid('CONFIRM_ACCOUNT_NUMBER_REQUIRED', true);
  if (value === values.accountNumber) return VALID;
  return formInvalid('ACCOUNT_NUMBER_MISMATCH', (values.accountNumber ?? '').startsWith(value));
}

/** The API's "Name on the account is required." would not name the "Name on card" input. */
function cardHolder(value: string): Verification {
  return value.trim() ? accountHolder(value) : formInvalid('CARD_HOLDER_REQUIRED', true);
}

/** Each input's check; some look at other inputs (the CVC at the card number). */
const CHECKS: Record<FieldName, Check> = {
  payer,
  emailAddress,
  cardHolder,
  cardNumber,
  expiry,
  cvc: (value, values) => cvc(value, brandOf(values)),
  postalCode,
  bankHolder: (value) => accountHolder(value),
  accountType,
  routingNumber,
  accountNumber,
  confirmAccountNumber: confirmation,
};

/**
 * Checks one field of `values`.
 * @example checkField('expiry', { expiry: '0120' }).code // 'CARD_EXPIRED'
 */
export function checkField(name: FieldName, values: Values): Verification {
  return CHECKS[name](values[name] ?? '', values);
}
