import { ACCOUNT_TYPES } from '../wire.js';
import { VALID, digitsOf, invalid, type Verification } from './verification.js';

/** Account type: one of the four of docs/api.md#bank-account-details. */
export function accountType(value: unknown): Verification {
  if (value === undefined || value === null || value === '') return invalid('ACCOUNT_TYPE_REQUIRED', true);
  return (ACCOUNT_TYPES as readonly unknown[]).includes(value) ? VALID : invalid('INVALID_ACCOUNT_TYPE');
}

/** Federal Reserve routing symbols: 00-12 (and government 00), 21-32 (thrifts), 61-72 (electronic), 80 (travelers cheques). */
function knownPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/**
 * ABA routing number: 9 digits, a Federal Reserve prefix and the check digit
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
 * @example routingNumber('021000021') // { isValid: true, … }
 */
export function routingNumber(value: unknown): Verification {
  const digits = digitsOf(value);
  if (digits === '' || value == null) return invalid('ROUTING_NUMBER_REQUIRED', true);
  if (digits === null) return invalid('INVALID_ROUTING_NUMBER');
  const prefixOk = digits.length < 2 || knownPrefix(Number(digits.slice(0, 2)));
  if (digits.length !== 9 || !prefixOk) return invalid('INVALID_ROUTING_NUMBER', prefixOk && digits.length < 9);
  const d = [...digits].map(Number) as number[] & { length: 9 };
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0 ? VALID : invalid('INVALID_ROUTING_NUMBER');
}

/** Bank account number: 4..17 digits after removing spaces and dashes. */
export function accountNumber(value: unknown): Verification {
  const digits = digitsOf(value);
  if (digits === '' || value == null) return invalid('ACCOUNT_NUMBER_REQUIRED', true);
  if (digits === null || digits.length > 17) return invalid('INVALID_ACCOUNT_NUMBER');
  return digits.length >= 4 ? VALID : invalid('INVALID_ACCOUNT_NUMBER', true);
}
