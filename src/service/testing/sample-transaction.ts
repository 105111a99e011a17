import type { TransactionResponse } from '../../shared/wire.js';

/** docs/fees.md, worked example 7: $100.00 due, $3.25 payer fee, $103.25 charged. */
export const SALE: TransactionResponse = {
  id: 42,
  publicId: 'txn_4f1c2a',
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  transactionType: 'Visa',
  amount: 103.25,
  payerFee: 3.25,
  fee: 3.25,
  netAmount: 100,
  initiatingPartyFee: 0,
  payerFeeMode: 'ServiceCalculated',
  maskedAccountNumber: '************4242',
  funding: 'credit',
  feeProgram: 'none',
  comments: null,
  attributeValues: [],
  paymentResponseCode: 'Success',
  events: [{ eventDate: '2026-11-27T15:04:00.000Z', eventType: 'Sale', comments: null }],
  created: '2026-11-27T15:04:00.000Z',
  status: 'Captured',
  batchId: null,
  originalTransactionId: null,
  principalTransactionId: null,
  feeTransactionId: null,
};
