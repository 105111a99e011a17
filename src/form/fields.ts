/**
 * The inputs of each payment method: how each is labelled, masked and checked with the shared
 * validators, and how their values become a token request.
 */
import { VALID, invalid, type Verification } from '../shared/validators/verification.js';
import { accountNumber, accountType, routingNumber } from '../shared/validators/bank-account.js';
import { cardNumber } from '../shared/validators/card-number.js';
import { cvc } from '../shared/validators/cvc.js';
import { expirationDate, expirationMonth, expirationYear } from '../shared/validators/expiration.js';
import { accountHolder, emailAddress, payer } from '../shared/validators/names.js';
import { postalCode } from '../shared/validators/postal-code.js';
import type { AccountType, CardBrand, TokenRequest } from '../shared/wire.js';
import { formMessages } from '../shared/messages/en.js';

export type Method = 'card' | 'ach';
export type FieldName =
  | 'payer'
  | 'emailAddress'
  | 'cardHolder'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'postalCode'
  | 'bankHolder'
  | 'accountType'
  | 'routingNumber'
  | 'accountNumber'
  | 'confirmAccountNumber';

/** What the inputs hold: masked fields keep their digits only. */
export type Values = Partial<Record<FieldName, string>>;

export interface FieldSpec {
  /** Also the key of its label in labels.ts. */
  name: FieldName;
  /** `payer` and `emailAddress` serve both methods. */
  method: Method | 'both';
  /** Checks the input's value; some fields look at others (the CVC at the card number). */
  validate(value: string, values: Values): Verification;
  /** Default `off`: the browser should not offer saved routing or account numbers. */
  autocomplete?: string;
  /** Digits typed on a numeric keypad, masked by imask. */
  numeric?: true;
}

/** The expiry input's digits (or its text): "1230" or "12/30" → month "12", year "2030". */
export function parseExpiry(text = ''): { month: string; year: string } {
  const digits = text.replace(/\D/g, '');
  const year = digits.slice(2, 4);
  return { month: digits.slice(0, 2), year: year.length === 2 ? `20${year}` : year };
}

function expiry(text = ''): Verification {
  if (!text) return invalid('EXPIRATION_MONTH_REQUIRED', true);
  const { month, year } = parseExpiry(text);
  const monthCheck = expirationMonth(month);
  if (!monthCheck.isValid) return monthCheck;
  if (year.length < 4) return invalid('INVALID_EXPIRATION_YEAR', true);
  const yearCheck = expirationYear(year);
  return yearCheck.isValid ? expirationDate(Number(month), Number(year)) : yearCheck;
}

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

/** Every input, in the order shown. */
export const FIELDS: FieldSpec[] = [
  { name: 'payer', method: 'both', validate: payer, autocomplete: 'name' },
  { name: 'emailAddress', method: 'both', validate: emailAddress, autocomplete: 'email' },
  { name: 'cardHolder', method: 'card', validate: cardHolder, autocomplete: 'cc-name' },
  { name: 'cardNumber', method: 'card', validate: cardNumber, autocomplete: 'cc-number', numeric: true },
  { name: 'expiry', method: 'card', validate: expiry, autocomplete: 'cc-exp', numeric: true },
  {
    name: 'cvc',
    method: 'card',
    validate: (value, values) => cvc(value, brandOf(values)),
    autocomplete: 'cc-csc',
    numeric: true,
  },
  { name: 'postalCode', method: 'card', validate: postalCode, autocomplete: 'postal-code' },
  { name: 'bankHolder', method: 'ach', validate: (value) => accountHolder(value), autocomplete: 'name' },
  { name: 'accountType', method: 'ach', validate: accountType },
  { name: 'routingNumber', method: 'ach', validate: routingNumber, numeric: true },
  { name: 'accountNumber', method: 'ach', validate: accountNumber, numeric: true },
  { name: 'confirmAccountNumber', method: 'ach', validate: confirmation, numeric: true },
];

/** Checks one field of `values`. */
export function checkField(spec: FieldSpec, values: Values): Verification {
  return spec.validate(values[spec.name] ?? '', values);
}

/**
 * Where a field problem from the service shows: its path in the request → the input.
 * @example fieldOfPath('creditCardInformation.month') // 'expiry'
 */
export function fieldOfPath(path: string): string {
  const [group, name = group] = path.split('.') as [string, string?];
  if (name === 'accountHolder') return group === 'creditCardInformation' ? 'cardHolder' : 'bankHolder';
  return name === 'month' || name === 'year' ? 'expiry' : name;
}

/** The token request for the chosen method; `payer` and `emailAddress` may come from attributes. */
export function toTokenRequest(
  method: Method,
  values: Values,
  given: { payer?: string; emailAddress?: string },
): TokenRequest {
  const common = {
    payer: given.payer ?? values.payer ?? '',
    emailAddress: given.emailAddress ?? values.emailAddress ?? '',
  };
  if (method === 'ach') {
    return {
      ...common,
      bankAccountInformation: {
        accountType: values.accountType as AccountType,
        routingNumber: values.routingNumber ?? '',
        accountNumber: values.accountNumber ?? '',
        ...(values.bankHolder && { accountHolder: values.bankHolder }),
      },
    };
  }
  const { month, year } = parseExpiry(values.expiry);
  return {
    ...common,
    creditCardInformation: {
      accountHolder: values.cardHolder ?? '',
      cardNumber: values.cardNumber ?? '',
      cvc: values.cvc ?? '',
      month,
      year,
      ...(values.postalCode && { postalCode: values.postalCode }),
    },
  };
}
