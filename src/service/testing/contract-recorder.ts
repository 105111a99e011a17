/**
 * Holds the service to its own OpenAPI document in every service test. Each app the
 * harness builds has its `inject()` wrapped: every answer is attributed to an operation of the
 * document (by method and path template) and checked at once: the status must be declared, the body must validate
 * against that status's schema, and declared `Location`s must be sent. What each answer was is
 * appended to a file per worker; after a full run, src/service/testing/contract-coverage.ts checks
 * that every documented status of every operation was produced by some test.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** An answer attributed to an operation, as written to the per-worker file. */
export interface Observation {
  operationId: string;
  status: number;
  /** Why the answer broke the document, if it did. */
  violation?: string;
}

interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, unknown> }>;
}
/** The parts of an OpenAPI document the recorder reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: object;
}

/** Where the workers of this run write what they saw; set by the global setup (vite.config.ts). */
export const CONTRACT_DIR_ENV = 'PAYTOKEN_CONTRACT_DIR';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** An operation of the document, and how to recognize its requests. */
export interface Route {
  method: string;
  /** As the document writes it: `/api/v1/tokens/{tokenId}`. */
  path: string;
  pattern: RegExp;
  operationId: string;
  operation: OpenApiOperation;
  /** The document's components, which its schemas' `$ref`s point into. */
  components: object;
}

/** Every operation of the document with a matcher for its path (case-insensitive, trailing slash ignored, as the router). */
export function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as OpenApiOperation;
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      return {
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}/?$`, 'i'),
        operationId: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        operation,
        components: document.components ?? {},
      };
    }),
  );
}

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what is imported.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
// As a client's validator reads the document, with every error listed (not strict: the schemas
// carry the document's `components`, which `$ref`s point into).
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * A number in an answer with more than 2 decimals, if any: every number answered is money or a
 * count, and the document states the 2-decimal rule in words (src/service/http/schemas/schemas.ts).
 */
function overPrecise(value: unknown): number | undefined {
  if (typeof value === 'number') return /\.\d{3,}|e-/.test(String(value)) ? value : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const item of Object.values(value)) {
    const found = overPrecise(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Checks one answer against the operation's declared responses; `undefined` when it conforms. */
export function violationOf(
  route: Route,
  status: number,
  headers: Record<string, unknown>,
  payload: unknown,
): string | undefined {
  const declared = route.operation.responses?.[String(status)];
  if (!declared) return `status ${status} is not declared`;
  // A report answered as text (text/csv, text/plain): the type must be one the status declares.
  const contentType = headers['content-type'];
  const type = typeof contentType === 'string' ? (contentType.split(';')[0]?.trim() ?? '') : '';
  if (type.startsWith('text/') && status < 300)
    return declared.content?.[type] ? undefined : `status ${status} declares no ${type} body`;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return payload === '' || payload === undefined ? undefined : `status ${status} declares no body`;
  let body: unknown;
  try {
    body = JSON.parse(String(payload));
  } catch {
    return `the ${status} body is not JSON`;
  }
  // `#/components/…` resolves against the root: the schema carries the document's components.
  const validate = validatorFor(`${route.method} ${route.path} ${status}`, { ...schema, components: route.components });
  if (!validate(body)) return `the ${status} body breaks its schema: ${ajv.errorsText(validate.errors)}`;
  const precise = overPrecise(body);
  if (precise !== undefined) return `the ${status} body has a number with more than 2 decimals: ${precise}`;
  if (declared.headers?.Location && !headers.location) return `the ${status} answer has no Location`;
  return undefined;
}

/** The per-worker file of this run's observations, if the global setup made a directory. */
function observationFile(): string | null {
  const dir = process.env[CONTRACT_DIR_ENV];
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return join(dir, `${process.pid}.jsonl`);
}

/**
 * Counts an answer that did not come through `inject()` (one the HTTP parser gave on a real socket)
 * towards the status coverage, as if the recorder had seen it.
 */
export function recordObservation(observation: Observation): void {
  const file = observationFile();
  if (file) appendFileSync(file, `${JSON.stringify(observation)}\n`);
}

/**
 * Holds `app` to its own document: every answer to `app.inject()` (the form with options and a
 * promise, which the tests use) is checked when it arrives. The framework's own answers (a 414 for a
 * long path segment) bypass every hook, so the check wraps `inject` rather than hooking `onSend`.
 * `violations` receives every answer that broke the document, for the harness to fail the test file on.
 */
export function recordContract(app: FastifyInstance, violations: string[]): void {
  let routes: Route[] | null = null;
  const file = observationFile();
  const check = (options: InjectOptions | string, response: LightMyRequestResponse) => {
    routes ??= routesOf(app.swagger() as unknown as OpenApiDocument);
    const method = (typeof options === 'string' ? 'GET' : (options.method ?? 'GET')).toUpperCase();
    // What the app was given: inject resolves dot segments (`/transactions/%2E` arrives as
    // `/transactions/`, the search) and keeps a leading `//`; re-parsing the URL here would differ.
    const path = (response.raw.req.url ?? '/').split('?')[0] ?? '/';
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) return;
    const status = response.statusCode;
    const violation = violationOf(route, status, response.headers, response.payload);
    if (violation) violations.push(`${method} ${path} (${route.operationId}): ${violation}`);
    const observation: Observation = { operationId: route.operationId, status, ...(violation && { violation }) };
    if (file) appendFileSync(file, `${JSON.stringify(observation)}\n`);
  };
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  // The chain form (`inject()`) and the callback form pass through unchecked.
  const recorded = (options?: InjectOptions | string, ...rest: unknown[]): unknown => {
    if (options === undefined || rest.length) return inject(options, ...rest);
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      check(options, response);
      return response;
    });
  };
  Object.assign(app, { inject: recorded });
}
