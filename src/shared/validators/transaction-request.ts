import { amountMessages, transactionMessages, type AmountCode, type TransactionCode } from '../messages/en.js';
import { parseAmount } from '../money.js';
import { isId, type IdKind } from './ids.js';
import {
  PAYER_LOCALES,
  type AttributeValues,
  type BankAccountInformation,
  type CreditCardInformation,
  type FieldError,
  type PayerLocale,
} from '../wire.js';
import { attributeValues } from './attribute-values.js';
import { checkFields, fieldErrors, same, text, type FieldErrors, type FieldRules } from './fields.js';
import { emailAddress, payer } from './names.js';
import { checkBankAccount, checkCreditCard } from './payment-details.js';
import { VALID, invalid, type Verification } from './verification.js';

/** Where the money of a transaction comes from: exactly one of the four (docs/api.md#transactions). */
export type PaymentSource =
  | { tokenId: string }
  | { creditCardInformation: CreditCardInformation }
  | { bankAccountInformation: BankAccountInformation }
  | { authorizationId: string };

/** A valid transaction request with its money in cents. */
export interface TransactionDraft {
  payer: string;
  emailAddress?: string;
  amountCents: number;
  /** null when `payerFee` was not sent (which matters: docs/fees.md, Mode C). */
  payerFeeCents: number | null;
  initiatingPartyFeeCents: number;
  source: PaymentSource;
  attributeValues?: AttributeValues;
  comments?: string;
  sendReceipt: boolean;
  /** The payer's language for what is sent to them (a receipt); absent: not said. */
  locale?: PayerLocale;
  ipAddress?: string;
  /** Charge a fee other than the token's fee quote on purpose (docs/fees.md#fee-quotes). */
  feeQuoteOverride?: boolean;
  /**
   * A payment the merchant starts (an autopay run), not the payer: never on the wire, set by the code
   * that runs such payments (docs/fees.md#convenience-fee).
   */
  merchantInitiated?: boolean;
}

export type Check<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const problem = (code: TransactionCode | AmountCode): Verification => ({
  isValid: false,
  isPotentiallyValid: false,
  code,
  message: (transactionMessages as Record<string, string>)[code] ?? amountMessages[code as AmountCode],
});

/** A required amount above zero, with the detailed AMOUNT_* codes. */
export function positiveAmount(value: unknown): Verification {
  const parsed = parseAmount(value);
  if (!parsed.ok) return problem(parsed.code);
  return parsed.cents > 0 ? VALID : problem('AMOUNT_NOT_POSITIVE');
}

/**
 * Money in a JSON body is a JSON number (docs/api.md#conventions): text such as "13.57" is refused before
 * `check` looks at the amount (a query string, where everything is text, uses `check` alone).
 */
export const jsonNumber =
  (check: (value: unknown) => Verification) =>
  (value: unknown): Verification =>
    typeof value === 'string' ? problem('AMOUNT_AS_TEXT') : check(value);

/** An optional fee: absent is fine, else an amount ≥ 0.00 with at most 2 decimals. */
export const optionalFee =
  (code: TransactionCode) =>
  (value: unknown): Verification =>
    value === undefined || value === null || parseAmount(value).ok ? VALID : problem(code);
const cents = (value: unknown): number | undefined => {
  const parsed = value === undefined || value === null ? undefined : parseAmount(value);
  return parsed?.ok ? parsed.cents : undefined;
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** IPv4 or IPv6; the URL parser knows IPv6's forms, in browsers and in Node alike. */
export function ipAddress(value: unknown): Verification {
  if (value === undefined || value === null || value === '') return VALID;
  if (typeof value !== 'string') return problem('INVALID_IP_ADDRESS');
  if (IPV4.test(value)) return VALID;
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) return problem('INVALID_IP_ADDRESS');
  try {
    new URL(`http://[${value}]/`);
    return VALID;
  } catch {
    return problem('INVALID_IP_ADDRESS');
  }
}

const id =
  (kind: IdKind, code: TransactionCode) =>
  (value: unknown): Verification =>
    isId(kind, value) ? VALID : problem(code);

/** The plain fields of a transaction request, normalized: money in cents. */
interface TransactionFields {
  payer: string;
  amount: number;
  payerFee?: number;
  initiatingPartyFee?: number;
  emailAddress?: string;
  attributeValues?: AttributeValues;
  comments?: string;
  sendReceipt: boolean;
  locale?: PayerLocale;
  ipAddress?: string;
  currency?: 'USD';
  feeQuoteOverride?: boolean;
}

const TRANSACTION_RULES: FieldRules<TransactionFields> = {
  payer: [payer, text],
  amount: [jsonNumber(positiveAmount), cents],
  payerFee: [jsonNumber(optionalFee('INVALID_PAYER_FEE')), cents],
  initiatingPartyFee: [jsonNumber(optionalFee('INVALID_INITIATING_PARTY_FEE')), cents],
  emailAddress: [
    (value) => (value === undefined || value === null || value === '' ? VALID : emailAddress(value)),
    text,
  ],
  attributeValues: [attributeValues, same],
  comments: [
    (value) =>
      value == null || (typeof value === 'string' && value.length <= 500) ? VALID : problem('COMMENTS_TOO_LONG'),
    text,
  ],
  sendReceipt: [
    (value) => (value == null || typeof value === 'boolean' ? VALID : problem('INVALID_SEND_RECEIPT')),
    (value) => value === true,
  ],
  locale: [
    (value) =>
      value == null || (PAYER_LOCALES as readonly unknown[]).includes(value) ? VALID : problem('INVALID_LOCALE'),
    same,
  ],
  ipAddress: [ipAddress, text],
  currency: [(value) => (value == null || value === 'USD' ? VALID : problem('UNSUPPORTED_CURRENCY')), same],
  feeQuoteOverride: [
    (value) => (value == null || typeof value === 'boolean' ? VALID : problem('INVALID_FEE_QUOTE_OVERRIDE')),
    (value) => (value === true ? true : undefined),
  ],
};

const SOURCES = ['tokenId', 'creditCardInformation', 'bankAccountInformation', 'authorizationId'] as const;

function checkSource(raw: Record<string, unknown>, errors: FieldErrors, now?: Date): PaymentSource | undefined {
  const sent = SOURCES.filter((name) => raw[name] !== undefined && raw[name] !== null);
  if (sent.length !== 1) {
    errors.check(sent[1] ?? 'tokenId', problem(sent.length ? 'PAYMENT_SOURCE_CONFLICT' : 'PAYMENT_SOURCE_REQUIRED'));
    return undefined;
  }
  const [name] = sent;
  if (name === 'tokenId')
    return errors.check('tokenId', id('token', 'INVALID_TOKEN_ID')(raw.tokenId))
      ? { tokenId: raw.tokenId as string }
      : undefined;
  if (name === 'authorizationId') {
    return errors.check('authorizationId', id('authorization', 'INVALID_AUTHORIZATION_ID')(raw.authorizationId))
      ? { authorizationId: raw.authorizationId as string }
      : undefined;
  }
  if (name === 'creditCardInformation') {
    const card = checkCreditCard(raw.creditCardInformation, 'creditCardInformation.', errors, now);
    return card && { creditCardInformation: card };
  }
  const bank = checkBankAccount(raw.bankAccountInformation, 'bankAccountInformation.', errors);
  return bank && { bankAccountInformation: bank };
}

/**
 * Validates a transaction request (docs/api.md#transactions) and lists every problem. Money comes back
 * in cents; `payerFeeCents` is null when `payerFee` was not sent.
 * @example validateTransactionRequest({ payer: 'Ada', amount: 103.25, payerFee: 3.25, tokenId: 'tok_…' })
 */
export function validateTransactionRequest(body: unknown, now?: Date): Check<TransactionDraft> {
  const errors = fieldErrors();
  const raw =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!raw) {
    errors.check('', invalid('INVALID_REQUEST_BODY'));
    return { ok: false, errors: errors.list };
  }
  const [fields, ok] = checkFields(raw, '', TRANSACTION_RULES, errors);
  const source = checkSource(raw, errors, now);
  const { amount, payer, sendReceipt, emailAddress, attributeValues, comments, ipAddress, locale, feeQuoteOverride } =
    fields;
  const payerFeeCents = fields.payerFee ?? null;
  const initiatingPartyFeeCents = fields.initiatingPartyFee ?? 0;
  if (amount !== undefined && payerFeeCents !== null && payerFeeCents > amount)
    errors.check('payerFee', problem('PAYER_FEE_EXCEEDS_AMOUNT'));
  if (amount !== undefined && initiatingPartyFeeCents > amount)
    errors.check('initiatingPartyFee', problem('INITIATING_PARTY_FEE_EXCEEDS_AMOUNT'));
  if (errors.list.length || !ok || !source || amount === undefined || payer === undefined)
    return { ok: false, errors: errors.list };
  return {
    ok: true,
    value: {
      payer,
      amountCents: amount,
      payerFeeCents,
      initiatingPartyFeeCents,
      source,
      sendReceipt: sendReceipt === true,
      ...(emailAddress !== undefined && { emailAddress }),
      ...(attributeValues !== undefined && { attributeValues }),
      ...(comments !== undefined && { comments }),
      ...(ipAddress !== undefined && { ipAddress }),
      ...(locale != null && { locale }),
      ...(feeQuoteOverride && { feeQuoteOverride }),
    },
  };
}

/** `POST /transactions/authorize`: `{tokenId, amount}`, and the address its capture's receipt goes to. */
export function validateAuthorizationRequest(
  body: unknown,
): Check<{ tokenId: string; amountCents: number; emailAddress?: string }> {
  const errors = fieldErrors();
  const [fields, ok] = checkFields<{ tokenId: string; amount: number; emailAddress?: string }>(
    body,
    '',
    {
      tokenId: [id('token', 'INVALID_TOKEN_ID'), same],
      amount: [jsonNumber(positiveAmount), cents],
      emailAddress: TRANSACTION_RULES.emailAddress,
    },
    errors,
  );
  return ok
    ? {
        ok: true,
        value: {
          tokenId: fields.tokenId,
          amountCents: fields.amount,
          ...(fields.emailAddress !== undefined && { emailAddress: fields.emailAddress }),
        },
      }
    : { ok: false, errors: errors.list };
}

const notANumber = { ok: false, code: 'AMOUNT_NOT_A_NUMBER' } as const;

/**
 * `amount` of `GET|POST /transactionFees`: the net amount due, above zero. In the query it is text;
 * in a body (`body: true`) a JSON number.
 */
export function validateAmountDue(value: unknown, { body = false } = {}): Check<number> {
  // Taken as sent: `amount= 25` is not a number as the document reads it (parseAmount would trim).
  const parsed = typeof value === 'string' && value.trim() !== value ? notANumber : parseAmount(value);
  if (parsed.ok && parsed.cents > 0 && !(body && typeof value === 'string')) return { ok: true, value: parsed.cents };
  const errors = fieldErrors();
  const code = body && typeof value === 'string' ? 'AMOUNT_AS_TEXT' : parsed.ok ? 'AMOUNT_NOT_POSITIVE' : parsed.code;
  errors.check('amount', problem(code));
  return { ok: false, errors: errors.list };
}
