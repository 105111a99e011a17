/**
 * The document and the service accept the same requests and answer in forms standard tools read.
 * Each request part of each operation is fed examples and counter-examples: the document's verdict
 * (a default Ajv on the schema it publishes) must equal the service's (the check that runs on the
 * request, src/service/http/schemas/request-schema.ts). Rows with an `expected` verdict pin which way a
 * past disagreement was settled; the others only require the two to agree.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCheckOf } from '../http/schemas/request-schema.js';
import { CARD, BANK, basic, request, startTestService, type TestService } from '../testing/harness.js';

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what is imported.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
/** A standard validator as a client would set it up: default options, formats on. */
const standardAjv = () => addFormats(new Ajv2020());

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let service: TestService;
let document: Document;
beforeAll(async () => {
  service = await startTestService();
  document = (await request(service.app, 'GET', '/openapi.json')).json<Document>();
});
afterAll(() => service.close());

function operation(operationId: string): { method: string; path: string; operation: Operation } {
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, candidate] of Object.entries(item))
      if (candidate.operationId === operationId) return { method: method.toUpperCase(), path, operation: candidate };
  throw new Error(`No operation ${operationId}`);
}

type Part = 'body' | 'querystring' | 'params';

/** A query or path value as OpenAPI deserializes it for its schema: numbers for number types. */
function deserialize(schema: Schema, text: unknown): unknown {
  const types = ([] as unknown[]).concat(schema.type);
  if (
    typeof text === 'string' &&
    (types.includes('integer') || types.includes('number')) &&
    /^-?\d+(\.\d+)?$/.test(text)
  )
    return Number(text);
  return text;
}

/** One standard validator for every verdict: it compiles each schema once (a new one per call took minutes). */
let documentAjv: Ajv2020 | undefined;

/** Whether the published document accepts `value` as the `part` of the operation. */
function documentAccepts(operationId: string, part: Part, value: unknown): boolean {
  const { operation: op } = operation(operationId);
  if (part === 'body') {
    if (value === undefined) return op.requestBody?.required !== true;
    const schema = op.requestBody?.content['application/json']?.schema;
    if (!schema) return false;
    return (documentAjv ??= standardAjv()).validate(schema, value);
  }
  const where = part === 'params' ? 'path' : 'query';
  const parameters = (op.parameters ?? []).filter((parameter) => parameter.in === where);
  const given = value as Record<string, unknown>;
  const ajv = (documentAjv ??= standardAjv());
  for (const parameter of parameters) {
    if (!(parameter.name in given)) {
      if (parameter.required) return false;
      continue;
    }
    if (!ajv.validate(parameter.schema, deserialize(parameter.schema, given[parameter.name]))) return false;
  }
  return true;
}

/** Whether the service's check of that part accepts `value` (no check: anything is taken). */
function serviceAccepts(operationId: string, part: Part, value: unknown): boolean {
  const { method, path } = operation(operationId);
  const check = requestCheckOf(method, path, part);
  return check ? !('error' in check(value)) : true;
}

const sale = { payer: 'Ada Lovelace', amount: 10, payerFee: 0.33, creditCardInformation: CARD };
const card = (change: object) => ({ ...sale, creditCardInformation: { ...CARD, ...change } });
const bank = (change: object) => ({
  payer: 'Ada Lovelace',
  amount: 10,
  payerFee: 0.33,
  bankAccountInformation: { ...BANK, ...change },
});

/** [operationId, part, value, expected verdict (omitted: only agreement is required)]. */
type Row = [operationId: string, part: Part, value: unknown, expected?: 'accepted' | 'refused'];

const ROWS: Row[] = [
  // Money is a JSON number; a string is refused, in a body.
  ['createTransaction', 'body', sale, 'accepted'],
  ['createTransaction', 'body', { ...sale, amount: '13.57' }, 'refused'],
  ['createTransaction', 'body', { ...sale, payerFee: '0.33' }, 'refused'],
  ['createTransaction', 'body', { ...sale, initiatingPartyFee: '0' }, 'refused'],
  ['createTransaction', 'body', { ...sale, amount: 0 }, 'refused'],
  ['createTransaction', 'body', { ...sale, amount: -1 }, 'refused'],
  ['createTransaction', 'body', { ...sale, amount: 10_000_000.01 }, 'refused'],
  ['createTransaction', 'body', { ...sale, payerFee: 0 }, 'accepted'],
  [
    'createTransaction',
    'body',
    // The .NET client of the API we follow sends every unset property as null.
    {
      ...sale,
      initiatingPartyFee: null,
      emailAddress: null,
      tokenId: null,
      bankAccountInformation: null,
      authorizationId: null,
      attributeValues: null,
      comments: null,
      sendReceipt: null,
      ipAddress: null,
      currency: null,
    },
    'accepted',
  ],
  ['createTransaction', 'body', { ...sale, payerFee: null }, 'accepted'],
  ['createTransaction', 'body', { ...sale, ipAddress: '' }, 'accepted'],
  ['createToken', 'body', { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: CARD }, 'accepted'],
  [
    'createToken',
    'body',
    { payer: 'Ada', emailAddress: 'a@b.co', creditCardInformation: CARD, feeQuote: { amount: 1, payerFee: 0.03 } },
    'accepted',
  ],
  [
    'createToken',
    'body',
    { payer: 'Ada', emailAddress: 'a@b.co', creditCardInformation: CARD, feeQuote: { amount: 1 } },
    'refused',
  ],
  [
    'createToken',
    'body',
    { payer: 'Ada', emailAddress: 'a@b.co', creditCardInformation: CARD, feeQuote: { amount: '1', payerFee: 0 } },
    'refused',
  ],
  [
    'createToken',
    'body',
    { payer: 'Ada', emailAddress: 'ada@example.com', creditCardInformation: { ...CARD, postalCode: null } },
    'accepted',
  ],
  [
    'createToken',
    'body',
    {
      payer: 'Ada',
      emailAddress: 'ada@example.com',
      creditCardInformation: { ...CARD, cardNumber: ' 4242-4242 4242 4242' },
    },
    'accepted',
  ],
  ['authorizeTransaction', 'body', { tokenId: 'tok_x', amount: 10 }, 'accepted'],
  ['authorizeTransaction', 'body', { tokenId: 'tok_x', amount: '10.00' }, 'refused'],
  ['authorizeTransaction', 'body', { tokenId: 'tok_x', amount: 0 }, 'refused'],
  ['calculateTransactionFees', 'body', { amount: 13.57 }, 'accepted'],
  ['calculateTransactionFees', 'body', { amount: '13.57' }, 'refused'],
  ['calculateTransactionFees', 'body', { amount: 0 }, 'refused'],
  ['getTransactionFees', 'querystring', { amount: '13.57' }, 'accepted'],
  ['getTransactionFees', 'querystring', { amount: '0' }, 'refused'],
  ['getTransactionFees', 'querystring', { amount: '' }, 'refused'],
  ['getTransactionFees', 'querystring', {}, 'refused'],
  ['getTransactionFees', 'querystring', { amount: '1', tokenId: 'tok_3kq9Zr0cJvQmWb1xT2aYd8Ln' }, 'accepted'],
  ['getTransactionFees', 'querystring', { amount: '1', tokenId: 'x' }, 'refused'],
  ['getCardFees', 'querystring', { bin: '40000566', amount: '100.00' }, 'accepted'],
  ['getCardFees', 'querystring', { bin: '400005', amount: '1' }, 'accepted'],
  ['getCardFees', 'querystring', { method: 'ach', amount: '1' }, 'accepted'],
  ['getCardFees', 'querystring', { amount: '1' }, 'accepted'],
  ['getCardFees', 'querystring', { bin: '4000056655665556', amount: '1' }, 'refused'],
  ['getCardFees', 'querystring', { bin: '40000', amount: '1' }, 'refused'],
  ['getCardFees', 'querystring', { method: 'card', amount: '1' }, 'refused'],
  ['getCardFees', 'querystring', { bin: '40000566' }, 'refused'],
  ['refundTransaction', 'body', { amount: '10' }, 'refused'],
  ['refundTransaction', 'body', { amount: 0 }, 'refused'],
  ['refundTransaction', 'body', { amount: 10 }, 'accepted'],
  ['refundTransaction', 'body', undefined, 'accepted'],
  ['voidTransaction', 'body', undefined, 'accepted'],
  ['voidTransaction', 'body', {}, 'accepted'],
  ['voidTransaction', 'body', { sendReceipt: 'yes' }, 'refused'],
  ['voidTransaction', 'querystring', { sendReceipt: 'True' }, 'accepted'],
  ['voidTransaction', 'querystring', { sendReceipt: 'false' }, 'accepted'],
  ['voidTransaction', 'querystring', { sendReceipt: 'yes' }, 'refused'],
  // Card and bank numbers: what separates the digits (docs/api.md#creating-a-token).
  ['createTransaction', 'body', card({ cardNumber: '4242--4242--4242--4242' }), 'accepted'],
  ['createTransaction', 'body', card({ cardNumber: '4242\t4242 4242 4242' }), 'accepted'],
  ['createTransaction', 'body', card({ cardNumber: ' 4242 4242 4242 4242 ' }), 'accepted'],
  ['createTransaction', 'body', card({ cardNumber: 4242424242424242 }), 'refused'],
  ['createTransaction', 'body', card({ cardNumber: '4242 4242 4242 424x' }), 'refused'],
  ['createTransaction', 'body', card({ cvc: ' 123 ' })],
  ['createTransaction', 'body', card({ month: ' 12' })],
  ['createTransaction', 'body', card({ postalCode: ' 12345 ' })],
  ['createTransaction', 'body', bank({ accountNumber: ' 0001-2345-6789 ' }), 'accepted'],
  ['createTransaction', 'body', bank({ accountNumber: 123456789 }), 'refused'],
  ['createTransaction', 'body', bank({ routingNumber: '021 000 021' }), 'accepted'],
  // Ids have one spelling.
  ['getTransaction', 'params', { transactionId: '1' }, 'accepted'],
  ['getTransaction', 'params', { transactionId: 'txn_abc' }, 'accepted'],
  ['getTransaction', 'params', { transactionId: '01' }, 'refused'],
  ['getTransaction', 'params', { transactionId: '0' }, 'refused'],
  ['voidTransaction', 'params', { transactionId: '01' }, 'refused'],
  ['refundTransaction', 'params', { transactionId: '001' }, 'refused'],
  ['getToken', 'params', { tokenId: 'tok_abc' }, 'accepted'],
  ['getToken', 'params', { tokenId: 'abc' }, 'refused'],
  ['deleteToken', 'params', { tokenId: 'abc' }, 'refused'],
  ['getAuthorization', 'params', { authorizationId: 'auth_abc' }, 'accepted'],
  ['getAuthorization', 'params', { authorizationId: 'tok_abc' }, 'refused'],
  ['listBatchTransactions', 'params', { batchId: '17' }, 'accepted'],
  ['listBatchTransactions', 'params', { batchId: '017' }, 'refused'],
  ['searchTransactions', 'querystring', { batchId: '017' }, 'refused'],
  // Empty filters are refused, on every list.
  ...[
    'accountNumber',
    'payerName',
    'batchId',
    'minAmount',
    'maxAmount',
    'beginDate',
    'endDate',
    'page',
    'pageSize',
  ].map((name): Row => ['searchTransactions', 'querystring', { [name]: '' }, 'refused']),
  ['searchTransactions', 'querystring', { transactionSearchTypeId: '' }, 'refused'],
  ['listBatches', 'querystring', { page: '' }, 'refused'],
  ['listBatches', 'querystring', { pageSize: '' }, 'refused'],
  ['listBatchTransactions', 'querystring', { page: '' }, 'refused'],
  ['searchTransactions', 'querystring', { accountNumber: ' 4242' }, 'refused'],
  // Dates: with or without an offset (without: UTC, as the .NET client sends them).
  ['searchTransactions', 'querystring', { beginDate: '2026-11-01' }, 'accepted'],
  ['searchTransactions', 'querystring', { beginDate: '2026-11-01T00:00:00Z' }, 'accepted'],
  ['searchTransactions', 'querystring', { beginDate: '2026-11-01T00:00:00' }, 'accepted'],
  ['searchTransactions', 'querystring', { beginDate: '2026-11-01T00:00:00.0000000' }, 'accepted'],
  ['searchTransactions', 'querystring', { endDate: '9999-12-31' }, 'accepted'],
  ['searchTransactions', 'querystring', { endDate: '2026-11-01T' }, 'refused'],
  ['searchTransactions', 'querystring', { minAmount: '25.00' }, 'accepted'],
  ['searchTransactions', 'querystring', { minAmount: '25.001' }, 'refused'],
  ['searchTransactions', 'querystring', { transactionSearchTypeId: 'Refunds' }, 'accepted'],
  ['searchTransactions', 'querystring', { page: '0' }, 'refused'],
  ['listBatches', 'querystring', { page: '2', pageSize: '50' }, 'accepted'],
  ['listBatches', 'querystring', { pageSize: '51' }, 'refused'],
];

describe('each request schema and the check that enforces it', () => {
  it.each(ROWS.map((row) => [`${row[0]} ${row[1]} ${JSON.stringify(row[2])}`, ...row] as const))(
    '%s',
    (_, operationId, part, value, expected) => {
      const verdicts = {
        document: documentAccepts(operationId, part, value) ? 'accepted' : 'refused',
        service: serviceAccepts(operationId, part, value) ? 'accepted' : 'refused',
      };
      const settled = expected ?? verdicts.service;
      expect(verdicts).toEqual({ document: settled, service: settled });
    },
  );

  it('takes every example the document gives for a request property, as the document does', () => {
    const disagreements: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const op of Object.values(item)) {
        const parts: [Part, Schema | undefined][] = [['body', op.requestBody?.content['application/json']?.schema]];
        for (const [part, schema] of parts) {
          const properties = (schema?.properties ?? {}) as Record<string, Schema>;
          for (const [name, property] of Object.entries(properties))
            for (const example of (property.examples ?? []) as unknown[]) {
              const base = BASES[op.operationId];
              if (!base) continue;
              const value = { ...base, [name]: example };
              const document = documentAccepts(op.operationId, part, value);
              const service = serviceAccepts(op.operationId, part, value);
              if (!document || !service) disagreements.push(`${path} ${name}=${JSON.stringify(example)}`);
            }
        }
        for (const parameter of op.parameters ?? [])
          for (const example of (parameter.schema.examples ?? []) as unknown[]) {
            if (parameter.in !== 'query' && parameter.in !== 'path') continue;
            const part: Part = parameter.in === 'path' ? 'params' : 'querystring';
            const base = part === 'querystring' ? (QUERY_BASES[op.operationId] ?? {}) : {};
            const value = { ...base, [parameter.name]: String(example) };
            if (!documentAccepts(op.operationId, part, value) || !serviceAccepts(op.operationId, part, value))
              disagreements.push(`${path} ${parameter.name}=${JSON.stringify(example)}`);
          }
      }
    expect(disagreements).toEqual([]);
  });
});

describe('counter-examples made from each body property of the document', () => {
  const SOURCES = ['tokenId', 'creditCardInformation', 'bankAccountInformation', 'authorizationId'];
  /** Values of other types, and text no pattern of ours takes. */
  const COUNTER_EXAMPLES: unknown[] = ['!', '', 12345, 1.5, true, [], {}, null];

  it('each is refused or taken by the document and the service alike', () => {
    const disagreements: string[] = [];
    for (const [operationId, base] of Object.entries(BASES)) {
      const { operation: op } = operation(operationId);
      const schema = op.requestBody?.content['application/json']?.schema;
      for (const name of Object.keys(schema?.properties ?? {}))
        for (const counter of COUNTER_EXAMPLES) {
          const value = { ...base, [name]: counter };
          // "Exactly one of tokenId, creditCardInformation, …" is said in words: the base's only payment
          // source made null leaves none.
          if (counter === null && name in base && SOURCES.includes(name)) continue;
          const document = documentAccepts(operationId, 'body', value);
          const service = serviceAccepts(operationId, 'body', value);
          if (document !== service)
            disagreements.push(
              `${operationId} ${name}=${JSON.stringify(counter)}: document ${document}, service ${service}`,
            );
        }
    }
    expect(disagreements).toEqual([]);
  });

  it('and of each card and bank field', () => {
    const disagreements: string[] = [];
    const { operation: op } = operation('createToken');
    const schema = op.requestBody?.content['application/json']?.schema as { properties: Record<string, Schema> };
    const bases = { creditCardInformation: CARD, bankAccountInformation: BANK } as Record<string, object>;
    for (const [group, fields] of Object.entries(bases)) {
      const nested = schema.properties[group]?.properties as Record<string, Schema>;
      for (const name of Object.keys(nested))
        for (const counter of COUNTER_EXAMPLES) {
          const value = { payer: 'Ada', emailAddress: 'ada@example.com', [group]: { ...fields, [name]: counter } };
          const document = documentAccepts('createToken', 'body', value);
          const service = serviceAccepts('createToken', 'body', value);
          if (document !== service)
            disagreements.push(`${group}.${name}=${JSON.stringify(counter)}: document ${document}, service ${service}`);
        }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('counter-examples made from each query and path parameter of the document', () => {
  const TEXTS = [
    '',
    ' ',
    ' 25',
    '25 ',
    '!',
    '-1',
    '0',
    '1',
    '01',
    '1.5',
    '1.005',
    '2026-02-30',
    '99999999999',
    'tok_x',
    'txn_x',
    'auth_x',
  ];
  /**
   * Rules the document states in words, as JSON Schema cannot say them (docs/api.md#conventions): a
   * number's 2 decimals (multipleOf fails in floating point) and a date that exists on the calendar.
   */
  const IN_WORDS: Record<string, string[]> = {
    '1.005': ['amount', 'minAmount', 'maxAmount'],
    '2026-02-30': [
      'beginDate',
      'endDate',
      'nextPaymentDateStart',
      'nextPaymentDateEnd',
      'createDateStart',
      'createDateEnd',
      'cancelDateStart',
      'cancelDateEnd',
    ],
  };

  it('each is refused or taken by the document and the service alike', () => {
    const disagreements: string[] = [];
    for (const item of Object.values(document.paths))
      for (const op of Object.values(item))
        for (const parameter of op.parameters ?? []) {
          if (parameter.in !== 'query' && parameter.in !== 'path') continue;
          const part: Part = parameter.in === 'path' ? 'params' : 'querystring';
          const base = part === 'querystring' ? (QUERY_BASES[op.operationId] ?? {}) : {};
          for (const text of TEXTS) {
            if (IN_WORDS[text]?.includes(parameter.name)) continue;
            const value = { ...base, [parameter.name]: text };
            const verdicts = [
              documentAccepts(op.operationId, part, value),
              serviceAccepts(op.operationId, part, value),
            ];
            if (verdicts[0] !== verdicts[1])
              disagreements.push(`${op.operationId} ${parameter.name}=${JSON.stringify(text)}: ${verdicts.join(' ')}`);
          }
        }
    expect(disagreements).toEqual([]);
  });
});

/** A valid body of each operation that reads one, to vary one property of. */
const BASES: Record<string, object> = {
  createToken: { payer: 'Ada Lovelace', emailAddress: 'ada@example.com', creditCardInformation: CARD },
  // An amount that any counter-example fee fits in: a fee over the amount is a rule said in words.
  createTransaction: { payer: 'Ada Lovelace', amount: 100_000, payerFee: 0.33, tokenId: 'tok_x' },
  authorizeTransaction: { tokenId: 'tok_x', amount: 10 },
  calculateTransactionFees: { amount: 100 },
  refundTransaction: {},
  voidTransaction: {},
  createWebhookEndpoint: { url: 'https://hooks.example.com/paytoken', enabledEvents: ['transaction.approved'] },
  rotateWebhookSecret: {},
};
const QUERY_BASES: Record<string, object> = { getTransactionFees: { amount: '100' } };

describe('money in the document', () => {
  it('has no multipleOf, which standard validators apply in binary floating point', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('multipleOf');
  });

  it('a default Ajv accepts each answer of the 1,400-amount fee sweep', async () => {
    const { operation: fees } = operation('getTransactionFees');
    const validate = standardAjv().compile(fees.responses['200']?.content?.['application/json']?.schema ?? {});
    expect(validate({ achPayerFee: 0.07, creditCardPayerFee: 32.01 })).toBe(true);
    expect(validate({ achPayerFee: 40.12, creditCardPayerFee: 1234567.89 })).toBe(true);
    const refused: string[] = [];
    for (let step = 1; step <= 1400; step++) {
      // 1.01, 2.02, … 99.99, 100.00, 101.01, …: every cent pattern, amounts up to 1,400.
      const amount = `${step}.${String(step % 100).padStart(2, '0')}`;
      const response = await request(service.app, 'GET', `/api/v1/transactionFees?amount=${amount}`, {
        authorization: basic(service.accounts.springfield),
      });
      expect(response.statusCode).toBe(200);
      if (!validate(response.json())) refused.push(`${amount}: ${response.payload}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('the lint configuration', () => {
  it('switches no Redocly rule off', () => {
    const config = readFileSync(new URL('../../../redocly.yaml', import.meta.url), 'utf8');
    expect(config).not.toMatch(/:\s*off\b/);
  });

  it('accepts no finding but the contract’s authorization address against a transaction’s void and refund', () => {
    const ignored = readFileSync(new URL('../../../.redocly.lint-ignore.yaml', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    expect(ignored).toEqual([
      'dist/openapi.json:',
      '  no-ambiguous-paths:',
      "    - '#/paths/~1api~1v1~1transactions~1{transactionId}~1void'",
      "    - '#/paths/~1api~1v1~1transactions~1{transactionId}~1refund'",
    ]);
  });
});
