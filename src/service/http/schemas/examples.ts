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
  maskedAccountNumber: '************4242',
  comments: null,
  attributeValues: [],
  paymentResponseCode: 'Success',
  events: [{ eventDate: CREATED, eventType: 'Sale', comments: null }],
  created: CREATED,
  status: 'Captured',
  batchId: null,
  originalTransactionId: null,
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
