/**
 * The life of a payment (lifecycle.ts) as the Markdown docs/domain.md shows; lifecycle-doc.test.ts
 * fails when the page says anything else.
 */
import {
  BEGINNINGS,
  CAPTURE,
  REFUND,
  SETTLE,
  STATE_MEANINGS,
  STATUS_OF_STATE,
  TRANSACTION_KINDS,
  REACHABLE,
  VOID,
  searchTypeOf,
  type Move,
  type TransactionKind,
} from './lifecycle.js';

const cell = (move: Move<string, string>): string => ('to' in move ? `→ ${move.to}` : `${move.refused}`);

/** The states table of one kind of transaction, as Markdown. */
function tableOf(kind: TransactionKind): string {
  const rows = REACHABLE[kind].map((state) =>
    [
      `**${state}**`,
      STATE_MEANINGS[state],
      STATUS_OF_STATE[state],
      searchTypeOf(state, kind),
      cell(CAPTURE[kind][state]),
      cell(VOID[kind][state]),
      cell(REFUND[kind][state]),
      SETTLE[kind][state] === null ? '—' : `→ ${SETTLE[kind][state]}`,
    ].join(' | '),
  );
  return [
    '| state | what it means | `status` | search list | capture | void | refund | settle |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** What docs/domain.md must show: how transactions begin, and each kind's table. */
export function lifecycleMarkdown(): string {
  const beginnings = Object.entries(BEGINNINGS)
    .map(([operation, state]) => `\`${operation}\` → ${state}`)
    .join(', ');
  return [
    `A transaction begins: ${beginnings}.`,
    ...TRANSACTION_KINDS.flatMap((kind) => [`**${kind}**`, tableOf(kind)]),
  ].join('\n\n');
}
