/**
 * The payments domain's states (src/service/payments/lifecycle.ts) as conditions on the
 * transactions table's columns: how storage finds the rows in a state, guards an update by the state
 * the domain expected (compare-and-set), settles and classifies searches. Only the encoding lives
 * here; the rules are the domain's table. transaction-states.test.ts holds the two equal.
 */
import {
  SEARCH_CLASSES,
  TRANSACTION_KINDS,
  settling,
  type TransactionKind,
  type TransactionState,
} from '../payments/lifecycle.js';
import type { TransactionSearchType } from '../../shared/transaction-search.js';

const APPROVED = "t.payment_response_code = 'Success'";
const OPEN_AUTHORIZATION = '(t.authorization_id IS NOT NULL AND t.captured_at IS NULL)';

/** Each state as a condition on a row aliased `t`. */
export const STATE_CONDITIONS: Record<TransactionState, string> = {
  Declined: "t.payment_response_code <> 'Success'",
  Authorized: `${APPROVED} AND t.voided_at IS NULL AND ${OPEN_AUTHORIZATION}`,
  Released: `${APPROVED} AND t.voided_at IS NOT NULL AND ${OPEN_AUTHORIZATION}`,
  Captured: `${APPROVED} AND t.voided_at IS NULL AND NOT ${OPEN_AUTHORIZATION} AND t.batch_id IS NULL`,
  Voided: `${APPROVED} AND t.voided_at IS NOT NULL AND NOT ${OPEN_AUTHORIZATION}`,
  Settled: `${APPROVED} AND t.voided_at IS NULL AND NOT ${OPEN_AUTHORIZATION} AND t.batch_id IS NOT NULL`,
};

/** Each kind as a condition on a row aliased `t`. */
export const KIND_CONDITIONS: Record<TransactionKind, string> = {
  Payment: 't.original_transaction_id IS NULL',
  Refund: 't.original_transaction_id IS NOT NULL',
};

/** The rows in any of these kinds and states (a state both kinds share needs no kind condition). */
export function inStates(cells: { kind: TransactionKind; state: TransactionState }[]): string {
  const states = [...new Set(cells.map((cell) => cell.state))];
  const parts = states.map((state) => {
    const kinds = cells.filter((cell) => cell.state === state).map((cell) => cell.kind);
    const everyKind = TRANSACTION_KINDS.every((kind) => kinds.includes(kind));
    return everyKind
      ? `(${STATE_CONDITIONS[state]})`
      : `(${STATE_CONDITIONS[state]} AND (${kinds.map((kind) => KIND_CONDITIONS[kind]).join(' OR ')}))`;
  });
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

/** The rows a settlement batch takes in (payments/lifecycle.ts SETTLE): one definition for both settlements. */
export const SETTLING_CONDITION = inStates(settling());

/**
 * The search's classification in the columns its indexes carry (`payment_response_code`,
 * `amount_cents`: migration 5's transactions_search INCLUDEs them), for speed: Declined is
 * `payment_response_code`, and a refund is the only row with a negative amount (payments/build-transaction.ts).
 * `yes` and `no` are a rule's condition and its negation.
 */
const SEARCH_ENCODING = {
  'state:Declined': { yes: "payment_response_code <> 'Success'", no: "payment_response_code = 'Success'" },
  'kind:Refund': { yes: 'amount_cents < 0', no: 'amount_cents >= 0' },
} as const;

type Encoded = keyof typeof SEARCH_ENCODING;

/** A search rule's one condition, in the encoding above (none: every row). */
function encodingOf(when: (typeof SEARCH_CLASSES)[number]['when']): Encoded | null {
  const key = when.state !== undefined ? `state:${when.state}` : when.kind !== undefined ? `kind:${when.kind}` : null;
  if (key !== null && !(key in SEARCH_ENCODING)) throw new Error(`No SQL encoding for the search rule ${key}.`);
  return key as Encoded | null;
}

/** Which rows each search type lists, for a row aliased `t`: generated from SEARCH_CLASSES. */
export function searchTypeConditions(prefix = 't.'): Record<TransactionSearchType, string> {
  const conditions = {} as Record<TransactionSearchType, string>;
  const earlier: Encoded[] = [];
  for (const { searchType, when } of SEARCH_CLASSES) {
    const own = encodingOf(when);
    const parts = [
      ...earlier.map((key) => prefix + SEARCH_ENCODING[key].no),
      ...(own === null ? [] : [prefix + SEARCH_ENCODING[own].yes]),
    ];
    conditions[searchType] = parts.length ? parts.join(' AND ') : 'TRUE';
    if (own !== null) earlier.push(own);
  }
  return conditions;
}

/**
 * The search type of a row as an SQL CASE, as the `transaction_day_counts` trigger and its backfill
 * (migration 5) write it with `prefix` `OLD.`, `NEW.` or nothing: generated from SEARCH_CLASSES.
 */
export function searchTypeCase(prefix: string): string {
  const whens = SEARCH_CLASSES.flatMap(({ searchType, when }) => {
    const own = encodingOf(when);
    return own === null ? [] : [`WHEN ${prefix}${SEARCH_ENCODING[own].yes} THEN '${searchType}'`];
  });
  const otherwise = SEARCH_CLASSES.at(-1)?.searchType ?? 'Processed';
  return `CASE ${whens.join(' ')} ELSE '${otherwise}' END`;
}
