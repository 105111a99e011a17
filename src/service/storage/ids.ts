/**
 * Whether `id` could be one this service handed out (`tok_…`, `txn_…`, `auth_…`, a numeric id):
 * ASCII letters, digits, `_` and `-`, at most 64. Anything else (a NUL, a lone surrogate, text the
 * database cannot even compare) is answered 404 before any query.
 * @example couldBeId('tok_abc') // true; couldBeId('tok_\u0000') // false
 */
export const couldBeId = (id: string): boolean => /^[\w-]{1,64}$/.test(id);
