/**
 * The life of a payment as one table (docs/domain.md#the-life-of-a-payment): the states a transaction
 * is in, what each operation does from each of them, the status the wire shows and the search list it
 * appears in. Every operation decides through it (capture.ts, void.ts, refund.ts, settle.ts); storage
 * encodes the states as conditions on its columns (src/service/storage/transaction-states.ts), and a
 * test holds the two equal.
 */
import { declineDetails } from '../../shared/messages/api.js';
import type { TransactionSearchType } from '../../shared/transaction-search.js';
import type { ReversalResponseCode, TransactionStatus } from '../../shared/wire.js';
import type { Transaction } from './model.js';

/** How long an authorization can be captured (docs/api.md#authorizations). */
export const AUTHORIZATION_DAYS = 7;

/** Where a transaction is. */
export const TRANSACTION_STATES = ['Declined', 'Authorized', 'Released', 'Captured', 'Voided', 'Settled'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** A payment charges the payer (a sale, an authorization and its capture); a refund pays them back. */
export const TRANSACTION_KINDS = ['Payment', 'Refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** The states each kind can reach; the tables say what would happen in the others too, for safety. */
export const REACHABLE: Record<TransactionKind, readonly TransactionState[]> = {
  Payment: TRANSACTION_STATES,
  // A refund is made approved (BEGINNINGS.refund), is never voided (VOID) and settles.
  Refund: ['Captured', 'Settled'],
};

/** What each state means, for people (docs/domain.md shows this table). */
export const STATE_MEANINGS: Record<TransactionState, string> = {
  Declined: 'the processor or a rule declined it; nothing was charged',
  Authorized: 'an approved hold on a card, not captured yet (it lapses after 7 days)',
  Released: 'an authorization voided before its capture',
  Captured: 'approved and charged (or, for a refund, paid back), not settled yet',
  Voided: 'a capture or sale voided before settlement: nothing charged, no fee',
  Settled: 'closed in a settlement batch; money moved',
};

/** How a transaction begins: the operation that makes it, and the state it is made in. */
export const BEGINNINGS = {
  sale: 'Captured',
  authorize: 'Authorized',
  refund: 'Captured',
  decline: 'Declined',
} as const satisfies Record<string, TransactionState>;

/**
 * Why a void or a refund is refused: a key of REVERSAL_MESSAGES (payments/reversal.ts), which says it
 * to people. This file imports nothing of the domain's, so storage can read it without a cycle.
 */
export type ReversalReason =
  | 'voidOfDeclined'
  | 'refundOfDeclined'
  | 'previouslyVoided'
  | 'refundOfVoided'
  | 'alreadySettled'
  | 'notSettled'
  | 'refundOfRefund'
  | 'voidOfRefund';

/** The refusals of a capture: every one is an InvalidAuthorization decline that says why. */
export const CAPTURE_MESSAGES = {
  unknown: declineDetails.authorizationUnknown,
  captured: declineDetails.authorizationCaptured,
  released: declineDetails.authorizationReleased,
} as const;

/** One cell of an operation's table: the state it moves to, or a refusal with its code and reason. */
export type Move<Code extends string, Reason extends string> =
  { to: TransactionState } | { refused: Code; reason: Reason };

const to = (state: TransactionState) => ({ to: state });
const refuse = <Code extends string, Reason extends string>(refused: Code, reason: Reason) => ({ refused, reason });

/** An operation's table: what it does from each state, for each kind of transaction. */
export type Table<Code extends string, Reason extends string> = Record<
  TransactionKind,
  Record<TransactionState, Move<Code, Reason>>
>;

/** The same move from every state. */
const everywhere = <Code extends string, Reason extends string>(
  move: Move<Code, Reason>,
): Record<TransactionState, Move<Code, Reason>> =>
  Object.fromEntries(TRANSACTION_STATES.map((state) => [state, move])) as Record<TransactionState, Move<Code, Reason>>;

/** Capture (payments/capture.ts): an open authorization only, once; amount and expiry are checked there. */
export const CAPTURE: Table<'InvalidAuthorization', keyof typeof CAPTURE_MESSAGES> = {
  Payment: {
    // A declined authorization has no authorizationId, so it is never found by one.
    Declined: refuse('InvalidAuthorization', 'unknown'),
    Authorized: to('Captured'),
    Released: refuse('InvalidAuthorization', 'released'),
    Captured: refuse('InvalidAuthorization', 'captured'),
    Voided: refuse('InvalidAuthorization', 'captured'),
    Settled: refuse('InvalidAuthorization', 'captured'),
  },
  // A refund has no authorizationId either.
  Refund: everywhere(refuse('InvalidAuthorization', 'unknown')),
};

/** Void (payments/void.ts): before settlement only; a refund is never voided (it would give nothing back). */
export const VOID: Table<ReversalResponseCode, ReversalReason> = {
  Payment: {
    Declined: refuse('PreviouslyRejected', 'voidOfDeclined'),
    Authorized: to('Released'),
    Released: refuse('PreviouslyVoided', 'previouslyVoided'),
    Captured: to('Voided'),
    Voided: refuse('PreviouslyVoided', 'previouslyVoided'),
    Settled: refuse('AlreadySettled', 'alreadySettled'),
  },
  Refund: {
    Declined: refuse('PreviouslyRejected', 'voidOfDeclined'),
    Authorized: refuse('CannotBeVoided', 'voidOfRefund'),
    Released: refuse('CannotBeVoided', 'voidOfRefund'),
    Captured: refuse('CannotBeVoided', 'voidOfRefund'),
    Voided: refuse('PreviouslyVoided', 'previouslyVoided'),
    Settled: refuse('CannotBeVoided', 'voidOfRefund'),
  },
};

/**
 * Refund (payments/refund.ts), of the original: a settled payment stays Settled and a new refund
 * transaction begins (BEGINNINGS.refund); how much is left to refund is checked there.
 */
export const REFUND: Table<ReversalResponseCode, ReversalReason> = {
  Payment: {
    Declined: refuse('PreviouslyRejected', 'refundOfDeclined'),
    Authorized: refuse('NotSettled', 'notSettled'),
    Released: refuse('PreviouslyVoided', 'refundOfVoided'),
    Captured: refuse('NotSettled', 'notSettled'),
    Voided: refuse('PreviouslyVoided', 'refundOfVoided'),
    Settled: to('Settled'),
  },
  Refund: {
    Declined: refuse('PreviouslyRejected', 'refundOfDeclined'),
    Authorized: refuse('NotRefundable', 'refundOfRefund'),
    Released: refuse('PreviouslyVoided', 'refundOfVoided'),
    Captured: refuse('NotRefundable', 'refundOfRefund'),
    Voided: refuse('PreviouslyVoided', 'refundOfVoided'),
    Settled: refuse('NotRefundable', 'refundOfRefund'),
  },
};

/** Settle (payments/settle.ts, payments/cutoff.ts): what a batch takes in; `null` stays out of it. */
export const SETTLE: Record<TransactionKind, Record<TransactionState, TransactionState | null>> = {
  Payment: { Declined: null, Authorized: null, Released: null, Captured: 'Settled', Voided: null, Settled: null },
  Refund: { Declined: null, Authorized: null, Released: null, Captured: 'Settled', Voided: null, Settled: null },
};

/** The kinds and states a settlement batch takes in: the cells of SETTLE that move. */
export const settling = (): { kind: TransactionKind; state: TransactionState }[] =>
  TRANSACTION_KINDS.flatMap((kind) =>
    TRANSACTION_STATES.filter((state) => SETTLE[kind][state] !== null).map((state) => ({ kind, state })),
  );

/** The wire's status of a state; Captured and Settled payments show their refunds (`statusOf`). */
export const STATUS_OF_STATE: Record<TransactionState, TransactionStatus> = {
  Declined: 'Declined',
  Authorized: 'Authorized',
  Released: 'Voided',
  Captured: 'Captured',
  Voided: 'Voided',
  Settled: 'Settled',
};

/**
 * Which search lists a transaction (docs/api.md#searching-transactions): the first rule that matches.
 * Storage turns these rules into its SQL (src/service/storage/transaction-states.ts).
 */
export const SEARCH_CLASSES: readonly {
  searchType: TransactionSearchType;
  when: { state?: TransactionState; kind?: TransactionKind };
}[] = [
  { searchType: 'Rejected', when: { state: 'Declined' } },
  { searchType: 'Refunds', when: { kind: 'Refund' } },
  { searchType: 'Processed', when: {} },
];

/** The state of a transaction, from what happened to it. */
export function stateOf(t: Transaction): TransactionState {
  if (t.paymentResponseCode !== 'Success') return 'Declined';
  const open = t.authorizationId !== null && t.capturedAt === null;
  if (t.voidedAt) return open ? 'Released' : 'Voided';
  if (open) return 'Authorized';
  return t.batchId !== null ? 'Settled' : 'Captured';
}

export const kindOf = (t: Transaction): TransactionKind => (t.originalTransactionId !== null ? 'Refund' : 'Payment');

/** What `operation`'s table says of this transaction now. */
export const moveOf = <Code extends string, Reason extends string>(
  table: Table<Code, Reason>,
  t: Transaction,
): Move<Code, Reason> => table[kindOf(t)][stateOf(t)];

/** The search list of a transaction in `state` of `kind`. */
export function searchTypeOf(state: TransactionState, kind: TransactionKind): TransactionSearchType {
  const match = SEARCH_CLASSES.find(
    ({ when }) => (when.state === undefined || when.state === state) && (when.kind === undefined || when.kind === kind),
  );
  if (!match) throw new Error('SEARCH_CLASSES ends with a rule that matches every transaction.');
  return match.searchType;
}

/**
 * Where a transaction is in its life, as the wire says it (docs/api.md#voids-refunds-and-settlement):
 * its state's status, except that a payment with refunds is Refunded (in full) or PartiallyRefunded.
 */
export function statusOf(t: Transaction): TransactionStatus {
  const state = stateOf(t);
  if ((state === 'Captured' || state === 'Settled') && t.refundedAmount > 0)
    return t.refundedAmount >= t.amount ? 'Refunded' : 'PartiallyRefunded';
  return STATUS_OF_STATE[state];
}
