/**
 * The demo backend answers only its own pages: a state-changing request must be JSON from the demo's
 * own origin, and every request must name the demo's own host (demo/request-checks.ts). Sent as real
 * HTTP requests, with the headers a cross-site form, a cross-site fetch or a DNS-rebinding page sends.
 */
import { request as httpRequest } from 'node:http';
import { demoTest, expect } from './fixtures.js';
import { cardTokenAsServer } from './support/checkout.js';
import type { ServiceProcess } from './support/service.js';

interface Answer {
  status: number;
  body: { message?: string; transactionId?: number } & Record<string, unknown>;
}

/** One request with exactly these headers (fetch would not let a test set `Host`). */
function send(url: string, method: string, path: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text || '{}') as Answer['body'] }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A card token of the system acting for Springfield, as the demo's pages make (and send) one. */
const springfieldToken = (service: ServiceProcess): Promise<string> =>
  cardTokenAsServer(service, service.accounts.system, service.accounts.springfield);

const EVIL = 'https://evil.example';

demoTest.describe('the demo backend refuses requests its pages did not send', () => {
  /** Its own origin, as the browser names it on a page of the demo. */
  const own = (demoUrl: string) => ({ host: new URL(demoUrl).host, origin: demoUrl });
  const json = (demoUrl: string, extra: Record<string, string> = {}) => ({
    Host: own(demoUrl).host,
    Origin: own(demoUrl).origin,
    'Content-Type': 'application/json',
    ...extra,
  });

  async function paid(demoUrl: string, service: ServiceProcess, amountDue: number): Promise<number> {
    const tokenId = await springfieldToken(service);
    const body = JSON.stringify({ tokenId, amountDue, account: 'springfield' });
    const answer = await send(demoUrl, 'POST', '/checkout/pay', json(demoUrl), body);
    expect(answer.status).toBe(201);
    return answer.body.transactionId as number;
  }

  async function statusOf(demoUrl: string, id: number): Promise<unknown> {
    const list = await send(demoUrl, 'GET', '/payments/list?account=springfield', { Host: own(demoUrl).host });
    expect(list.status).toBe(200);
    const rows = list.body as unknown as { id: number; status: string }[];
    return rows.find((row) => row.id === id)?.status;
  }

  demoTest('a cross-site text/plain form cannot void, charge or settle', async ({ demo, service }) => {
    const id = await paid(demo.url, service, 31);
    const crossSite = { Host: own(demo.url).host, Origin: EVIL, 'Content-Type': 'text/plain' };
    const payload = JSON.stringify({ account: 'springfield', transactionId: id });
    for (const path of [
      '/payments/void',
      '/payments/settle',
      '/payments/refund',
      '/checkout/pay',
      '/autopay/schedules',
      '/autopay/pause',
    ]) {
      const answer = await send(demo.url, 'POST', path, crossSite, payload);
      expect(answer.status, path).toBe(415);
      expect(answer.body.message).toBe('Send the request as JSON (Content-Type: application/json).');
    }
    expect(await statusOf(demo.url, id)).toBe('Captured');
  });

  demoTest(
    'JSON from another origin is refused, and so is a cross-site fetch without Origin',
    async ({ demo, service }) => {
      const id = await paid(demo.url, service, 32);
      const payload = JSON.stringify({ account: 'springfield', transactionId: id });
      for (const headers of [
        json(demo.url, { Origin: EVIL }),
        json(demo.url, { Origin: 'null' }),
        json(demo.url, { Origin: demo.url.replace('127.0.0.1', 'localhost') }),
        { Host: own(demo.url).host, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      ]) {
        const answer = await send(demo.url, 'POST', '/payments/void', headers, payload);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body.message).toBe(`Only the demo's own pages (${demo.url}) can make payments here.`);
      }
      expect(await statusOf(demo.url, id)).toBe('Captured');
    },
  );

  demoTest('a host other than its own is refused, on every request (DNS rebinding)', async ({ demo, service }) => {
    const id = await paid(demo.url, service, 33);
    const port = new URL(demo.url).port;
    const rebound = { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` };
    const payload = JSON.stringify({ account: 'springfield', transactionId: id });
    for (const [method, path] of [
      ['POST', '/payments/void'],
      ['POST', '/payments/settle'],
      ['GET', '/payments/list?account=springfield'],
      ['GET', '/checkout/fees?account=springfield&amount=10'],
      ['GET', '/payments'],
    ] as const) {
      const answer = await send(
        demo.url,
        method,
        path,
        { ...rebound, 'Content-Type': 'application/json' },
        method === 'POST' ? payload : '',
      );
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toBe(`This demo answers only at ${demo.url}.`);
    }
    for (const host of [`127.0.0.1:${Number(port) + 1}`, '127.0.0.1', 'evil.example']) {
      const answer = await send(demo.url, 'GET', '/payments/list?account=springfield', { Host: host });
      expect(answer.status, host).toBe(400);
    }
    expect(await statusOf(demo.url, id)).toBe('Captured');
  });

  demoTest("its own page's JSON, and a server's without Origin, still void and settle", async ({ demo, service }) => {
    const id = await paid(demo.url, service, 34);
    const payload = JSON.stringify({ account: 'springfield', transactionId: id });
    const voided = await send(
      demo.url,
      'POST',
      '/payments/void',
      json(demo.url, { 'Sec-Fetch-Site': 'same-origin' }),
      payload,
    );
    expect(voided.status).toBe(200);
    expect(await statusOf(demo.url, id)).toBe('Voided');
    const settled = await send(
      demo.url,
      'POST',
      '/payments/settle',
      { Host: own(demo.url).host, 'Content-Type': 'application/json; charset=utf-8' },
      JSON.stringify({ account: 'springfield' }),
    );
    expect(settled.status).toBe(200);
  });

  demoTest('another site cannot frame its pages under a decoy (clickjacking)', async ({ page, demo, pages }) => {
    // Another origin on this machine (the workers' test pages, e2e/pages/decoy.html), as a page the payer has open.
    await page.goto(`${pages.url}/decoy.html#${encodeURIComponent(`${demo.url}/payments`)}`);
    // A refused frame shows the browser's error page instead of the demo's.
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  });
});
