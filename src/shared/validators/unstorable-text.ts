import { transactionMessages } from '../messages/en.js';
import type { FieldError } from '../wire.js';

/**
 * Text the database cannot store: NUL, or half of a surrogate pair standing alone (`u` makes a whole
 * pair, an emoji, one character that does not match).
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** More would only repeat the same message. */
const MOST_ERRORS = 50;

/**
 * Every piece of text in a parsed JSON request that PostgreSQL could not store, as an
 * `INVALID_CHARACTERS` field error: a value under its dotted path (`creditCardInformation.accountHolder`),
 * a member name under the path of its object (`attributeValues`), so the bad text is never echoed.
 * The service runs it before every request check; the hosted bundles leave it to the service, which
 * answers with this same code (their size budgets have no room for it: docs/decisions/0110-unstorable-text.md).
 * Iterative, so a deeply nested body cannot exhaust the stack; at most 50 errors.
 * @example unstorableText({ payer: 'Ada\u0000' }) // [{ field: 'payer', code: 'INVALID_CHARACTERS', … }]
 */
export function unstorableText(data: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const refuse = (field: string) => {
    if (!errors.some((error) => error.field === field))
      errors.push({ field, code: 'INVALID_CHARACTERS', message: transactionMessages.INVALID_CHARACTERS });
  };
  // A queue, read in order (the loop also visits what it appends): errors follow the body's order.
  const pending: [path: string, value: unknown][] = [['', data]];
  for (const [path, value] of pending) {
    if (errors.length >= MOST_ERRORS) break;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) refuse(path);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, member] of Object.entries(value)) {
        if (UNSTORABLE.test(name)) refuse(path);
        else pending.push([path ? `${path}.${name}` : name, member]);
      }
    }
  }
  return errors;
}
