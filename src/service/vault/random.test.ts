import { describe, expect, it } from 'vitest';
import { newId, randomBytesPooled } from './random.js';

describe('pooled random bytes', () => {
  it('hands out each byte once, across refills of the pool', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId('tok')));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^tok_[\w-]{24}$/);
    const a = randomBytesPooled(12);
    const b = randomBytesPooled(12);
    expect(a.equals(b)).toBe(false);
    a.fill(0); // a caller's copy: changing it changes nothing else
    expect(b.every((byte) => byte === 0)).toBe(false);
  });

  it('refuses more than the pool holds', () => {
    expect(() => randomBytesPooled(5000)).toThrow(RangeError);
  });
});
