/**
 * Whether `text` holds `secret`, for the leak checks (support/checkout.ts, firefox/checkout.ts). A short
 * secret (a CVC: 3 or 4 digits) counts only as a token of its own, not as digits inside a longer
 * number or name: a timestamp or an id holds any three digits sooner or later, and a check that
 * finds them there fails by chance. A longer one (a card or account number) counts anywhere.
 * @example holds('"id":"tr_19737"', '737') // false
 * @example holds('cvc 737 sent', '737') // true
 */
export function holds(text: string, secret: string): boolean {
  if (secret.length >= 6) return text.includes(secret);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\w)${escaped}(?!\\w)`).test(text);
}
