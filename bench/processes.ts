/**
 * Several service processes on one PostgreSQL (PAYTOKEN_PROCESSES): `npm start`'s service with 1
 * process and with 2, same run, same load; the ratio says what the second process adds on this machine.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxCredentials } from '../src/service/accounts/seed.js';
import { accountsCommand, freePort, postgresSchema, startServiceProcess } from '../src/service/testing/processes.js';
import type { Row } from './report.js';
import { load, tokenBody } from './service-throughput.js';

interface Measured {
  name: string;
  rps: number;
}

async function measure(databaseUrl: string, processes: number): Promise<Measured[]> {
  const schema = await postgresSchema(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'paytoken-bench-'));
  const service = await startServiceProcess({
    DATABASE_URL: schema.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    PAYTOKEN_PROCESSES: String(processes),
    TOKEN_RATE_LIMIT_PER_IP: '1000000',
    TOKEN_RATE_LIMIT_PER_KEY: '1000000',
    LOG_LEVEL: 'silent',
  });
  try {
    if (!service.url) throw new Error(`The service did not start:\n${service.output()}`);
    // One sale posted again and again would be declined as a duplicate after the first: time payments.
    const window = await accountsCommand(['set-duplicate-window', 'Springfield', '0'], {
      DATABASE_URL: schema.url,
      DATA_DIR: dataDir,
    });
    if (window.code !== 0) throw new Error(`set-duplicate-window failed:\n${window.output}`);
    const { springfield } = JSON.parse(
      readFileSync(join(dataDir, 'sandbox-credentials.json'), 'utf8'),
    ) as SandboxCredentials;
    const basic = `Basic ${Buffer.from(`${springfield.apiKey}:${springfield.apiSecret}`).toString('base64')}`;
    const created = await fetch(`${service.url}/api/v1/tokens`, {
      method: 'POST',
      body: tokenBody,
      headers: { 'content-type': 'application/json', authorization: basic },
    });
    const { id } = (await created.json()) as { id: string };
    const pay = JSON.stringify({ payer: 'Ada Lovelace', amount: 103.25, payerFee: 3.25, tokenId: id });
    return [
      {
        name: 'POST /tokens',
        rps: (
          await load(`${service.url}/api/v1/tokens`, 'POST', tokenBody, {
            authorization: `Api-Key ${springfield.publicKey}`,
          })
        ).rps,
      },
      {
        name: 'GET /tokens/{id}',
        rps: (await load(`${service.url}/api/v1/tokens/${id}`, 'GET', undefined, { authorization: basic })).rps,
      },
      {
        name: 'POST /transactions (token)',
        rps: (await load(`${service.url}/api/v1/transactions`, 'POST', pay, { authorization: basic })).rps,
      },
    ];
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 2 processes against 1 on PostgreSQL; the budget (≥ 1.2×) applies to GET /tokens/{id}. */
export async function severalProcesses(databaseUrl: string): Promise<Row[]> {
  const one = await measure(databaseUrl, 1);
  const two = await measure(databaseUrl, 2);
  return one.map(({ name, rps }, index) => {
    const twoRps = two[index]?.rps ?? 0;
    return {
      name: `${name} postgres 2 processes / 1`,
      value: twoRps / rps,
      unit: 'ratio',
      note: `${Math.round(twoRps)} vs ${Math.round(rps)} req/s`,
      ...(name === 'GET /tokens/{id}' && { budget: { atLeast: 1.2 } }),
    };
  });
}
