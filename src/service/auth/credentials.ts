import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random credential: a prefix that says what it is, and 144 or more bits of randomness. */
export function newKey(prefix: 'ak' | 'sk' | 'pk' | 'imp', bytes = 18): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

/** A fresh set of credentials for one account. */
export function newCredentials() {
  return {
    apiKey: newKey('ak'),
    apiSecret: newKey('sk', 32),
    publicKey: newKey('pk'),
    impersonationKey: newKey('imp'),
  };
}

/**
 * Secrets are long random strings, so one SHA-256 is enough to store them: nothing to guess from the
 * hash, and no slow hash needed to stretch a weak password.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether a secret is the one a hash was made of: `secretMatches`, or in tests that function wrapped. */
export type SecretVerifier = (secret: string, hash: string) => boolean;

/** Compares in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = createHash('sha256').update(secret, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Compared against when the key is unknown, so an unknown key and a wrong secret take the same time. */
export const UNKNOWN_KEY_HASH = hashSecret(newKey('sk', 32));
