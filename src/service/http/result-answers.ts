/**
 * The one place a payment operation's Result (src/service/payments/result.ts) becomes an HTTP
 * answer. A decline or a refusal is a 400 body, which an Idempotency-Key stores and replays; not
 * found and invalid are thrown as every 404 and field-by-field 400 is (app.ts writes them), so a key
 * is released, not stored.
 */
import { payerDeclineMessage } from '../../shared/messages/payer-declines.js';
import type { PaymentResponseCode } from '../../shared/wire.js';
import type { Failure, Result } from '../payments/result.js';
import { ApiError, type ServiceCode } from './errors.js';
import type { Outcome } from './idempotency.js';

const NOT_FOUND: Record<Extract<Failure, { kind: 'NotFound' }>['what'], ServiceCode> = {
  transaction: 'TRANSACTION_NOT_FOUND',
  token: 'TOKEN_NOT_FOUND',
  authorization: 'AUTHORIZATION_NOT_FOUND',
  batch: 'BATCH_NOT_FOUND',
  paymentSchedule: 'PAYMENT_SCHEDULE_NOT_FOUND',
  autoPay: 'AUTOPAY_NOT_FOUND',
  event: 'EVENT_NOT_FOUND',
  webhookEndpoint: 'WEBHOOK_ENDPOINT_NOT_FOUND',
};

/** The error codes of declines that are the caller's mistake rather than the processor's answer. */
const DECLINE_CODES: Partial<Record<PaymentResponseCode, ServiceCode>> = {
  InvalidToken: 'INVALID_TOKEN',
  InvalidAuthorization: 'INVALID_AUTHORIZATION',
  InvalidPaymentType: 'INVALID_PAYMENT_TYPE',
};

/** A failure as the service answers it; `requestId` goes into a decline's or a refusal's body. */
export function failureAnswer(failure: Failure, requestId: string): Outcome {
  switch (failure.kind) {
    case 'NotFound':
      throw ApiError.of(404, NOT_FOUND[failure.what]);
    case 'Invalid':
      throw ApiError.fields(failure.errors);
    case 'Conflict':
      throw ApiError.of(409, failure.code, failure.params);
    case 'Declined': {
      // docs/api.md#declines: the stored transaction's id and the processor's answer.
      const { code, message, transactionId } = failure;
      return {
        status: 400,
        headers: {},
        body: {
          message,
          code: DECLINE_CODES[code] ?? 'PAYMENT_DECLINED',
          ...(transactionId !== undefined && { id: transactionId }),
          paymentResponseCode: code,
          payerMessage: payerDeclineMessage(code),
          requestId,
        },
      };
    }
    case 'Refused':
      // docs/api.md#voids-refunds-and-settlement: `reversalResponseCode` says why.
      return {
        status: 400,
        headers: {},
        body: {
          message: failure.message,
          code: 'REVERSAL_DECLINED' satisfies ServiceCode,
          reversalResponseCode: failure.code,
          requestId,
        },
      };
  }
}

/** An operation's result as an answer: `answer` for its value, `failureAnswer` for a failure. */
export const answerOf = <T>(result: Result<T>, requestId: string, answer: (value: T) => Outcome): Outcome =>
  result.ok ? answer(result.value) : failureAnswer(result.failure, requestId);

/** The value of a read's result, for a route that answers it as it is; a failure is thrown as its answer. */
export function valueOf<T>(result: Result<T>, requestId: string): T {
  if (result.ok) return result.value;
  const { status, body } = failureAnswer(result.failure, requestId);
  const { code, message } = body as { code: string; message: string };
  throw new ApiError(status, code, message);
}
