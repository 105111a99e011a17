import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ServiceConfig } from '../config/config.js';
import { StartError } from '../ops/start-errors.js';
import { parseVaultKey } from './vault.js';

/**
 * The vault keys: PAYTOKEN_VAULT_KEY (and former keys) when set; otherwise a key generated once into
 * the data directory with mode 0600. That file is the only way to read stored card numbers again.
 */
export function loadVaultKeys(
  config: Pick<ServiceConfig, 'vaultKey' | 'vaultOldKeys' | 'dataDir'>,
  warn: (message: string) => void,
): Buffer[] {
  const old = config.vaultOldKeys.map((key) => parseVaultKey(key) as Buffer);
  if (config.vaultKey) return [parseVaultKey(config.vaultKey) as Buffer, ...old];
  const file = join(config.dataDir, 'vault.key');
  if (!existsSync(file) && generateKeyFile(config.dataDir, file)) {
    warn(
      `No PAYTOKEN_VAULT_KEY is set: generated one into ${file} (mode 0600). Set PAYTOKEN_VAULT_KEY in production and keep it safe: stored card numbers cannot be read without it.`,
    );
  }
  chmodSync(file, 0o600);
  const key = parseVaultKey(readFileSync(file, 'utf8'));
  if (!key)
    throw new StartError(
      `${file} does not hold a 32-byte base64 key: restore it from a backup, or set PAYTOKEN_VAULT_KEY to the key. Stored card numbers can be read only with the key they were stored with.`,
    );
  return [key, ...old];
}

/**
 * Writes a new key whole under another name, then links it as `file`: a process starting beside
 * this one (PAYTOKEN_PROCESSES) never reads it half-written, and of two generating at once, one key
 * is kept and both use it. False when another process's key was there first.
 */
function generateKeyFile(dataDir: string, file: string): boolean {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
