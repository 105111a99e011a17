/**
 * Service throughput against a bare node:http JSON endpoint measured in the same run (autocannon):
 * requests per second and p99 for POST /tokens and GET /tokens/{id}, on PGlite and on PostgreSQL.
 */
import autocannon from 'autocannon';
import type { Row } from './report.js';
import { spawnServer } from './servers/spawn.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

const tokenBody = JSON.stringify({
  payer: 'Ada Lovelace', emailAddress: 'ada@example.com',
  creditCardInformation: { accountHolder: 'Ada Lovelace', cardNumber: '4242424242424242', cvc: '123', month: '12', year: 2030, postalCode: '12345' },
});

interface Load { rps: number; p99: number; errors: number }

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  const failures = result.errors + result.timeouts + (result.non2xx ?? 0);
  return { rps: result.requests.average, p99: result.latency.p99, errors: failures };
}

interface ServiceInfo { url: string; engine: string; publicKey: string; basic: string }

/** Bare and service, one after the other, so they never compete for the two cores. */
export async function serviceThroughput(budgets: { post?: number; get?: number }, databaseUrl?: string): Promise<Row[]> {
  const bare = await spawnServer<{ url: string }>('./bare.ts');
  const barePost = await load(`${bare.url}/api/v1/tokens`, { method: 'POST', body: tokenBody, headers: { 'content-type': 'application/json' } });
  const bareGet = await load(`${bare.url}/api/v1/tokens/tok_bare`);
  await bare.stop();

  const service = await spawnServer<ServiceInfo>('./service.ts', { DATABASE_URL: databaseUrl ?? '' });
  const created = await fetch(`${service.url}/api/v1/tokens`, { method: 'POST', body: tokenBody, headers: { 'content-type': 'application/json', authorization: `Api-Key ${service.publicKey}` } });
  const { id } = (await created.json()) as { id: string };
  const post = await load(`${service.url}/api/v1/tokens`, { method: 'POST', body: tokenBody, headers: { 'content-type': 'application/json', authorization: `Api-Key ${service.publicKey}` } });
  const get = await load(`${service.url}/api/v1/tokens/${id}`, { headers: { authorization: service.basic } });
  await service.stop();

  const engine = service.engine;
  const rows = (name: string, measured: Load, floor: Load, budget?: number): Row[] => [
    { name: `${name} ${engine} req/s`, value: Math.round(measured.rps), unit: 'req/s', note: `bare ${Math.round(floor.rps)} req/s${measured.errors ? `, ${measured.errors} failed` : ''}` },
    { name: `${name} ${engine} p99`, value: measured.p99, unit: 'ms', note: `bare ${floor.p99} ms` },
    { name: `${name} ${engine} / bare`, value: measured.rps / floor.rps, unit: 'ratio', ...(budget !== undefined && { budget: { atLeast: budget } }) },
  ];
  return [...rows('POST /tokens', post, barePost, budgets.post), ...rows('GET /tokens/{id}', get, bareGet, budgets.get)];
}
