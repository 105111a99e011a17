import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { randomBytesPooled } from './random.js';

/**
 * Encrypts payment details at rest with AES-256-GCM. Each sealed value names the key that sealed it,
 * so keys can rotate: the first key seals, every key can open. The token id is the additional
 * authenticated data, so a sealed value cannot be moved to another row.
 */
export interface Vault {
  readonly keyId: string;
  seal(details: object, tokenId: string): { keyId: string; sealed: string };
  open(keyId: string, sealed: string, tokenId: string): unknown;
  /** A keyed hash (HMAC-SHA-256 under a key derived from the vault key): comparable, never reversible. */
  fingerprint(text: string): string;
}

/** A key's id: the start of its SHA-256, safe to store beside the data. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** Reads a 32-byte key given as 64 hex digits or as base64; `null` when it is neither. */
export function parseVaultKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 &&
    (/^[0-9a-f]{64}$/i.test(trimmed) || key.toString('base64').replace(/=+$/, '') === trimmed.replace(/=+$/, ''))
    ? key
    : null;
}

export function createVault(keys: Buffer[]): Vault {
  const [current] = keys;
  if (!current) throw new Error('The vault needs at least one key.');
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  const keyId = keyIdOf(current);
  const fingerprintKey = createHmac('sha256', current).update('paytoken fingerprint').digest();
  return {
    keyId,
    fingerprint: (text) => createHmac('sha256', fingerprintKey).update(text).digest('base64url'),
    seal(details, tokenId) {
      const iv = randomBytesPooled(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv).setAAD(Buffer.from(tokenId));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
      return {
        keyId,
        sealed: ['v1', iv, cipher.getAuthTag(), ciphertext]
          .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
          .join('.'),
      };
    },
    open(id, sealed, tokenId) {
      const key = byId.get(id);
      if (!key) throw new Error(`No vault key ${id} is configured.`);
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed format.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(tokenId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const details: unknown = JSON.parse(
        Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
      );
      return details;
    },
  };
}
