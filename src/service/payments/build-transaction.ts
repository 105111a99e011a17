/**
 * The one way a transaction is built (sale, authorization, decline, refund): who it is for and what it
 * was paid with, from a draft or from the original a refund gives back from, then its money and its
 * outcome. payments/money-rules.ts decides the money.
 */
import type { TransactionDraft } from '../../shared/validators/transaction-request.js';
import { newId } from '../vault/random.js';
import type { NewTransaction, Transaction, TransactionMoney } from './model.js';
import type { Payer } from './result.js';

/** Whose transaction it is and what the payer sent with it. */
export type TransactionBasis = Pick<
  NewTransaction,
  | 'scope'
  | 'tokenId'
  | 'payer'
  | 'emailAddress'
  | 'attributeValues'
  | 'comments'
  | 'sendReceipt'
  | 'ipAddress'
  | 'transactionType'
  | 'maskedAccountNumber'
  | 'paymentMethodFingerprint'
  | 'funding'
>;

/** The basis of a sale or an authorization: the draft's payer details in the caller's scope. */
export const basisOfDraft = (draft: TransactionDraft, payer: Payer): TransactionBasis => ({
  scope: payer.scope,
  tokenId: 'tokenId' in draft.source ? draft.source.tokenId : null,
  payer: draft.payer,
  emailAddress: draft.emailAddress ?? null,
  attributeValues: draft.attributeValues ?? {},
  comments: draft.comments ?? null,
  sendReceipt: draft.sendReceipt,
  ipAddress: draft.ipAddress ?? null,
  transactionType: null,
  maskedAccountNumber: null,
  paymentMethodFingerprint: null,
  funding: null,
});

/** The basis of a refund: the original's payer and payment method, nothing the payer sent with it. */
export const basisOfRefund = (original: Transaction): TransactionBasis => ({
  scope: original.scope,
  tokenId: original.tokenId,
  payer: original.payer,
  emailAddress: original.emailAddress,
  attributeValues: original.attributeValues,
  comments: null,
  sendReceipt: false,
  ipAddress: null,
  transactionType: original.transactionType,
  maskedAccountNumber: original.maskedAccountNumber,
  paymentMethodFingerprint: original.paymentMethodFingerprint,
  funding: original.funding,
});

/** What the operation decided: the outcome, the money and anything it adds (an authorization, events). */
export type TransactionOutcome = TransactionMoney &
  Pick<NewTransaction, 'paymentResponseCode'> &
  Partial<
    Pick<
      NewTransaction,
      | 'publicId'
      | 'authorizationId'
      | 'authorizedAmount'
      | 'authorizationExpires'
      | 'originalTransactionId'
      | 'events'
      | 'transactionType'
      | 'maskedAccountNumber'
      | 'paymentMethodFingerprint'
      | 'funding'
      | 'feeProgram'
      | 'principalTransactionId'
    >
  >;

/** A new transaction: its basis, then its outcome; a new public id. */
export const buildTransaction = (basis: TransactionBasis, outcome: TransactionOutcome): NewTransaction => ({
  publicId: newId('txn'),
  authorizationId: null,
  authorizedAmount: null,
  authorizationExpires: null,
  originalTransactionId: null,
  principalTransactionId: null,
  feeProgram: null,
  events: [],
  ...basis,
  ...outcome,
});
