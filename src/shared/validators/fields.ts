import type { FieldError } from '../wire.js';
import { digitsOf, type Verification } from './verification.js';

/** A record of field problems, each under its dotted path. */
export interface FieldErrors {
  readonly list: FieldError[];
  /** Records `verification` under `field` when it failed; returns whether it passed. */
  check(field: string, verification: Verification): boolean;
}

export function fieldErrors(): FieldErrors {
  const list: FieldError[] = [];
  return {
    list,
    check(field, { isValid, code, message }) {
      if (!isValid && code && message) list.push({ field, code, message });
      return isValid;
    },
  };
}

/**
 * Several field problems as one answer: the single problem's code, else VALIDATION_FAILED; every
 * message in order, each once (two fields with the same problem say it once; `errors` names both).
 * The browser, the form and the service all summarize this way.
 */
export function summarize(errors: readonly { code: string; message: string }[]): { code: string; message: string } {
  const [only, another] = errors;
  return {
    code: only && !another ? only.code : 'VALIDATION_FAILED',
    message: [...new Set(errors.map((error) => error.message))].join(' '),
  };
}

/**
 * How to check one field (given its object, for rules that look at a sibling) and normalize it to a
 * `T`. A rule's check vouches for its normalized type: a field that passed is a `T` (or left out).
 */
export type FieldRule<T = unknown> = [
  validate: (value: unknown, object: Record<string, unknown>) => Verification,
  normalize: (value: unknown) => T | undefined,
];

/** One rule per field of `T`; optional fields of `T` are those whose rule may leave them out. */
export type FieldRules<T> = { [K in keyof T]-?: FieldRule<T[K]> };

/** What `checkFields` found: every field a `T` when all passed, else the ones that did. */
export type CheckedFields<T> = [values: T, ok: true] | [values: Partial<T>, ok: false];

/** Trimmed text; empty text is left out. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim()) || undefined;
/** Digits only, spaces and dashes removed. */
export const digits = (value: unknown): string | undefined => digitsOf(value) || undefined;
/** Kept as sent: the field's check already vouched that it is a `T`. */
export const same = <T>(value: unknown): T | undefined => (value ?? undefined) as T | undefined;

/** `raw` when it is a JSON object, else an empty one: a field of anything else is simply missing. */
export const fieldsOf = (raw: unknown): Record<string, unknown> =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

/**
 * Checks each field of `raw` by its rule, recording problems under `path`, and returns the normalized
 * fields that passed (unknown fields dropped) with whether all of them did.
 */
export function checkFields<T>(
  raw: unknown,
  path: string,
  rules: FieldRules<T>,
  errors: FieldErrors,
): CheckedFields<T> {
  const object = fieldsOf(raw);
  const values: Record<string, unknown> = {};
  let ok = true;
  for (const [name, [validate, normalize]] of Object.entries<FieldRule>(rules)) {
    if (errors.check(path + name, validate(object[name], object))) {
      const value = normalize(object[name]);
      if (value !== undefined) values[name] = value;
    } else {
      ok = false;
    }
  }
  // Each value passed its rule, which vouches for its type (FieldRule): this is where that is said.
  return [values, ok] as CheckedFields<T>;
}
