/**
 * The form's money summary: the amount due, the chosen method's fee and the total, in integer
 * cents, from the `amount`, `card-fee` and `ach-fee` attributes (currency units, as on the page).
 */
import { parseAmount } from '../shared/money.js';

export interface MoneySummary {
  amountDue: number;
  /** The chosen method's fee; `null` when the page gave none (the total is then the amount due). */
  fee: number | null;
  total: number;
}

/** An attribute (or a fee from the service) in cents, or `null` when it is missing or not an amount. */
function cents(text: string | number | undefined): number | null {
  const parsed = text === undefined ? null : parseAmount(text);
  return parsed?.ok ? parsed.cents : null;
}

/**
 * What the form shows above its button, or `null` without an amount due (then no summary, and the
 * button says only "Pay").
 * @example moneySummary('100.00', '3.25') // { amountDue: 10000, fee: 325, total: 10325 }
 */
export function moneySummary(amount: string | undefined, fee: string | number | undefined): MoneySummary | null {
  const amountDue = cents(amount);
  if (amountDue === null) return null;
  const feeCents = cents(fee);
  return { amountDue, fee: feeCents, total: amountDue + (feeCents ?? 0) };
}
