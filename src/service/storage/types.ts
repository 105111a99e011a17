/** Types every store in this folder shares; they import this file, never each other. */

/** Who a resource belongs to (the payments domain's, src/service/payments/model.ts). */
export type { Scope } from '../payments/model.js';
