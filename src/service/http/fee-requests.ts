/**
 * The fee operations' requests checked into plain values (docs/api.md#card-fees): a card's BIN or
 * ACH with an amount due, a token with an amount due, a token request's fee quote. A BIN longer than
 * 8 digits is refused without being echoed: only a BIN may be sent, never a card number.
 */
import { feeMessages, type FeeCode } from '../../shared/messages/api.js';
import { transactionMessages } from '../../shared/messages/en.js';
import { parseAmount } from '../../shared/money.js';
import { fieldsOf } from '../../shared/validators/fields.js';
import { isId } from '../../shared/validators/ids.js';
import { validateAmountDue, type Check } from '../../shared/validators/transaction-request.js';
import type { FieldError } from '../../shared/wire.js';

const problem = (field: string, code: FeeCode): FieldError => ({ field, code, message: feeMessages[code] });

/**
 * What `GET /cardFees` asks: a card by its BIN, ACH, or a card not typed yet (neither: its funding is
 * unknown), for an amount due in cents.
 */
export type CardFeesQuery =
  { bin: string; amountCents: number } | { method: 'ach'; amountCents: number } | { amountCents: number };

const CARD_FEES_PARAMETERS = new Set(['bin', 'method', 'amount']);

/** `GET /cardFees`'s query: `bin` (6 to 8 digits) or `method=ach`, and `amount`. */
export function validateCardFeesQuery(query: unknown): Check<CardFeesQuery> {
  const raw = fieldsOf(query);
  const errors: FieldError[] = [];
  const unknown = Object.keys(raw).find((name) => !CARD_FEES_PARAMETERS.has(name));
  if (unknown !== undefined) errors.push(problem(unknown.slice(0, 40), 'UNKNOWN_FEE_PARAMETER'));
  const { bin, method } = raw;
  if (bin !== undefined && method !== undefined) errors.push(problem('method', 'BIN_AND_METHOD'));
  else if (bin !== undefined) {
    if (typeof bin === 'string' && /^\d{9,}$/.test(bin)) errors.push(problem('bin', 'BIN_TOO_LONG'));
    else if (typeof bin !== 'string' || !/^\d{6,8}$/.test(bin)) errors.push(problem('bin', 'INVALID_BIN'));
  } else if (method !== undefined && method !== 'ach') errors.push(problem('method', 'INVALID_FEE_METHOD'));
  const amount = validateAmountDue(raw.amount);
  if (!amount.ok) errors.push(...amount.errors);
  if (errors.length || !amount.ok) return { ok: false, errors };
  return {
    ok: true,
    value:
      typeof bin === 'string'
        ? { bin, amountCents: amount.value }
        : method === 'ach'
          ? { method: 'ach', amountCents: amount.value }
          : { amountCents: amount.value },
  };
}

/** What `GET /transactionFees` asks: an amount due, and optionally the token whose fee to add. */
export interface TransactionFeesQuery {
  amountCents: number;
  tokenId?: string;
}

/** `GET /transactionFees`'s query: `amount`, and `tokenId` (ours). */
export function validateTransactionFeesQuery(query: unknown): Check<TransactionFeesQuery> {
  const raw = fieldsOf(query);
  const amount = validateAmountDue(raw.amount);
  const errors: FieldError[] = amount.ok ? [] : [...amount.errors];
  const { tokenId } = raw;
  if (tokenId !== undefined && !isId('token', tokenId))
    errors.push({ field: 'tokenId', code: 'INVALID_TOKEN_ID', message: transactionMessages.INVALID_TOKEN_ID });
  if (errors.length || !amount.ok) return { ok: false, errors };
  return { ok: true, value: { amountCents: amount.value, ...(typeof tokenId === 'string' && { tokenId }) } };
}

/** A token request's fee quote in cents: absent (null), or the net amount and the fee the payer was shown. */
export function validateFeeQuote(body: unknown): Check<{ amountCents: number; payerFeeCents: number } | null> {
  const quote = fieldsOf(body).feeQuote;
  if (quote === undefined || quote === null) return { ok: true, value: null };
  const fields = fieldsOf(quote);
  const amount = typeof fields.amount === 'number' ? parseAmount(fields.amount) : null;
  const payerFee = typeof fields.payerFee === 'number' ? parseAmount(fields.payerFee) : null;
  if (fields !== quote || !amount?.ok || amount.cents === 0 || !payerFee?.ok)
    return { ok: false, errors: [problem('feeQuote', 'INVALID_FEE_QUOTE')] };
  return { ok: true, value: { amountCents: amount.cents, payerFeeCents: payerFee.cents } };
}
