import type { ProcessorSource } from './payment-processor.js';
import type { Token } from './model.js';
import type { Vault } from '../vault/vault.js';

/** A text field of opened details; a sealed token always has the fields its kind needs. */
function textOf(details: unknown, name: string): string {
  const value: unknown = details !== null && typeof details === 'object' ? Reflect.get(details, name) : undefined;
  if (typeof value !== 'string') throw new Error(`The sealed details have no ${name}.`);
  return value;
}

/**
 * The card or bank account behind a token, opened from the vault for the processor only, with
 * whether the card has expired by `now`.
 */
export function processorSource(token: Token, deps: { vault: Vault; now: () => Date }): ProcessorSource {
  if (token.vaultKeyId === null || token.sealed === null) throw new Error('A live token has sealed details.');
  const details = deps.vault.open(token.vaultKeyId, token.sealed, token.id);
  if (token.transactionType === 'Ach')
    return { routingNumber: textOf(details, 'routingNumber'), accountNumber: textOf(details, 'accountNumber') };
  const now = deps.now();
  const year = token.expirationYear ?? 0;
  const expired =
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && (token.expirationMonth ?? 0) < now.getUTCMonth() + 1);
  return { cardNumber: textOf(details, 'cardNumber'), expired };
}

/** The billing postal code sealed with a card token, for the fee rules of its state (docs/fees.md#surcharge). */
export function billingPostalCode(token: Token, deps: { vault: Vault }): string | null {
  if (token.transactionType === 'Ach' || token.vaultKeyId === null || token.sealed === null) return null;
  const details = deps.vault.open(token.vaultKeyId, token.sealed, token.id);
  const value: unknown = details !== null && typeof details === 'object' ? Reflect.get(details, 'postalCode') : null;
  return typeof value === 'string' ? value : null;
}
