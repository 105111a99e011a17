/** The payments domain's types (src/service/payments/model.ts) as the wire shows them. */
import { centsToAmount } from '../../shared/money.js';
import type {
  BatchResponse,
  SettlementReportResponse,
  AttributeValue,
  AttributeValues,
  AuthorizationResponse,
  TokenResponse,
  TransactionResponse,
} from '../../shared/wire.js';
import { statusOf } from '../payments/lifecycle.js';
import type { Batch, Token, Transaction } from '../payments/model.js';
import type { SettlementReport } from '../reports/settlement-report.js';

/** Attributes as the wire lists them (docs/api.md#attribute-values): `{ name, parameterName, value }`, values as text. */
export const toAttributeValueList = (values: AttributeValues): AttributeValue[] =>
  Object.entries(values).map(([name, value]) => ({ name, parameterName: name, value: String(value) }));

/** A stored token as `GET /tokens/{id}` answers it: no sealed details. */
export function toTokenResponse(token: Token): TokenResponse {
  return {
    id: token.id,
    payer: token.payer,
    emailAddress: token.emailAddress,
    attributeValues: toAttributeValueList(token.attributeValues),
    transactionType: token.transactionType,
    maskedAccountNumber: token.maskedAccountNumber,
    lastFour: token.lastFour,
    expirationMonth: token.expirationMonth,
    expirationYear: token.expirationYear,
    accountType: token.accountType,
    funding: token.funding,
    feeQuote: token.feeQuote && {
      amount: centsToAmount(token.feeQuote.amount),
      payerFee: centsToAmount(token.feeQuote.payerFee),
      program: token.feeQuote.program,
      funding: token.feeQuote.funding,
    },
    created: token.created.toISOString(),
  };
}

/** A closed settlement batch as the wire shows it: totals as amounts. */
export const toBatchResponse = (batch: Batch): BatchResponse => ({
  id: batch.id,
  created: batch.created.toISOString(),
  numberOfCredits: batch.numberOfCredits,
  totalOfCredits: centsToAmount(batch.totalOfCredits),
  numberOfDebits: batch.numberOfDebits,
  totalOfDebits: centsToAmount(batch.totalOfDebits),
  currency: batch.currency,
});

/** A batch's settlement report as the wire shows it: cents as amounts, dates as ISO text. */
export const toSettlementReportResponse = ({ batch, lines, totals }: SettlementReport): SettlementReportResponse => ({
  batch: toBatchResponse(batch),
  lines: lines.map((line) => ({
    ...line,
    date: line.date.toISOString(),
    principal: centsToAmount(line.principal),
    payerFee: centsToAmount(line.payerFee),
    serviceFee: centsToAmount(line.serviceFee),
    initiatingPartyFee: centsToAmount(line.initiatingPartyFee),
    net: centsToAmount(line.net),
    amount: centsToAmount(line.amount),
  })),
  totals: {
    ...totals,
    totalOfDebits: centsToAmount(totals.totalOfDebits),
    totalOfCredits: centsToAmount(totals.totalOfCredits),
    principal: centsToAmount(totals.principal),
    payerFee: centsToAmount(totals.payerFee),
    serviceFee: centsToAmount(totals.serviceFee),
    initiatingPartyFee: centsToAmount(totals.initiatingPartyFee),
    net: centsToAmount(totals.net),
    amount: centsToAmount(totals.amount),
  },
});

/** A stored transaction as the wire shows it: cents as amounts, dates as ISO text. */
export function toTransactionResponse(t: Transaction): TransactionResponse {
  return {
    ...transactionFields(t),
    ...(t.feeTransaction && { feeTransaction: transactionFields(t.feeTransaction) }),
  };
}

/** The fields of one transaction, without the fee transaction it may carry. */
function transactionFields(t: Transaction): Omit<TransactionResponse, 'feeTransaction' | 'warnings'> {
  return {
    id: t.id,
    publicId: t.publicId,
    payer: t.payer,
    emailAddress: t.emailAddress,
    transactionType: t.transactionType,
    amount: centsToAmount(t.amount),
    payerFee: centsToAmount(t.payerFee),
    fee: centsToAmount(t.fee),
    netAmount: centsToAmount(t.netAmount),
    initiatingPartyFee: centsToAmount(t.initiatingPartyFee),
    payerFeeMode: t.payerFeeMode,
    funding: t.funding,
    feeProgram: t.feeProgram,
    maskedAccountNumber: t.maskedAccountNumber,
    comments: t.comments,
    attributeValues: toAttributeValueList(t.attributeValues),
    paymentResponseCode: t.paymentResponseCode,
    events: t.events.map((event) => ({
      eventDate: event.eventDate.toISOString(),
      eventType: event.eventType,
      comments: event.comments,
    })),
    created: t.created.toISOString(),
    status: statusOf(t),
    batchId: t.batchId,
    originalTransactionId: t.originalTransactionId,
    principalTransactionId: t.principalTransactionId,
    feeTransactionId: t.feeTransactionId,
  };
}

/** An approved authorization as the wire shows it: its hold, when it lapses, whether it was captured. */
export function toAuthorizationResponse(t: Transaction): AuthorizationResponse {
  const { authorizationId, authorizationExpires } = t;
  if (authorizationId === null || authorizationExpires === null) throw new Error(`${t.publicId} is no authorization.`);
  return {
    authorizationId,
    amount: centsToAmount(t.authorizedAmount ?? 0),
    expires: authorizationExpires.toISOString(),
    transactionId: t.id,
    captured: t.capturedAt !== null,
  };
}
