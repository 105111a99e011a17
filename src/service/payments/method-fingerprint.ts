import type { ProcessorSource } from './payment-processor.js';
import type { Vault } from '../vault/vault.js';

/**
 * What tells one payment method from another (docs/api.md#duplicate-protection): a keyed hash of the
 * whole card number, or of the routing and account numbers, never the numbers. Two Visa cards ending
 * 4242, or two banks' accounts ending 6789, are two methods; a token and the card sent directly, or two
 * tokens of one card, are one.
 * @example methodFingerprint({ cardNumber: '4242424242424242', expired: false }, vault) // 'Qm9…' (43 characters)
 */
export function methodFingerprint(source: ProcessorSource, vault: Pick<Vault, 'fingerprint'>): string {
  const digits = (text: string) => text.replace(/\D/g, '');
  return vault.fingerprint(
    'cardNumber' in source
      ? `card:${digits(source.cardNumber)}`
      : `bank:${digits(source.routingNumber)}:${digits(source.accountNumber)}`,
  );
}
