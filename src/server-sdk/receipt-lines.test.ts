import { describe, expect, it } from 'vitest';
import type { TransactionResponse } from '../shared/wire.js';
import { feeLineOf, fundingLineOf } from './receipt-lines.js';

type Fields = Parameters<typeof feeLineOf>[0];
const sale: Fields = {
  transactionType: 'Visa',
  amount: 103,
  payerFee: 3,
  feeProgram: 'surcharge',
  principalTransactionId: null,
  feeTransactionId: null,
};

describe('the fee line of a receipt', () => {
  it.each([
    ['surcharge', 'Surcharge: $3.00', 'Recargo: $3.00'],
    ['convenienceFee', 'Convenience fee: $3.00', 'Cargo por conveniencia: $3.00'],
    ['serviceFee', 'Service fee: $3.00', 'Cargo por servicio: $3.00'],
    ['none', 'Payer fee: $3.00', 'Cargo al pagador: $3.00'],
    [null, 'Payer fee: $3.00', 'Cargo al pagador: $3.00'],
  ] as const)('under %s reads %s (and in Spanish %s)', (feeProgram, english, spanish) => {
    expect(feeLineOf({ ...sale, feeProgram })).toEqual({ text: english, amount: 3, feeTransactionId: null });
    expect(feeLineOf({ ...sale, feeProgram }, 'es').text).toBe(spanish);
  });

  it('under a surcharge names a bank payment’s fee no surcharge: a surcharge is on cards only', () => {
    const ach = { ...sale, transactionType: 'Ach', amount: 101, payerFee: 1 } as const;
    expect(feeLineOf(ach).text).toBe('Payer fee: $1.00');
    expect(feeLineOf({ ...ach, feeProgram: 'convenienceFee' }).text).toBe('Convenience fee: $1.00');
    expect(feeLineOf({ ...ach, feeProgram: 'serviceFee' }).text).toBe('Service fee: $1.00');
  });

  it('is a line of $0.00 on a debit card under a surcharge', () => {
    expect(feeLineOf({ ...sale, amount: 100, payerFee: 0 })).toMatchObject({ text: 'Surcharge: $0.00', amount: 0 });
  });

  it('of a sale whose service fee is its own transaction: that transaction’s amount and id', () => {
    const principal = { ...sale, amount: 100, payerFee: 0, feeProgram: 'serviceFee', feeTransactionId: 42 } as const;
    const feeTransaction = { id: 42, amount: 3.25 } as TransactionResponse;
    expect(feeLineOf({ ...principal, feeTransaction })).toEqual({
      text: 'Service fee: $3.25',
      amount: 3.25,
      feeTransactionId: 42,
    });
    // As a list shows the principal: the fee is on its own row; the line names it.
    expect(feeLineOf(principal)).toEqual({ text: 'Service fee: $0.00', amount: 0, feeTransactionId: 42 });
    // The fee transaction is all fee.
    const fee = { ...sale, amount: 3.25, payerFee: 0, feeProgram: 'serviceFee', principalTransactionId: 41 } as const;
    expect(feeLineOf(fee)).toEqual({ text: 'Service fee: $3.25', amount: 3.25, feeTransactionId: null });
  });

  it('of a refund gives the fee given back, without its sign', () => {
    expect(feeLineOf({ ...sale, amount: -103, payerFee: -3 }).text).toBe('Surcharge: $3.00');
  });

  it('refuses an amount the wire cannot carry', () => {
    expect(() => feeLineOf({ ...sale, payerFee: 0.001 })).toThrow(RangeError);
  });
});

describe('the funding line of a receipt', () => {
  it.each([
    ['credit', 'Card type: credit.'],
    ['debit', 'Card type: debit.'],
    ['prepaid', 'Card type: prepaid.'],
    ['unknown', null],
    [null, null],
  ] as const)('%s: %s', (funding, line) => {
    expect(fundingLineOf({ funding })).toBe(line);
  });

  it('speaks Spanish', () => {
    expect(fundingLineOf({ funding: 'debit' }, 'es')).toBe('Tipo de tarjeta: débito.');
  });
});
