/**
 * The answers every operation can give whatever it does (credentials, host, headers, body
 * framing, idempotency, a fault), produced for each operation of the live document. The harness checks
 * each answer against the document as it is sent (testing/contract-recorder.ts); with the route tests,
 * these make every documented status of every operation happen in some test
 * (testing/contract-coverage.ts checks that after a full run).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../storage/repository.js';
import {
  recordObservation,
  routesOf,
  violationOf,
  type OpenApiDocument,
  type Route,
} from '../testing/contract-recorder.js';
import {
  CARD,
  TEST_CONFIG,
  apiKey,
  basic,
  cardToken,
  matching,
  request,
  startTestService,
  type TestService,
} from '../testing/harness.js';

/** A request body that passes validation, and another one, for operations that read a body. */
const BODIES: Record<string, [body: object, other: object]> = {
  createToken: [cardToken(), cardToken({ accountHolder: 'Grace Hopper' })],
  createTransaction: [
    { payer: 'Ada Lovelace', amount: 10, payerFee: 0.33, creditCardInformation: CARD },
    { payer: 'Ada Lovelace', amount: 20, payerFee: 0.65, creditCardInformation: CARD },
  ],
  authorizeTransaction: [
    { tokenId: 'tok_unknown', amount: 10 },
    { tokenId: 'tok_unknown', amount: 20 },
  ],
  calculateTransactionFees: [{ amount: 100 }, { amount: 200 }],
  voidTransaction: [{}, { sendReceipt: true }],
  refundTransaction: [{ amount: 10 }, { amount: 20 }],
  // Their tokenId is a token of Springfield's, made in beforeAll.
  createPaymentSchedule: [
    {
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      tokenId: 'set in beforeAll',
      amount: 10,
      interval: 'Month',
      intervalCount: 1,
    },
    {
      payer: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      tokenId: 'set in beforeAll',
      amount: 20,
      interval: 'Month',
      intervalCount: 1,
    },
  ],
  createAutoPay: [{ emailAddress: 'ada@example.com' }, { emailAddress: 'grace@example.com' }],
  addAutoPayAmountDue: [
    { amount: 10, dueDate: '2099-01-01' },
    { amount: 20, dueDate: '2099-01-01' },
  ],
  createWebhookEndpoint: [
    { url: 'http://127.0.0.1:9/hooks', enabledEvents: ['*'] },
    { url: 'http://127.0.0.1:9/other', enabledEvents: ['transaction.approved'] },
  ],
  rotateWebhookSecret: [{}, { overlapSeconds: 60 }],
};

/** A value for each path parameter. */
const PATH_VALUES: Record<string, string> = {
  tokenId: 'tok_unknown',
  transactionId: 'set in beforeAll',
  authorizationId: 'auth_unknown',
  batchId: '1',
  paymentScheduleId: 'psch_unknown',
  autoPayId: '1',
  eventId: 'evt_unknown',
  endpointId: 'we_unknown',
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { examples?: unknown[] };
}
interface Operation {
  operationId: string;
  method: string;
  url: string;
  /** The URL with a path parameter of 101 characters, for operations that have one. */
  longUrl: string;
  parameters: Parameter[];
  hasBody: boolean;
  secretOnly: boolean;
  /** Paytoken's own (`x-paytoken-own`): answers a verdict, not an authenticated operation's errors. */
  own: boolean;
  statuses: string[];
}

const PUBLIC_URL = 'https://pay.agency.test';

let service: TestService;
let broken: TestService;
let operations: Operation[];
let routes: Route[];

beforeAll(async () => {
  service = await startTestService();
  // A database that fails every account lookup: each operation's first read.
  const failing = () => Promise.reject(new Error('the database is down'));
  const repository: Repository = {
    ...service.repository,
    accounts: { ...service.repository.accounts, findByApiKey: failing, findByPublicKey: failing },
  };
  // With PUBLIC_URL, whose document names it as its server.
  broken = await startTestService({ repository, config: { ...TEST_CONFIG, publicUrl: PUBLIC_URL } });
  // A transaction of Springfield's for the operations on one: ids are not handed out in order
  // (docs/decisions/0001-transaction-and-batch-ids.md), so none can be assumed to exist.
  const paid = await request(service.app, 'POST', '/api/v1/transactions', {
    authorization: basic(service.accounts.springfield),
    body: { payer: 'Ada Lovelace', amount: 7.77, payerFee: 0.01, creditCardInformation: CARD },
  });
  PATH_VALUES.transactionId = String(paid.json<{ id: number }>().id);
  const tokenId = (
    await request(service.app, 'POST', '/api/v1/tokens', {
      authorization: basic(service.accounts.springfield),
      body: cardToken(),
    })
  ).json<{ id: string }>().id;
  for (const body of BODIES.createPaymentSchedule ?? []) Object.assign(body, { tokenId });
  const document = (await request(service.app, 'GET', '/openapi.json')).json<OpenApiDocument>();
  routes = routesOf(document);
  operations = routes.map(({ method, operationId, operation, path }) => {
    const detail = operation as {
      parameters?: Parameter[];
      requestBody?: object;
      security?: object[];
      'x-paytoken-own'?: boolean;
    };
    const parameters = detail.parameters ?? [];
    const query = parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => `${parameter.name}=${String(parameter.schema?.examples?.[0])}`);
    const url =
      path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'unknown') +
      (query.length ? `?${query.join('&')}` : '');
    const longUrl = path
      .replace(/\{\w+\}/, 'x'.repeat(101))
      .replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'unknown');
    return {
      operationId,
      method,
      url,
      longUrl,
      parameters,
      hasBody: Boolean(detail.requestBody),
      secretOnly: !JSON.stringify(detail.security ?? []).includes('publicKey'),
      own: detail['x-paytoken-own'] === true,
      statuses: Object.keys(operation.responses ?? {}),
    };
  });
});
afterAll(async () => {
  await broken?.close();
  await service?.close();
});

/**
 * The operations that authenticate their caller: all but Paytoken's own check, whose answer to
 * missing or wrong credentials is its verdict (routes/public-key-check.test.ts tests it).
 */
const authenticated = () => operations.filter((operation) => !operation.own);

const declares = (operation: Operation, header: string) =>
  operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === header);

/** The operation's request with key and secret, and whatever else is given. */
function send(
  operation: Operation,
  options: { body?: unknown; headers?: Record<string, string>; authorization?: string; app?: TestService } = {},
) {
  const body = options.body ?? (operation.hasBody ? BODIES[operation.operationId]?.[0] : undefined);
  return request((options.app ?? service).app, operation.method, operation.url, {
    authorization: options.authorization ?? basic(service.accounts.springfield),
    ...(body !== undefined && { body }),
    ...(options.headers && { headers: options.headers }),
  });
}

describe('the document', () => {
  it('gives every operation a stable operationId and exact statuses, and every 201 a Location', () => {
    for (const { operationId, operation } of routes) {
      expect(operationId).toMatch(/^[a-z][A-Za-z]+$/);
      const statuses = Object.keys(operation.responses ?? {});
      expect([operationId, statuses.filter((status) => !/^[1-5][0-9]{2}$/.test(status))]).toEqual([operationId, []]);
      if (statuses.includes('201')) expect(operation.responses?.['201']?.headers).toHaveProperty('Location');
    }
    expect(new Set(routes.map((route) => route.operationId)).size).toBe(routes.length);
  });

  it('names its server: PUBLIC_URL when set, else the address it was fetched from', async () => {
    const fetched = await request(service.app, 'GET', '/openapi.json', { headers: { host: '127.0.0.1:4010' } });
    expect(fetched.json()).toMatchObject({ servers: [{ url: 'http://127.0.0.1:4010' }] });
    const configured = await request(broken.app, 'GET', '/openapi.json', { headers: { host: '127.0.0.1' } });
    expect(configured.json()).toMatchObject({ servers: [{ url: PUBLIC_URL }] });
  });
});

describe('the recorder that holds every test answer to the document', () => {
  const getToken = () => routes.find((route) => route.operationId === 'getToken') as Route;

  it('matches requests to operations as the router does', () => {
    expect(getToken().pattern.test('/API/v1/tokens/tok_x/')).toBe(true);
    expect(getToken().pattern.test('/api/v1/tokens/tok_x/more')).toBe(false);
  });

  it('reads the path the app was given: dots resolved by inject (`/transactions/%2E` is the search), `//` kept', async () => {
    const before = service.contractViolations.length;
    for (const url of [
      '/api/v1/transactions/%2E',
      '/api/v1/transactions/authorizations/..',
      '/api/v1/./tokens/x',
      '//%',
    ])
      await request(service.app, 'GET', url, { headers: { authorization: basic(service.accounts.springfield) } });
    expect(service.contractViolations.slice(before)).toEqual([]);
  });

  it('takes money with 2 decimals whatever floating point makes of it, and refuses a third', () => {
    const fees = routes.find((route) => route.operationId === 'getTransactionFees') as Route;
    expect(violationOf(fees, 200, {}, '{"achPayerFee":1234567.89,"creditCardPayerFee":9999999.99}')).toBe(undefined);
    expect(violationOf(fees, 200, {}, '{"achPayerFee":0.07,"creditCardPayerFee":32.01}')).toBe(undefined);
    expect(violationOf(fees, 200, {}, '{"achPayerFee":3.005,"creditCardPayerFee":1}')).toMatch(
      /more than 2 decimals: 3.005/,
    );
  });

  it('refuses an undeclared status, a body that breaks its schema, a 201 without Location', () => {
    expect(violationOf(getToken(), 418, {}, '{}')).toBe('status 418 is not declared');
    expect(violationOf(getToken(), 404, {}, '{"code":"TOKEN_NOT_FOUND"}')).toMatch(
      /must have required property 'message'/,
    );
    expect(violationOf(getToken(), 200, {}, '{"id":"tok_x"}')).toMatch(/breaks its schema/);
    const createToken = routes.find((route) => route.operationId === 'createToken') as Route;
    expect(violationOf(createToken, 201, {}, '{"id":"tok_abc"}')).toBe('the 201 answer has no Location');
    expect(
      violationOf(createToken, 201, { location: 'http://localhost/api/v1/tokens/tok_abc' }, '{"id":"tok_abc"}'),
    ).toBe(undefined);
  });
});

describe('the answers every operation gives', () => {
  it('knows a valid body for every operation that reads one', () => {
    expect(operations.length).toBeGreaterThanOrEqual(9);
    const missing = operations.filter((operation) => operation.hasBody && !BODIES[operation.operationId]);
    expect(missing.map((operation) => operation.operationId)).toEqual([]);
  });

  it('401 without credentials, with WWW-Authenticate', async () => {
    for (const operation of authenticated()) {
      const response = await send(operation, { authorization: 'Bearer nothing' });
      expect([operation.operationId, response.statusCode]).toEqual([operation.operationId, 401]);
      expect(response.headers['www-authenticate']).toBe('Basic realm="api"');
    }
  });

  it('403 for an impersonation key that is not a client of the caller', async () => {
    for (const operation of authenticated().filter((candidate) => declares(candidate, 'impersonationAccountKey'))) {
      const response = await send(operation, { headers: { impersonationAccountKey: 'not-a-client' } });
      expect([operation.operationId, response.json()]).toMatchObject([
        operation.operationId,
        { code: 'IMPERSONATION_NOT_ALLOWED' },
      ]);
    }
  });

  it('400 for an empty impersonationAccountKey: a key or no header, never an empty one', async () => {
    for (const operation of authenticated().filter((candidate) => declares(candidate, 'impersonationAccountKey'))) {
      const response = await send(operation, { headers: { impersonationAccountKey: '' } });
      expect([operation.operationId, response.statusCode, response.json()]).toMatchObject([
        operation.operationId,
        400,
        {
          code: 'INVALID_IMPERSONATION_KEY',
          message:
            'The impersonationAccountKey header is empty: send a client’s impersonation key, or leave the header out.',
        },
      ]);
    }
  });

  it('403 for the public key where key and secret are needed', async () => {
    for (const operation of operations.filter((candidate) => candidate.secretOnly)) {
      const response = await send(operation, { authorization: apiKey(service.accounts.springfield) });
      expect([operation.operationId, response.json()]).toMatchObject([
        operation.operationId,
        { code: 'PUBLIC_KEY_NOT_ALLOWED' },
      ]);
    }
  });

  it('400 for a Host that names another service', async () => {
    for (const operation of operations) {
      const response = await send(operation, { headers: { host: 'payments.evil.test' } });
      expect([operation.operationId, response.json()]).toMatchObject([operation.operationId, { code: 'INVALID_HOST' }]);
    }
  });

  it('500 with only message, code and requestId when the database fails', async () => {
    for (const operation of authenticated()) {
      const response = await send(operation, { app: broken });
      expect([operation.operationId, response.statusCode]).toEqual([operation.operationId, 500]);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['code', 'message', 'requestId']);
    }
  });

  it('431 for headers over the limit, over a real socket (the HTTP parser answers before any route)', async () => {
    const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const operation of operations) {
      const raw = `${operation.method} ${operation.url} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw));
        let text = '';
        socket.on('data', (chunk) => (text += String(chunk)));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
      const route = routes.find((candidate) => candidate.operationId === operation.operationId) as Route;
      const violation = violationOf(route, status, {}, body);
      recordObservation({ operationId: operation.operationId, status, ...(violation && { violation }) });
      expect([operation.operationId, status, violation, JSON.parse(body) as unknown]).toEqual([
        operation.operationId,
        431,
        undefined,
        { message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE', requestId: matching(/^req_/) },
      ]);
    }
  });

  it('414 for a path segment over 100 characters', async () => {
    for (const operation of operations.filter((candidate) => candidate.statuses.includes('414'))) {
      const response = await request(service.app, operation.method, operation.longUrl, {
        authorization: basic(service.accounts.springfield),
      });
      expect([operation.operationId, response.json()]).toMatchObject([operation.operationId, { code: 'URI_TOO_LONG' }]);
    }
  });

  it('413, 415 and 400 for a body that is too large, not JSON, or not parsable', async () => {
    for (const operation of operations.filter((candidate) => candidate.statuses.includes('415'))) {
      const cases: [string, string, number, string][] = [
        ['application/json', JSON.stringify({ payer: 'x'.repeat(70_000) }), 413, 'PAYLOAD_TOO_LARGE'],
        ['text/plain', 'amount=1', 415, 'UNSUPPORTED_MEDIA_TYPE'],
        ['application/json', '{"amount":', 400, 'MALFORMED_JSON'],
      ];
      for (const [type, payload, status, code] of cases) {
        const response = await send(operation, { body: payload, headers: { 'content-type': type } });
        expect([operation.operationId, response.statusCode, response.json()]).toMatchObject([
          operation.operationId,
          status,
          { code },
        ]);
      }
    }
  });

  it('400, 422 and 409 for Idempotency-Key: malformed, reused with another body, still running', async () => {
    for (const operation of operations.filter((candidate) => declares(candidate, 'Idempotency-Key'))) {
      const [body, other] = BODIES[operation.operationId] ?? [{}, {}];
      const key = `contract-${operation.operationId}`;
      const malformed = await send(operation, { headers: { 'Idempotency-Key': 'two words' } });
      expect([operation.operationId, malformed.json()]).toMatchObject([
        operation.operationId,
        { code: 'INVALID_IDEMPOTENCY_KEY' },
      ]);
      expect((await send(operation, { body, headers: { 'Idempotency-Key': key } })).statusCode).toBeLessThan(500);
      const reused = await send(operation, { body: other, headers: { 'Idempotency-Key': key } });
      expect([operation.operationId, reused.statusCode, reused.json()]).toMatchObject([
        operation.operationId,
        422,
        { code: 'IDEMPOTENCY_KEY_REUSED' },
      ]);
      // As if the first request were still running in a live process.
      await service.sql.query(
        `UPDATE idempotency_keys SET status = NULL, owner = (SELECT id FROM service_instances LIMIT 1) WHERE key = $1`,
        [key],
      );
      const running = await send(operation, { body, headers: { 'Idempotency-Key': key } });
      expect([operation.operationId, running.statusCode, running.headers['retry-after']]).toEqual([
        operation.operationId,
        409,
        '1',
      ]);
    }
  });
});
