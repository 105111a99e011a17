import { randomFillSync } from 'node:crypto';

/**
 * Random bytes for ids and IVs, drawn from a buffer the CSPRNG refills 4 KiB at a time (as Node does
 * for `randomUUID`): one call into OpenSSL per ~150 tokens instead of two each. Each byte is handed
 * out once.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_SIZE) throw new RangeError(`At most ${POOL_SIZE} random bytes at a time.`);
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}

/** A public id: `tok_…`, `txn_…`; 144 random bits in base64url. */
export const newId = (prefix: string): string => `${prefix}_${randomBytesPooled(18).toString('base64url')}`;
