/**
 * Named examples of the successful answers, as the document shows them. Redocly's
 * `no-invalid-media-type-examples` rule checks each against its schema (`npm run lint:openapi`).
 */
import type { NamedExample } from './response-map.js';

const CREATED = '2026-11-22T15:30:00.000Z';
const TOKEN_ID = 'tok_3kq9Zr0cJvQmWb1xT2aYd8Ln';

export const tokenCreatedExamples: Record<string, NamedExample> = {
  created: { summary: 'The new token’s id (also in Location)', value: { id: TOKEN_ID } },
};

export const tokenExamples: Record<string, NamedExample> = {
  card: {
    summary: 'A Visa card',
    value: {
      id: TOKEN_ID,
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      attributeValues: [{ name: 'invoice', parameterName: 'invoice', value: 'INV-1042' }],
      transactionType: 'Visa',
      maskedAccountNumber: '************4242',
      lastFour: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
      accountType: null,
      funding: 'credit',
      feeQuote: null,
      created: CREATED,
    },
  },
  quoted: {
    summary: 'A Visa debit card, made with the fee quote the payer was shown (no surcharge on debit)',
    value: {
      id: 'tok_7Rb2Qs4Tu6Vw8Xy0Za1Bc3De',
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      attributeValues: [],
      transactionType: 'Visa',
      maskedAccountNumber: '************5556',
      lastFour: '5556',
      expirationMonth: 12,
      expirationYear: 2030,
      accountType: null,
      funding: 'debit',
      feeQuote: { amount: 100, payerFee: 0, program: 'surcharge', funding: 'debit' },
      created: CREATED,
    },
  },
  bankAccount: {
    summary: 'A personal checking account (ACH)',
    value: {
      id: 'tok_Pq7Lm2Xc9Vb4Nz8Ks1Tr6Wy0',
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      attributeValues: [],
      transactionType: 'Ach',
      maskedAccountNumber: '********6789',
      lastFour: '6789',
      expirationMonth: null,
      expirationYear: null,
      accountType: 'PersonalChecking',
      funding: null,
      feeQuote: null,
      created: CREATED,
    },
  },
};

export const tokenDeletedExamples: Record<string, NamedExample> = {
  deleted: { summary: 'The token can no longer be used', value: { id: TOKEN_ID, deleted: true } },
};

export const feesExamples: Record<string, NamedExample> = {
  hundred: {
    summary: 'The payer fees for $100.00 due',
    value: { achPayerFee: 3, creditCardPayerFee: 3.25 },
  },
  token: {
    summary: 'With tokenId: that token’s fee too (a debit card under a surcharge program)',
    value: {
      achPayerFee: 1,
      creditCardPayerFee: 3,
      payerFee: 0,
      funding: 'debit',
      program: 'surcharge',
      rule: 'SURCHARGE_NOT_ON_DEBIT',
    },
  },
};

export const cardFeesExamples: Record<string, NamedExample> = {
  debit: {
    summary: 'A Visa debit card under a surcharge program: no fee',
    value: {
      bin: '40000566',
      transactionType: 'Visa',
      funding: 'debit',
      program: 'surcharge',
      rule: 'SURCHARGE_NOT_ON_DEBIT',
      amount: 100,
      payerFee: 0,
      totalAmount: 100,
    },
  },
  credit: {
    summary: 'A Visa credit card under a surcharge program: 3 %',
    value: {
      bin: '42424242',
      transactionType: 'Visa',
      funding: 'credit',
      program: 'surcharge',
      rule: 'SURCHARGE_ON_CREDIT',
      amount: 100,
      payerFee: 3,
      totalAmount: 103,
    },
  },
  ach: {
    summary: 'A bank payment (method=ach)',
    value: {
      bin: null,
      transactionType: 'Ach',
      funding: null,
      program: 'surcharge',
      rule: 'ACH_FEE',
      amount: 100,
      payerFee: 1,
      totalAmount: 101,
    },
  },
};

/** An approved Mode A sale, as the document's transaction examples start from. */
export const transactionExample = {
  id: 1,
  publicId: 'txn_8Hs2Kd9Lq3Wm5Rt7Yb1Vc4Nx',
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  transactionType: 'Visa',
  amount: 103.25,
  payerFee: 3.25,
  fee: 3.25,
  netAmount: 100,
  initiatingPartyFee: 0,
  payerFeeMode: 'Included',
  funding: 'credit',
  feeProgram: 'none',
  maskedAccountNumber: '************4242',
  comments: null,
  attributeValues: [],
  paymentResponseCode: 'Success',
  events: [{ eventDate: CREATED, eventType: 'Sale', comments: null }],
  created: CREATED,
  status: 'Captured',
  batchId: null,
  originalTransactionId: null,
  principalTransactionId: null,
  feeTransactionId: null,
};

export const transactionExamples: Record<string, NamedExample> = {
  modeA: { summary: 'Mode A: $100.00 due, the payer fee sent and included', value: transactionExample },
  capture: {
    summary: 'A capture of an authorization',
    value: {
      ...transactionExample,
      id: 2,
      publicId: 'txn_2Jd8Ls0Qw4Ez6Rx1Tc3Vb5Ny',
      amount: 50,
      payerFee: 0,
      fee: 1.63,
      netAmount: 48.37,
      payerFeeMode: 'Custom',
      events: [
        { eventDate: CREATED, eventType: 'Authorize', comments: null },
        { eventDate: '2026-11-23T09:00:00.000Z', eventType: 'Capture', comments: null },
      ],
    },
  },
};

export const authorizationExamples: Record<string, NamedExample> = {
  held: {
    summary: '$80.00 held for 7 days',
    value: {
      authorizationId: 'auth_5Gh7Jk9Lm1Np3Qr5St7Uv9Wx',
      amount: 80,
      expires: '2026-11-29T15:30:00.000Z',
      transactionId: 2,
      captured: false,
    },
  },
};
