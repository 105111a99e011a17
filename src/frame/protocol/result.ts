import type { FeeQuote } from '../../shared/wire.js';
import type { FrameResult } from './messages.js';

/**
 * A token result rebuilt from its public fields only, as the frame sends it to the page: whatever
 * else the object held (by a bug or a future field) stays in the frame.
 * @example publicResult({ success: true, id: 'tok_1', cardNumber: '4242…' }) // { success: true, id: 'tok_1' }
 */
export function publicResult(result: FrameResult): FrameResult {
  return result.success
    ? { success: true, id: String(result.id) }
    : {
        success: false,
        errorMessage: String(result.errorMessage),
        code: String(result.code),
        errors: (Array.isArray(result.errors) ? result.errors : []).map(({ field, code, message }) => ({
          field: String(field),
          code: String(code),
          message: String(message),
        })),
        ...(typeof result.seconds === 'number' && { seconds: result.seconds }),
      };
}

/**
 * A fee quote rebuilt from its two amounts, as the frame sends it to the page.
 * @example publicQuote({ amount: 100, payerFee: 3.25, bin: '42424242' }) // { amount: 100, payerFee: 3.25 }
 */
export const publicQuote = (quote?: FeeQuote): FeeQuote | undefined =>
  quote && { amount: Number(quote.amount), payerFee: Number(quote.payerFee) };
