/**
 * Service throughput against a bare node:http JSON endpoint measured in the same run (autocannon):
 * requests per second and p99 per operation, on PGlite and on PostgreSQL, as a ratio to bare.
 */
import autocannon from 'autocannon';
import type { Row } from './report.js';
import { spawnServer } from './servers/spawn.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

const card = {
  accountHolder: 'Ada Lovelace',
  cardNumber: '4242424242424242',
  cvc: '123',
  month: '12',
  year: 2030,
  postalCode: '12345',
};
export const tokenBody = JSON.stringify({
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  creditCardInformation: card,
});

interface Load {
  rps: number;
  p99: number;
  errors: number;
}
interface ServiceInfo {
  url: string;
  engine: string;
  publicKey: string;
  basic: string;
}

/** One operation to load: how to call it, and its budget on PostgreSQL. */
interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: (tokenId: string) => string;
  body?: (tokenId: string) => string;
  auth: (service: ServiceInfo) => string;
  budget: number;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'POST /tokens',
    method: 'POST',
    path: () => '/api/v1/tokens',
    body: () => tokenBody,
    auth: (s) => `Api-Key ${s.publicKey}`,
    budget: 0.25,
  },
  { name: 'GET /tokens/{id}', method: 'GET', path: (id) => `/api/v1/tokens/${id}`, auth: (s) => s.basic, budget: 0.35 },
  {
    name: 'GET /transactionFees',
    method: 'GET',
    path: () => '/api/v1/transactionFees?amount=100.00',
    auth: (s) => s.basic,
    budget: 0.5,
  },
  {
    name: 'POST /transactions (token)',
    method: 'POST',
    path: () => '/api/v1/transactions',
    auth: (s) => s.basic,
    budget: 0.2,
    body: (id) => JSON.stringify({ payer: 'Ada Lovelace', amount: 103.25, payerFee: 3.25, tokenId: id }),
  },
];

export async function load(
  url: string,
  method: 'GET' | 'POST',
  body?: string,
  headers: Record<string, string> = {},
): Promise<Load> {
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(body && { body }),
    headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}

/** The bare floor for each method, then the service, one after the other so they never compete for the two cores. */
export async function serviceThroughput(databaseUrl?: string): Promise<Row[]> {
  const bare = await spawnServer<{ url: string }>('./bare.ts');
  const floor = { POST: await load(`${bare.url}/bare`, 'POST', tokenBody), GET: await load(`${bare.url}/bare`, 'GET') };
  await bare.stop();

  const rows: Row[] = [];
  if (databaseUrl) {
    // For scale: one PostgreSQL statement per request with nothing else around it.
    const database = await spawnServer<{ url: string }>('./bare-database.ts', { DATABASE_URL: databaseUrl });
    for (const method of ['GET', 'POST'] as const) {
      const measured = await load(`${database.url}/floor`, method, method === 'POST' ? tokenBody : undefined);
      const statement = method === 'GET' ? 'SELECT' : 'INSERT';
      rows.push({
        name: `bare + one ${statement} per request / bare`,
        value: measured.rps / floor[method].rps,
        unit: 'ratio',
        note: `${Math.round(measured.rps)} req/s, PostgreSQL`,
      });
    }
    await database.stop();
  }

  const service = await spawnServer<ServiceInfo>('./service.ts', { DATABASE_URL: databaseUrl ?? '' });
  const created = await fetch(`${service.url}/api/v1/tokens`, {
    method: 'POST',
    body: tokenBody,
    headers: { 'content-type': 'application/json', authorization: `Api-Key ${service.publicKey}` },
  });
  const { id } = (await created.json()) as { id: string };
  for (const scenario of SCENARIOS) {
    const measured = await load(`${service.url}${scenario.path(id)}`, scenario.method, scenario.body?.(id), {
      authorization: scenario.auth(service),
    });
    const base = floor[scenario.method];
    const label = `${scenario.name} ${service.engine}`;
    rows.push(
      {
        name: `${label} req/s`,
        value: Math.round(measured.rps),
        unit: 'req/s',
        note: `bare ${Math.round(base.rps)} req/s${measured.errors ? `, ${measured.errors} failed` : ''}`,
      },
      { name: `${label} p99`, value: measured.p99, unit: 'ms', note: `bare ${base.p99} ms` },
      {
        name: `${label} / bare`,
        value: measured.rps / base.rps,
        unit: 'ratio',
        ...(service.engine === 'postgres' && { budget: { atLeast: scenario.budget } }),
      },
    );
  }
  await service.stop();
  return rows;
}
