import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../../shared/wire.js';
import { ApiError } from '../errors.js';

type Check = (data: unknown) => { value: unknown } | { error: Error };

const checks = new WeakMap<object, Check>();

/**
 * Pairs a request schema (what the OpenAPI document shows) with the check that enforces it: the
 * shared validators, so the service refuses exactly what the browser refuses, with the same codes.
 */
export function requestSchema<T extends object>(schema: T, check: Check): T {
  checks.set(schema, check);
  return schema;
}

/** Fastify's validator compiler: every request schema must come with its check. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, method, url, httpPart }) => {
  const check = checks.get(schema);
  if (!check) throw new Error(`The ${httpPart} schema of ${method} ${url} has no check; wrap it in requestSchema().`);
  return check;
};

/** A shared validator's answer as a request check: the normalized value, or a 400 listing every problem. */
export function fromCheck<T>(
  check: (data: unknown) => { ok: true; value: T } | { ok: false; errors: FieldError[] },
): Check {
  return (data) => {
    const result = check(data);
    return result.ok ? { value: result.value } : { error: ApiError.fields(result.errors) };
  };
}
