/**
 * The request log names what was asked, never what it was asked about: the path and the names of the
 * query's parameters, not their values (a payer's name, the last four of an account, a key). Read from
 * the log lines the service really wrote, as JSON (production) and as `npm start`'s readable lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.js';
import { readableLogStream } from '../ops/readable-log.js';
import { basic, startTestService, type TestService } from '../testing/harness.js';

const PERSONAL = ['Ada', 'Lovelace', '4242', 'ada@example.com', 'order-77'];

describe('the request log', () => {
  let service: TestService;
  const printed: string[] = [];
  let readable: TestService;
  beforeAll(async () => {
    service = await startTestService();
    readable = await startTestService({ logStream: readableLogStream((line) => void printed.push(line)) });
  });
  afterAll(async () => {
    await service.close();
    await readable.close();
  });

  const get = (on: TestService, url: string) =>
    on.app.inject({ method: 'GET', url, headers: { authorization: basic(on.accounts.springfield) } });

  const requestUrls = (logs: string[]) =>
    logs
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => (line.req?.url ? [line.req.url] : []));

  it.each([
    [
      'a search by payer and last four',
      '/api/v1/transactions?payerName=Ada%20Lovelace&accountNumber=4242',
      '/api/v1/transactions?payerName&accountNumber',
    ],
    ['a search by e-mail', '/api/v1/transactions?emailAddress=ada@example.com', '/api/v1/transactions?emailAddress'],
    ['an unknown path', '/api/v1/nothing?payer=Ada&order=order-77', '/api/v1/nothing?payer&order'],
    ['a repeated parameter', '/api/v1/transactions?payerName=Ada&payerName=Lovelace', '/api/v1/transactions?payerName'],
  ])('logs %s with the path and parameter names only', async (_, url, logged) => {
    const before = service.logs.length;
    await get(service, url);
    const lines = service.logs.slice(before);
    expect(requestUrls(lines)).toEqual([logged]);
    for (const personal of PERSONAL) expect(lines.join('\n')).not.toContain(personal);
  });

  it('logs a URL the router refuses (not UTF-8) with its path and parameter names', async () => {
    const before = service.logs.length;
    const response = await get(service, '/api/v1/transactions/%E0?payerName=Ada');
    expect(response.statusCode).toBe(400);
    const lines = service.logs.slice(before);
    expect(requestUrls(lines)).toEqual(['/api/v1/transactions/%E0?payerName']);
    expect(lines.join('\n')).not.toContain('Ada');
  });

  it('logs a refused request (415, 404) the same way', async () => {
    const before = service.logs.length;
    await service.app.inject({
      method: 'POST',
      url: '/api/v1/transactions?payer=Ada',
      headers: { authorization: basic(service.accounts.springfield), 'content-type': 'text/plain' },
      payload: 'Ada Lovelace 4242',
    });
    const lines = service.logs.slice(before);
    expect(requestUrls(lines)).toEqual(['/api/v1/transactions?payer']);
    for (const personal of PERSONAL) expect(lines.join('\n')).not.toContain(personal);
  });

  it("prints npm start's readable line with the path and parameter names only", async () => {
    printed.length = 0;
    await get(readable, '/api/v1/transactions?payerName=Ada%20Lovelace&accountNumber=4242');
    expect(printed).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d GET \/api\/v1\/transactions\?payerName&accountNumber 200 \d+ ms req_\S+\n$/,
      ),
    ]);
  });
});

describe('loggedUrl', () => {
  it.each([
    ['/api/v1/tokens', '/api/v1/tokens'],
    ['/api/v1/tokens?', '/api/v1/tokens'],
    ['/frames/card?key=pk_1&impersonation=imp_secret', '/frames/card?key&impersonation'],
    ['/x?a=1&b&a=2#frag=Ada', '/x?a&b'],
    ['/x?=Ada&&b=4242', '/x?b'],
    ['/x?pay%65rName=Ada+Lovelace', '/x?payerName'],
    ['/x?bad%E0=Ada', '/x?[undecodable]'],
    ['/x#Ada', '/x'],
  ])('keeps %s as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
