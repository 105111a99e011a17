import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/** A short stable name for a statement's text: `s_` and 16 hex digits of its SHA-1. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * What a failed statement throws: only the statement's name and PostgreSQL's error code (SQLSTATE).
 * The driver's own error can quote parameters and rows ("Failing row contains (…)", "invalid input
 * syntax for type integer: …"), so neither its message nor its detail is kept, and logs hold no
 * payer, e-mail or sealed card.
 */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';

  constructor(
    readonly statement: string,
    readonly code: string,
  ) {
    super(`Statement ${statement} failed with SQLSTATE ${code}.`);
  }

  /** The error to throw for `thrown`, raised by the statement `text`. */
  static from(text: string, thrown: unknown): DatabaseError {
    if (thrown instanceof DatabaseError) return thrown;
    const code = (thrown as { code?: unknown } | null)?.code;
    return new DatabaseError(statementName(text), typeof code === 'string' ? code : 'unknown');
  }
}
