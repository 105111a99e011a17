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
import type { Label } from './labels.js';

export type Method = 'card' | 'ach';
export type FieldName =
  | 'payer' | 'emailAddress' | 'cardHolder' | 'cardNumber' | 'expiry' | 'cvc' | 'postalCode'
  | 'bankHolder' | 'accountType' | 'routingNumber' | 'accountNumber' | 'confirmAccountNumber';

/** What the inputs hold: masked fields keep their digits only. */
export type Values = Partial<Record<FieldName, string>>;

export interface FieldSpec {
  name: FieldName;
  label: Label;
  autocomplete: string;
  inputmode?: 'numeric' | 'email';
  /** `payer` and `emailAddress` serve both methods. */
  method: Method | 'both';
  validate(values: Values): Verification;
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

export const FIELDS: FieldSpec[] = [
  { name: 'payer', label: 'payer', autocomplete: 'name', method: 'both', validate: (v) => payer(v.payer ?? '') },
  { name: 'emailAddress', label: 'emailAddress', autocomplete: 'email', inputmode: 'email', method: 'both', validate: (v) => emailAddress(v.emailAddress ?? '') },
  { name: 'cardHolder', label: 'cardHolder', autocomplete: 'cc-name', method: 'card', validate: (v) => accountHolder(v.cardHolder ?? '') },
  { name: 'cardNumber', label: 'cardNumber', autocomplete: 'cc-number', inputmode: 'numeric', method: 'card', validate: (v) => cardNumber(v.cardNumber ?? '') },
  { name: 'expiry', label: 'expiry', autocomplete: 'cc-exp', inputmode: 'numeric', method: 'card', validate: (v) => expiry(v.expiry) },
  { name: 'cvc', label: 'cvc', autocomplete: 'cc-csc', inputmode: 'numeric', method: 'card', validate: (v) => cvc(v.cvc ?? '', brandOf(v)) },
  { name: 'postalCode', label: 'postalCode', autocomplete: 'postal-code', method: 'card', validate: (v) => postalCode(v.postalCode ?? '') },
  { name: 'bankHolder', label: 'bankHolder', autocomplete: 'name', method: 'ach', validate: (v) => accountHolder(v.bankHolder ?? '') },
  { name: 'accountType', label: 'accountType', autocomplete: 'off', method: 'ach', validate: (v) => accountType(v.accountType ?? '') },
  { name: 'routingNumber', label: 'routingNumber', autocomplete: 'off', inputmode: 'numeric', method: 'ach', validate: (v) => routingNumber(v.routingNumber ?? '') },
  { name: 'accountNumber', label: 'accountNumber', autocomplete: 'off', inputmode: 'numeric', method: 'ach', validate: (v) => accountNumber(v.accountNumber ?? '') },
  {
    name: 'confirmAccountNumber', label: 'confirmAccountNumber', autocomplete: 'off', inputmode: 'numeric', method: 'ach',
    validate: (v) => (!v.confirmAccountNumber ? invalid('ACCOUNT_NUMBER_REQUIRED', true) : v.confirmAccountNumber === v.accountNumber ? VALID : {
      isValid: false,
      isPotentiallyValid: (v.accountNumber ?? '').startsWith(v.confirmAccountNumber ?? ''),
      code: 'ACCOUNT_NUMBER_MISMATCH',
      message: formMessages.ACCOUNT_NUMBER_MISMATCH,
    }),
  },
];

/** Where a field problem from the service shows: its path in the request → the input. */
export const FIELD_OF_PATH: Record<string, FieldName> = {
  payer: 'payer',
  emailAddress: 'emailAddress',
  'creditCardInformation.accountHolder': 'cardHolder',
  'creditCardInformation.cardNumber': 'cardNumber',
  'creditCardInformation.month': 'expiry',
  'creditCardInformation.year': 'expiry',
  'creditCardInformation.cvc': 'cvc',
  'creditCardInformation.postalCode': 'postalCode',
  'bankAccountInformation.accountHolder': 'bankHolder',
  'bankAccountInformation.accountType': 'accountType',
  'bankAccountInformation.routingNumber': 'routingNumber',
  'bankAccountInformation.accountNumber': 'accountNumber',
};

/** The token request for the chosen method; `payer` and `emailAddress` may come from attributes. */
export function toTokenRequest(method: Method, values: Values, given: { payer?: string; emailAddress?: string }): TokenRequest {
  const common = { payer: given.payer ?? values.payer ?? '', emailAddress: given.emailAddress ?? values.emailAddress ?? '' };
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
