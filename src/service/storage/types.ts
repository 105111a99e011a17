/** Types every store in this folder shares; they import this file, never each other. */

/** Who a resource belongs to: the account it is booked to, and the system that acted for it, if any. */
export interface Scope {
  accountId: number;
  viaAccountId: number | null;
}
