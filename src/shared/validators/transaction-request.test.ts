import { describe, expect, it } from 'vitest';
import { ipAddress, validateTransactionRequest } from './transaction-request.js';

describe('ipAddress', () => {
  it.each([
    ['203.0.113.9', true],
    ['2001:db8::1', true],
    ['', true],
    [undefined, true],
    [42, false],
    ['not-an-ip', false],
    ['1:2:3:4:5:6:7:8:9', false], // looks like IPv6, but nine groups: the URL parser refuses it
    [':::', false],
  ])('%j is valid: %s', (value, valid) => {
    expect(ipAddress(value).isValid).toBe(valid);
  });
});

describe('validateTransactionRequest', () => {
  const base = { amount: 50, payer: 'Ada Lovelace', tokenId: 'tok_abc' };

  it('refuses an initiating party fee larger than the amount', () => {
    const check = validateTransactionRequest({ ...base, initiatingPartyFee: 50.01 });
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.errors.map((error) => error.field)).toContain('initiatingPartyFee');
  });

  it('accepts an initiating party fee equal to the amount', () => {
    const check = validateTransactionRequest({ ...base, initiatingPartyFee: 50 });
    expect(check.ok ? [] : check.errors).toEqual([]);
  });
});
