import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { ApiError, SERVICE_MESSAGES } from './http/errors.js';
import { validatorCompiler } from './http/schemas/request-schema.js';
import { docsRoutes, registerOpenApi } from './http/routes/docs.js';
import { scriptRoutes } from './http/routes/scripts.js';
import { frameRoutes } from './http/routes/frames.js';
import { loadHostedFiles } from './hosted/bundles.js';
import { tokenRoutes } from './http/routes/tokens.js';
import { publicKeyCheckRoutes } from './http/routes/public-key-check.js';
import { feeRoutes } from './http/routes/fees.js';
import { cardFeeRoutes } from './http/routes/card-fees.js';
import { transactionRoutes } from './http/routes/transactions.js';
import { transactionSearchRoutes } from './http/routes/transaction-search.js';
import { reversalRoutes } from './http/routes/reversals.js';
import { batchRoutes } from './http/routes/batches.js';
import { reportRoutes } from './http/routes/reports.js';
import { paymentScheduleRoutes } from './http/routes/payment-schedules.js';
import { autoPayRoutes } from './http/routes/auto-pays.js';
import { healthRoutes } from './http/routes/health.js';
import { eventRoutes } from './http/routes/events.js';
import { webhookEndpointRoutes } from './http/routes/webhook-endpoints.js';
import { parseNetworks, type TargetPolicy } from './webhooks/target.js';
import { startInstance } from './ops/instance.js';
import { createRateLimiter, createSharedRateLimiter } from './http/rate-limit.js';
import { createAccountCache } from './auth/account-cache.js';
import { foreignPagePreflight } from './auth/browser-pages.js';
import { clientErrorHandler, frameworkErrors, ignoreTypeOfEmptyBody } from './http/framework-errors.js';
import { refuseForeignHost } from './http/host.js';
import { securityHeaders } from './http/security-headers.js';
import { randomBytesPooled } from './vault/random.js';
import { loggedUrl } from './http/logged-url.js';
import type { ServiceDeps } from './deps.js';
import type { ProcessorName } from './config/config.js';
import type { PaymentProcessor } from './payments/payment-processor.js';
import { ProcessorUnavailable } from './payments/payment-processor.js';
import { sandboxProcessor } from './sandbox/processor.js';
import { sandboxBinTable } from './cards/bin-table-file.js';
import { systemClock } from './clock/clock.js';

type Defaulted =
  | 'rateLimiter'
  | 'accountCache'
  | 'instance'
  | 'now'
  | 'scriptsDir'
  | 'version'
  | 'processor'
  | 'binTable'
  | 'webhookTargets';
export interface BuildOptions extends Omit<ServiceDeps, Defaulted>, Partial<Pick<ServiceDeps, Defaulted>> {
  /** Where logs go (default stdout); tests pass a stream to read them. */
  logStream?: DestinationStream;
  /** Count rate limits in the database, shared by every process on it (PostgreSQL); default: in memory. */
  sharedRateLimits?: boolean;
  /** The only process on its database (the embedded one, locked): others recorded there are gone. */
  soleProcess?: boolean;
  /** How long a request may take to arrive whole, headers and body (default `REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
}

/** The processors `PROCESSOR` can name (src/service/config/config.ts): the sandbox only, for now. */
const PROCESSORS: Record<ProcessorName, PaymentProcessor> = { sandbox: sandboxProcessor };

/** The acquirer's adapter `PROCESSOR` names (the sandbox when unset). */
export const processorNamed = (name: ProcessorName | undefined): PaymentProcessor => PROCESSORS[name ?? 'sandbox'];

/**
 * A request must arrive whole, headers and body, within this: one that stalls or trickles gets a 408
 * and its connection closed, instead of holding a socket and the work begun for it (an authenticated
 * body is awaited after its credentials were checked). A token's body is under 1 KiB and the limit
 * is 64 KiB; 30 s is that limit at about 17 kbit/s.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Never logged, whatever object they appear in. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.impersonationaccountkey',
  'headers.authorization',
  '*.cardNumber',
  '*.cvc',
  '*.accountNumber',
  '*.routingNumber',
  'body',
  '*.body',
];

/**
 * The request line as Fastify writes it, but with the query's values left out (http/logged-url.ts): a
 * search's payer name or last four, the frame page's impersonation key.
 */
const requestLine = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { req: requestLine } }, stream);
}

/**
 * Builds the reference service without listening (`app.inject()` in tests, `main.ts` listens).
 * @example
 * const app = await buildApp({ repository, vault, config: loadConfig() });
 * const response = await app.inject({ method: 'GET', url: '/openapi.json' });
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { logStream, sharedRateLimits, soleProcess, requestTimeoutMs = REQUEST_TIMEOUT_MS, ...given } = options;
  const loggerInstance: FastifyBaseLogger = createLogger(given.config.logLevel, logStream);
  const accountCache = given.accountCache ?? createAccountCache();
  const instance =
    given.instance ??
    (await startInstance(given.repository, accountCache, {
      soleProcess: soleProcess ?? false,
      warn: (message) => loggerInstance.warn(message),
    }));
  const deps: ServiceDeps = {
    rateLimiter: sharedRateLimits ? createSharedRateLimiter(given.repository.rateLimits) : createRateLimiter(),
    now: systemClock,
    scriptsDir: new URL('../../dist/browser/', import.meta.url).pathname,
    version: '0.0.0',
    processor: processorNamed(given.config.processor),
    binTable: sandboxBinTable(),
    webhookTargets: webhookTargetsOf(given.config),
    ...given,
    accountCache,
    instance,
  };
  const nextRequestId = requestIds();
  const app = Fastify({
    loggerInstance,
    genReqId: nextRequestId,
    frameworkErrors,
    clientErrorHandler: clientErrorHandler(nextRequestId),
    trustProxy: deps.config.trustProxy ?? false,
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    requestTimeout: requestTimeoutMs,
    http: {
      // Node requires headersTimeout <= requestTimeout, and checks neither body otherwise (a stalled body
      // stayed open for good); Fastify sets requestTimeout after creating the server, so both are given.
      headersTimeout: requestTimeoutMs,
      // How often Node looks for requests past their time (30 s by default: a 30 s limit would be 60).
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Only JSON bodies (docs/api.md#errors-and-codes): anything else is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  app.addHook('onRequest', ignoreTypeOfEmptyBody);
  app.addHook('onRequest', refuseForeignHost(deps.config));
  app.addHook('onSend', securityHeaders);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const api = toApiError(error);
    if (api.status >= 500) request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(api.status)
      .header('X-Request-Id', request.id)
      .headers(api.headers)
      .send({
        message: api.message,
        code: api.code,
        ...(api.errors.length && { errors: api.errors }),
        requestId: request.id,
      });
  });
  app.setNotFoundHandler((request) => {
    throw ApiError.of(404, 'NOT_FOUND', { method: request.method, path: request.url.split('?')[0] ?? '/' });
  });

  if (!given.instance) app.addHook('onClose', () => instance.stop());
  await registerOpenApi(app, deps.version);
  healthRoutes(app, deps);
  tokenRoutes(app, deps);
  publicKeyCheckRoutes(app, deps);
  foreignPagePreflight(app);
  feeRoutes(app, deps);
  cardFeeRoutes(app, deps);
  transactionRoutes(app, deps);
  transactionSearchRoutes(app, deps);
  reversalRoutes(app, deps);
  batchRoutes(app, deps);
  paymentScheduleRoutes(app, deps);
  autoPayRoutes(app, deps);
  eventRoutes(app, deps);
  webhookEndpointRoutes(app, deps);
  reportRoutes(app, deps);
  const hosted = loadHostedFiles(deps.scriptsDir);
  scriptRoutes(app, hosted, deps.version);
  frameRoutes(app, hosted, deps);
  await docsRoutes(app, deps);
  return app;
}

/** Where webhooks may go: the allowed networks, and this service's own host name and port (never). */
export function webhookTargetsOf(config: ServiceDeps['config']): TargetPolicy {
  const hostnames = [
    config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : null,
    ...(config.allowedHosts ?? []).map((host) => host.replace(/:\d+$/, '')),
  ];
  return {
    allowed: parseNetworks(config.webhookAllowedNetworks ?? '').list,
    self: {
      hostnames: hostnames.filter((name): name is string => !!name && name !== 'localhost'),
      port: config.port ?? null,
    },
  };
}

/**
 * Request ids: 96 random bits each, from the pooled generator (vault/random.ts, about 0.3 µs an id). Not a
 * prefix and a counter: every answer carries its id, and a counter would tell each tenant how many
 * requests all others made in between (docs/decisions/0001-transaction-and-batch-ids.md).
 */
function requestIds(): () => string {
  return () => `req_${randomBytesPooled(12).toString('base64url')}`;
}

/** Framework errors as the contract's readable 4xx; anything unexpected as a bare 500. */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  // Nothing was changed and a retry may succeed (payments/payment-processor.ts).
  if (error instanceof ProcessorUnavailable)
    return ApiError.of(503, 'PROCESSOR_UNAVAILABLE', {}, { 'Retry-After': '5' });
  const mapped: Record<string, [number, keyof typeof SERVICE_MESSAGES]> = {
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'EMPTY_BODY'],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON'],
  };
  const known = mapped[error.code];
  if (known) return ApiError.of(known[0], known[1]);
  if (error instanceof SyntaxError || error.statusCode === 400)
    return ApiError.of(400, error instanceof SyntaxError ? 'MALFORMED_JSON' : 'INVALID_REQUEST');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError(error.statusCode, 'INVALID_REQUEST', SERVICE_MESSAGES.INVALID_REQUEST);
  return ApiError.of(500, 'INTERNAL_ERROR');
}
