import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { isId, type IdKind } from '../../../shared/validators/ids.js';
import { unstorableText } from '../../../shared/validators/unstorable-text.js';
import type { FieldError } from '../../../shared/wire.js';
import { ApiError, type ServiceCode } from '../errors.js';

/** A request check: the value the route receives, or the error it answers with. */
export type Check<T> = (data: unknown) => { value: T } | { error: Error };

declare const checkedValue: unique symbol;

/**
 * A request schema that carries, in its type only, what its check hands the route: `RequestTypes`
 * reads it, so `request.body` (or `query`, `params`) is typed without a cast.
 */
export type CheckedSchema<S, T> = S & { readonly [checkedValue]?: (value: T) => void };

const checks = new WeakMap<object, Check<unknown>>();

/**
 * Pairs a request schema (what the OpenAPI document shows) with the check that enforces it: the
 * shared validators, so the service refuses exactly what the browser refuses, with the same codes.
 * The route then receives the check's value, typed (register routes on `withRequestTypes(app)`).
 */
export function requestSchema<S extends object, T>(schema: S, check: Check<T>): CheckedSchema<S, T> {
  checks.set(schema, check);
  return schema;
}

/**
 * Fastify's type provider for `requestSchema`: the request part's type is its check's value type.
 * @example
 * withRequestTypes(app).post('/x', { schema: { body: requestSchema(schema, fromCheck(validateX)) } },
 *   (request) => request.body); // typed as validateX's value
 */
export interface RequestTypes extends FastifyTypeProvider {
  readonly validator: this['schema'] extends { readonly [checkedValue]?: (value: infer T) => void } ? T : unknown;
  readonly serializer: unknown;
}

const compiled = new Map<string, Check<unknown>>();

/** Fastify's validator compiler: every request schema must come with its check. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, method, url, httpPart }) => {
  const check = checks.get(schema);
  if (!check) throw new Error(`The ${httpPart} schema of ${method} ${url} has no check; wrap it in requestSchema().`);
  compiled.set(`${method} ${url.replace(/:(\w+)/g, '{$1}')} ${httpPart}`, check);
  return check;
};

/**
 * The check a built app runs on one part of an operation's requests, by the document's path
 * (`requestCheckOf('POST', '/api/v1/transactions/{transactionId}/void', 'body')`): the contract test
 * feeds it what the document accepts and refuses (src/service/openapi/agreement.test.ts).
 */
export function requestCheckOf(method: string, path: string, part: string): Check<unknown> | undefined {
  return compiled.get(`${method} ${path} ${part}`);
}

/**
 * A shared validator's answer as a request check: the normalized value, or a 400 listing every problem.
 * Text the database cannot store (NUL, a lone surrogate) is refused first, in any field.
 */
export function fromCheck<T>(
  check: (data: unknown) => { ok: true; value: T } | { ok: false; errors: FieldError[] },
): Check<T> {
  return (data) => {
    const unstorable = unstorableText(data);
    if (unstorable.length) return { error: ApiError.fields(unstorable) };
    const result = check(data);
    return result.ok ? { value: result.value } : { error: ApiError.fields(result.errors) };
  };
}

/**
 * The path parameter `name` checked against its id's one spelling (src/shared/validators/ids.ts):
 * anything else names nothing, so it is the operation's 404, before any query runs.
 * @example params: idParams(transactionIdParamsSchema, 'transactionId', 'transaction', 'TRANSACTION_NOT_FOUND')
 */
export function idParams<S extends object, K extends string>(
  schema: S,
  name: K,
  kind: IdKind,
  notFound: ServiceCode,
): CheckedSchema<S, Record<K, string>> {
  // A copy: one schema object may serve several routes, each with its own check.
  return requestSchema({ ...schema }, (params) => {
    const id = (params as Record<string, unknown> | null)?.[name];
    return isId(kind, id) ? { value: { [name]: id } as Record<K, string> } : { error: ApiError.of(404, notFound) };
  });
}
