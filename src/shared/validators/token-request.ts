import type { FieldError, TokenRequest } from '../wire.js';
import { attributeValues } from './attribute-values.js';
import { checkFields, fieldErrors, same, text, type FieldRules } from './fields.js';
import { emailAddress, payer } from './names.js';
import { checkBankAccount, checkCreditCard } from './payment-details.js';
import { invalid } from './verification.js';

export type TokenRequestCheck = { ok: true; value: TokenRequest } | { ok: false; errors: FieldError[] };

/** The fields of a token request beside its payment method (the service checks a fee quote itself). */
type TokenFields = Omit<TokenRequest, 'creditCardInformation' | 'bankAccountInformation' | 'feeQuote'>;

const TOKEN_RULES: FieldRules<TokenFields> = {
  payer: [payer, text],
  emailAddress: [emailAddress, text],
  attributeValues: [attributeValues, same],
};

/**
 * Validates a token request (docs/api.md#creating-a-token) and lists every problem, not only the first.
 * On success `value` is the request normalized for the wire: trimmed names, digits-only numbers,
 * month `"01"`..`"12"`, year a number, unknown fields dropped.
 * @example
 * const check = validateTokenRequest({ payer: 'Ada', emailAddress: 'ada@example.com',
 *   creditCardInformation: { accountHolder: 'Ada', cardNumber: '4242 4242 4242 4242', cvc: '123', month: 1, year: 2030 } });
 * if (check.ok) send(check.value); else show(check.errors);
 */
export function validateTokenRequest(body: unknown, now?: Date): TokenRequestCheck {
  const errors = fieldErrors();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    errors.check('', invalid('INVALID_REQUEST_BODY'));
    return { ok: false, errors: errors.list };
  }
  const raw = body as Record<string, unknown>;
  const [value, ok] = checkFields(raw, '', TOKEN_RULES, errors);
  const method: Pick<TokenRequest, 'creditCardInformation' | 'bankAccountInformation'> = {};
  const hasCard = raw.creditCardInformation != null;
  if (hasCard === (raw.bankAccountInformation != null)) {
    errors.check(
      hasCard ? 'bankAccountInformation' : 'creditCardInformation',
      invalid(hasCard ? 'PAYMENT_METHOD_CONFLICT' : 'PAYMENT_METHOD_REQUIRED'),
    );
  } else if (hasCard) {
    method.creditCardInformation = checkCreditCard(raw.creditCardInformation, 'creditCardInformation.', errors, now);
  } else {
    method.bankAccountInformation = checkBankAccount(raw.bankAccountInformation, 'bankAccountInformation.', errors);
  }
  // A field that failed is in `errors`; `ok` says so to the type checker too.
  return !ok || errors.list.length
    ? { ok: false, errors: errors.list }
    : { ok: true, value: Object.assign(value, method) };
}
