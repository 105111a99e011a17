import type { FastifyInstance } from 'fastify';
import { centsToAmount, formatAmount } from '../../shared/money.js';
import { transactionMessages } from '../../shared/messages/en.js';
import {
  validateAuthorizationRequest,
  validateTransactionRequest,
  type TransactionDraft,
} from '../../shared/validators/transaction-request.js';
import type { PaymentResponseCode, TransactionResponse, TransactionType } from '../../shared/wire.js';
import { callerOf, secretOnly, type Caller } from '../auth/authenticate.js';
import { baseUrl, type ServiceDeps } from '../deps.js';
import { ApiError, type ServiceCode } from '../errors.js';
import { breakdown, type PaymentMethod } from '../fees/engine.js';
import { idempotent, type Outcome } from '../idempotency.js';
import { fromCheck, requestSchema, type RequestTypes } from '../openapi/request-schema.js';
import {
  authorizationIdParamsSchema,
  authorizationRequestSchema,
  authorizationSchema,
  errorResponses,
  secretSecurity,
  transactionIdParamsSchema,
  transactionRequestSchema,
  transactionSchema,
} from '../openapi/schemas.js';
import { RESPONSE_MESSAGES, decide, type ProcessorSource } from '../processor/sandbox.js';
import { brandOf, maskAccountNumber } from '../payments/account-number.js';
import { processorSource } from '../payments/processor-source.js';
import { toTransactionResponse } from '../payments/responses.js';
import { newId } from '../random.js';
import type { NewTransaction, StoredTransaction, TransactionMoney } from '../storage/transactions.js';

const AUTHORIZATION_DAYS = 7;

/** The error codes of declines that are the caller's mistake rather than the processor's answer. */
const DECLINE_CODES: Partial<Record<PaymentResponseCode, ServiceCode>> = {
  InvalidToken: 'INVALID_TOKEN',
  InvalidAuthorization: 'INVALID_AUTHORIZATION',
  InvalidPaymentType: 'INVALID_PAYMENT_TYPE',
};

/** A decline (contract §2): a 400 carrying the stored transaction's id and the processor's answer. */
function declined(
  code: PaymentResponseCode,
  requestId: string,
  id?: number,
  message = RESPONSE_MESSAGES[code],
): Outcome {
  const apiCode = DECLINE_CODES[code] ?? 'PAYMENT_DECLINED';
  return {
    status: 400,
    headers: {},
    body: { message, code: apiCode, ...(id !== undefined && { id }), paymentResponseCode: code, requestId },
  };
}

const moneyProblem = (
  code: 'PAYER_FEE_EXCEEDS_AMOUNT' | 'INITIATING_PARTY_FEE_EXCEEDS_AMOUNT' | 'NET_AMOUNT_NEGATIVE',
) =>
  ApiError.fields([
    {
      field:
        code === 'PAYER_FEE_EXCEEDS_AMOUNT'
          ? 'payerFee'
          : code === 'NET_AMOUNT_NEGATIVE'
            ? 'amount'
            : 'initiatingPartyFee',
      code,
      message: transactionMessages[code],
    },
  ]);

/** The fee breakdown of a draft for a method, in the rates of the account the call acts for. */
function moneyFor(
  draft: TransactionDraft,
  method: PaymentMethod,
  caller: Caller,
  hasAuthorization: boolean,
): TransactionMoney {
  const result = breakdown(caller.actingFor.feeSchedules[method], {
    amount: draft.amountCents,
    payerFee: draft.payerFeeCents,
    initiatingPartyFee: draft.initiatingPartyFeeCents,
    hasAuthorization,
    impersonated: caller.scope.viaAccountId !== null,
  });
  if (typeof result === 'string') throw moneyProblem(result);
  return result;
}

export function transactionRoutes(instance: FastifyInstance, deps: ServiceDeps): void {
  const app = instance.withTypeProvider<RequestTypes>();
  const { transactions } = deps.repository;

  const record = (
    draft: TransactionDraft,
    caller: Caller,
    fields: Partial<NewTransaction> & TransactionMoney & Pick<NewTransaction, 'paymentResponseCode'>,
  ): NewTransaction => ({
    publicId: newId('txn'),
    scope: caller.scope,
    authorizationId: null,
    tokenId: 'tokenId' in draft.source ? draft.source.tokenId : null,
    payer: draft.payer,
    emailAddress: draft.emailAddress ?? null,
    attributeValues: draft.attributeValues ?? {},
    comments: draft.comments ?? null,
    sendReceipt: draft.sendReceipt,
    ipAddress: draft.ipAddress ?? null,
    transactionType: null,
    maskedAccountNumber: null,
    authorizedAmount: null,
    authorizationExpires: null,
    events: [],
    ...fields,
  });

  /** A sale from a token or from card or bank details sent directly. */
  async function sell(draft: TransactionDraft, caller: Caller, requestId: string, base: string): Promise<Outcome> {
    let source: ProcessorSource;
    let transactionType: TransactionType;
    let maskedAccountNumber: string;
    const { source: sent } = draft;
    if ('tokenId' in sent) {
      const token = await deps.repository.tokens.find(sent.tokenId, caller.scope);
      if (!token) {
        // Contract §6: an unknown or deleted token is a decline, stored like any other.
        const I = draft.initiatingPartyFeeCents;
        const money = {
          amount: draft.amountCents,
          payerFee: draft.payerFeeCents ?? 0,
          fee: 0,
          netAmount: draft.amountCents - I,
          initiatingPartyFee: I,
          payerFeeMode: null,
        };
        const stored = await transactions.insert(
          record(draft, caller, { ...money, paymentResponseCode: 'InvalidToken' }),
        );
        return declined('InvalidToken', requestId, stored.id);
      }
      source = processorSource(token, deps);
      transactionType = token.transactionType;
      maskedAccountNumber = token.maskedAccountNumber;
    } else if ('creditCardInformation' in sent) {
      const card = sent.creditCardInformation;
      source = { cardNumber: card.cardNumber, expired: false };
      transactionType = brandOf(card.cardNumber);
      maskedAccountNumber = maskAccountNumber(card.cardNumber);
    } else if ('bankAccountInformation' in sent) {
      source = {
        routingNumber: sent.bankAccountInformation.routingNumber,
        accountNumber: sent.bankAccountInformation.accountNumber,
      };
      transactionType = 'Ach';
      maskedAccountNumber = maskAccountNumber(sent.bankAccountInformation.accountNumber);
    } else {
      throw new Error('sell() takes no authorization');
    }
    const money = moneyFor(draft, transactionType === 'Ach' ? 'ach' : 'creditCard', caller, false);
    const paymentResponseCode = decide(source, money.amount);
    const approved = paymentResponseCode === 'Success';
    const stored = await transactions.insert(
      record(draft, caller, {
        ...money,
        transactionType,
        maskedAccountNumber,
        paymentResponseCode,
        events: approved ? [{ eventType: 'Sale', eventDate: deps.now(), comments: null }] : [],
      }),
    );
    if (!approved) return declined(paymentResponseCode, requestId, stored.id);
    return created(stored, base);
  }

  /** A capture of an authorization (contract §5): at most the authorized amount, once, within 7 days, same impersonation. */
  async function capture(
    draft: TransactionDraft,
    authorizationId: string,
    caller: Caller,
    requestId: string,
    base: string,
  ): Promise<Outcome> {
    const authorization = await transactions.findAuthorization(authorizationId, caller.scope);
    const refuse = (reason: string) => declined('InvalidAuthorization', requestId, authorization?.id, reason);
    if (!authorization)
      return refuse('No such authorization for these credentials (or it was made under another impersonation).');
    if (authorization.capturedAt) return refuse('This authorization was already captured.');
    const now = deps.now();
    if ((authorization.authorizationExpires?.getTime() ?? 0) <= now.getTime())
      return refuse(`This authorization expired (they last ${AUTHORIZATION_DAYS} days).`);
    const authorized = authorization.authorizedAmount ?? 0;
    if (draft.amountCents > authorized)
      return refuse(`The capture amount is more than the authorized ${formatAmount(authorized)}.`);
    const money = moneyFor(draft, 'creditCard', caller, true);
    if (money.amount > authorized)
      return refuse(`With the payer fee the capture is more than the authorized ${formatAmount(authorized)}.`);
    const captured = await transactions.capture(authorization.id, money, now, draft.comments ?? null);
    if (!captured) return refuse('This authorization was already captured.');
    return created(captured, base);
  }

  function created(transaction: StoredTransaction, base: string): Outcome {
    const headers: Record<string, string> = { Location: `${base}/api/v1/transactions/${transaction.id}` };
    const body: TransactionResponse = toTransactionResponse(transaction);
    if (transaction.payerFeeMode === 'ServiceCalculated') {
      headers.Deprecation = 'true';
      body.warnings = [
        `payerFee was not sent, so the service added a payer fee of ${formatAmount(transaction.payerFee)} to the charge (Mode C, deprecated). ` +
          'Send payerFee, calculated with GET /api/v1/transactionFees, in amount and payerFee instead (Mode A).',
      ];
    }
    return { status: 201, headers, body };
  }

  app.post(
    '/api/v1/transactions',
    {
      schema: {
        summary: 'Create a transaction',
        description:
          'Charges a token, card or bank details, or captures an authorization. The payer-fee mode follows fees.md; a decline is a 400 with `id` and `paymentResponseCode`. Takes an `Idempotency-Key`.',
        tags: ['Transactions'],
        security: secretSecurity,
        body: requestSchema(
          transactionRequestSchema,
          fromCheck((body) => validateTransactionRequest(body, deps.now())),
        ),
        response: { 201: transactionSchema, ...errorResponses },
      },
      onRequest: secretOnly(deps),
    },
    (request, reply) => {
      const draft = request.body;
      const caller = callerOf(request);
      if (draft.initiatingPartyFeeCents > 0 && caller.scope.viaAccountId === null) {
        throw ApiError.fields([
          {
            field: 'initiatingPartyFee',
            code: 'INITIATING_PARTY_FEE_NOT_ALLOWED',
            message: transactionMessages.INITIATING_PARTY_FEE_NOT_ALLOWED,
          },
        ]);
      }
      const base = baseUrl(request, deps);
      return idempotent(request, reply, deps, caller.scope, 'transactions.create', () =>
        'authorizationId' in draft.source
          ? capture(draft, draft.source.authorizationId, caller, request.id, base)
          : sell(draft, caller, request.id, base),
      );
    },
  );

  app.post(
    '/api/v1/transactions/authorize',
    {
      schema: {
        summary: 'Authorize an amount on a card token',
        description:
          'Holds the amount for 7 days; capture it with POST /transactions and `authorizationId`. Card tokens only.',
        tags: ['Transactions'],
        security: secretSecurity,
        body: requestSchema(authorizationRequestSchema, fromCheck(validateAuthorizationRequest)),
        response: { 201: authorizationSchema, ...errorResponses },
      },
      onRequest: secretOnly(deps),
    },
    (request, reply) => {
      const { tokenId, amountCents } = request.body;
      const caller = callerOf(request);
      return idempotent(request, reply, deps, caller.scope, 'transactions.authorize', async () => {
        const token = await deps.repository.tokens.find(tokenId, caller.scope);
        if (!token) return declined('InvalidToken', request.id);
        if (token.transactionType === 'Ach')
          return declined(
            'InvalidPaymentType',
            request.id,
            undefined,
            'Only card tokens can be authorized; an ACH token is charged with POST /transactions.',
          );
        const draft: TransactionDraft = {
          payer: token.payer,
          emailAddress: token.emailAddress,
          amountCents,
          payerFeeCents: null,
          initiatingPartyFeeCents: 0,
          source: { tokenId },
          sendReceipt: false,
        };
        const money = moneyFor(draft, 'creditCard', caller, true);
        const paymentResponseCode = decide(processorSource(token, deps), amountCents);
        const approved = paymentResponseCode === 'Success';
        const now = deps.now();
        const expires = new Date(now.getTime() + AUTHORIZATION_DAYS * 86_400_000);
        const authorizationId = approved ? newId('auth') : null;
        const stored = await transactions.insert(
          record(draft, caller, {
            ...money,
            paymentResponseCode,
            authorizationId,
            transactionType: token.transactionType,
            maskedAccountNumber: token.maskedAccountNumber,
            authorizedAmount: amountCents,
            authorizationExpires: expires,
            events: approved ? [{ eventType: 'Authorize', eventDate: now, comments: null }] : [],
          }),
        );
        if (!approved) return declined(paymentResponseCode, request.id, stored.id);
        return {
          status: 201,
          headers: { Location: `${baseUrl(request, deps)}/api/v1/transactions/authorizations/${authorizationId}` },
          body: {
            authorizationId,
            amount: centsToAmount(amountCents),
            expires: expires.toISOString(),
            transactionId: stored.id,
            captured: false,
          },
        };
      });
    },
  );

  app.get<{ Params: { authorizationId: string } }>(
    '/api/v1/transactions/authorizations/:authorizationId',
    {
      schema: {
        summary: 'Retrieve an authorization',
        tags: ['Transactions'],
        security: secretSecurity,
        params: requestSchema(authorizationIdParamsSchema, (value) => ({ value })),
        response: { 200: authorizationSchema, ...errorResponses },
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const authorization = await transactions.findAuthorization(
        request.params.authorizationId,
        callerOf(request).scope,
      );
      if (!authorization) throw ApiError.of(404, 'AUTHORIZATION_NOT_FOUND');
      return {
        authorizationId: authorization.authorizationId,
        amount: centsToAmount(authorization.authorizedAmount ?? 0),
        expires: authorization.authorizationExpires?.toISOString(),
        transactionId: authorization.id,
        captured: authorization.capturedAt !== null,
      };
    },
  );

  app.get<{ Params: { transactionId: string } }>(
    '/api/v1/transactions/:transactionId',
    {
      schema: {
        summary: 'Retrieve a transaction',
        tags: ['Transactions'],
        security: secretSecurity,
        params: requestSchema(transactionIdParamsSchema, (value) => ({ value })),
        response: { 200: transactionSchema, ...errorResponses },
      },
      onRequest: secretOnly(deps),
    },
    async (request) => {
      const transaction = await transactions.find(request.params.transactionId, callerOf(request).scope);
      if (!transaction) throw ApiError.of(404, 'TRANSACTION_NOT_FOUND');
      return toTransactionResponse(transaction);
    },
  );
}
