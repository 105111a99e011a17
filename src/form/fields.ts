/**
 * The inputs of each payment method: their order, autofill hints and keypads, and how their values
 * become a token request. How each is checked is in checks.ts, loaded with the form's engine.
 */
import type { AccountType, TokenRequest } from '../shared/wire.js';

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
  /** Default `off`: the browser should not offer saved routing or account numbers. */
  autocomplete?: string;
  /** Digits typed on a numeric keypad, masked by imask. */
  numeric?: true;
  /** May stay empty (checks.ts agrees): the others make the form `:invalid` while empty. */
  optional?: true;
}

/**
 * The methods a form offers, from its `methods` attribute: `card`, `ach`, or both (the default),
 * separated by a space or a comma.
 * @example methodsOf('ach, card') // ['ach', 'card']
 */
export function methodsOf(attribute = 'card ach'): Method[] {
  const listed = attribute.split(/[\s,]+/).filter((m): m is Method => m === 'card' || m === 'ach');
  return listed.length ? [...new Set(listed)] : ['card', 'ach'];
}

/** The expiry input's digits (or its text): "1230" or "12/30" → month "12", year "2030". */
export function parseExpiry(text = ''): { month: string; year: string } {
  const digits = text.replace(/\D/g, '');
  const year = digits.slice(2, 4);
  return { month: digits.slice(0, 2), year: year.length === 2 ? `20${year}` : year };
}

/** Every input, in the order shown. */
export const FIELDS: FieldSpec[] = [
  { name: 'payer', method: 'both', autocomplete: 'name' },
  { name: 'emailAddress', method: 'both', autocomplete: 'email' },
  { name: 'cardHolder', method: 'card', autocomplete: 'cc-name' },
  { name: 'cardNumber', method: 'card', autocomplete: 'cc-number', numeric: true },
  { name: 'expiry', method: 'card', autocomplete: 'cc-exp', numeric: true },
  { name: 'cvc', method: 'card', autocomplete: 'cc-csc', numeric: true },
  { name: 'postalCode', method: 'card', autocomplete: 'postal-code', optional: true },
  { name: 'bankHolder', method: 'ach', autocomplete: 'name' },
  { name: 'accountType', method: 'ach' },
  { name: 'routingNumber', method: 'ach', numeric: true },
  { name: 'accountNumber', method: 'ach', numeric: true },
  { name: 'confirmAccountNumber', method: 'ach', numeric: true },
];

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
