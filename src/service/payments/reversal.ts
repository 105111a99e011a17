import { formatMessage } from '../../shared/messages/catalog.js';
import { transactionMessages } from '../../shared/messages/en.js';
import { listMessages, reversalMessages } from '../../shared/messages/api.js';
import type { ReversalResponseCode } from '../../shared/wire.js';

export type { ReversalResponseCode };
import type { Transaction } from './model.js';
import { failed, type Result } from './result.js';

/** What a void or a refund decided: done, with the transaction to answer, or a failure (refused, not found). */
export type ReversalResult = Result<Transaction>;

/** What a refused void or refund says: why, and what to do instead (src/shared/messages/api.ts). */
export const REVERSAL_MESSAGES = {
  ...reversalMessages,
  exceedsRemaining: (remaining: string) => formatMessage(reversalMessages.exceedsRemaining, { remaining }),
} as const;

/** A refusal of a reversal. */
export const refused = (code: ReversalResponseCode, message: string): ReversalResult =>
  failed({ kind: 'Refused', code, message });

/** The codes and messages of a bad refund body or page (src/shared/messages/api.ts). */
export const REFUND_MESSAGES = {
  ...listMessages,
  INVALID_SEND_RECEIPT: transactionMessages.INVALID_SEND_RECEIPT,
} as const;
