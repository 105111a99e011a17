import { SEARCH_MESSAGES } from './search.js';
import type { ReversalResponseCode } from '../../shared/wire.js';

export type { ReversalResponseCode };
import type { Transaction } from './model.js';
import { failed, type Result } from './result.js';

/** What a void or a refund decided: done, with the transaction to answer, or a failure (refused, not found). */
export type ReversalResult = Result<Transaction>;

/** What a refused void or refund says: why, and what to do instead. The API description's examples use them too. */
export const REVERSAL_MESSAGES = {
  voidOfDeclined: 'This transaction was declined, so there is nothing to void.',
  refundOfDeclined: 'This transaction was declined, so there is nothing to refund.',
  previouslyVoided: 'This transaction was already voided.',
  refundOfVoided: 'This transaction was voided; nothing was charged.',
  alreadySettled:
    'This transaction is already settled and can no longer be voided; refund it instead (POST /api/v1/transactions/{id}/refund).',
  notSettled: 'This transaction is not settled yet; void it instead (POST /api/v1/transactions/{id}/void).',
  refundOfRefund: 'This transaction is a refund; refund its original transaction instead.',
  voidOfRefund: 'This transaction is a refund, and a refund cannot be voided.',
  refundedInFull: 'This transaction is already refunded in full.',
  exceedsRemaining: (remaining: string) => `The refund is more than what is left to refund: ${remaining} remains.`,
} as const;

/** A refusal of a reversal. */
export const refused = (code: ReversalResponseCode, message: string): ReversalResult =>
  failed({ kind: 'Refused', code, message });

/** The codes and messages of a bad refund body or page (service-only, like the search's). */
export const REFUND_MESSAGES = {
  INVALID_REFUND_AMOUNT: 'amount is a number of currency units, more than 0, with at most 2 decimals (e.g. 40.00).',
  INVALID_SEND_RECEIPT: 'sendReceipt must be true or false.',
  UNKNOWN_REFUND_FIELD: 'A refund takes only amount and sendReceipt.',
  UNKNOWN_VOID_FIELD: 'A void takes only sendReceipt.',
  INVALID_PAGE: 'page must be a whole number from 1 to 1000000.',
  INVALID_PAGE_SIZE: 'pageSize must be a whole number from 1 to 50.',
  UNKNOWN_PAGE_PARAMETER: 'This list takes only page and pageSize.',
  EMPTY_PARAMETER: SEARCH_MESSAGES.EMPTY_PARAMETER,
} as const;
