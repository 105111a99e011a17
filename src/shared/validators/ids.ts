/**
 * How each id the service hands out is spelled: one spelling each (docs/api.md#conventions). The OpenAPI
 * document shows these patterns and the service checks them, so `/transactions/01` names nothing.
 * Numeric ids are what the database's `integer` columns hold without leading zeros; the others are
 * a prefix and base64url characters (src/service/vault/random.ts).
 */
export const ID_PATTERNS = {
  token: '^tok_[A-Za-z0-9_-]{1,60}$',
  authorization: '^auth_[A-Za-z0-9_-]{1,59}$',
  /** The numeric id or the `txn_…` public id. */
  transaction: '^(?:[1-9][0-9]{0,8}|txn_[A-Za-z0-9_-]{1,60})$',
  publicTransaction: '^txn_[A-Za-z0-9_-]{1,60}$',
  batch: '^[1-9][0-9]{0,8}$',
  paymentSchedule: '^psch_[A-Za-z0-9_-]{1,59}$',
  autoPay: '^[1-9][0-9]{0,8}$',
  event: '^evt_[A-Za-z0-9_-]{1,60}$',
  webhookEndpoint: '^we_[A-Za-z0-9_-]{1,61}$',
} as const;

export type IdKind = keyof typeof ID_PATTERNS;

const compiled = Object.fromEntries(
  Object.entries(ID_PATTERNS).map(([kind, pattern]) => [kind, new RegExp(pattern)]),
) as Record<IdKind, RegExp>;

/**
 * Whether `value` is spelled as an id of `kind`.
 * @example isId('transaction', '1042') // true; isId('transaction', '01042') // false
 */
export const isId = (kind: IdKind, value: unknown): value is string =>
  typeof value === 'string' && compiled[kind].test(value);
