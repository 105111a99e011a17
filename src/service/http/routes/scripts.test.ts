import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness.js';
import { acceptedEncoding } from './scripts.js';

/** The parts of the OpenAPI document these tests read. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
  >;
  components: { securitySchemes: Record<string, unknown> };
}

let service: TestService;
const scriptsDir = mkdtempSync(join(tmpdir(), 'paytoken-scripts-'));
const script = 'var Paytoken=function(){return{}}();\n';
const spanish = '{"labels":{},"messages":{}}';
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
/** The immutable name: the first 16 characters of the SHA-384, base64url. */
const byContent = (text: string) => createHash('sha384').update(text).digest('base64url').slice(0, 16);

beforeAll(async () => {
  writeFileSync(join(scriptsDir, 'paytoken.js'), script);
  writeFileSync(join(scriptsDir, 'paytoken-form-es.json'), spanish);
  writeFileSync(join(scriptsDir, 'notes.txt'), 'not a bundle');
  // Compressed as the build does; the Spanish's gzip copy is of other bytes (left from another build).
  writeFileSync(join(scriptsDir, 'paytoken.js.br'), brotliCompressSync(script));
  writeFileSync(join(scriptsDir, 'paytoken.js.gz'), gzipSync(script));
  writeFileSync(join(scriptsDir, 'paytoken-form-es.json.gz'), gzipSync('{"labels":{"old":"build"}}'));
  // Its brotli copy is its bytes and then others: Node's decoder stops at the stream's end, a browser may not.
  writeFileSync(
    join(scriptsDir, 'paytoken-form-es.json.br'),
    Buffer.concat([brotliCompressSync(spanish), Buffer.from('JUNK')]),
  );
  service = await startTestService({ scriptsDir, version: '1.2.3' });
});
afterAll(() => service.close());

describe('hosted scripts (docs/api.md#hosted-scripts)', () => {
  it('lists each bundle with its SHA-384 integrity and its immutable, content-named URL', async () => {
    const response = await service.app.inject({ url: '/scripts/manifest.json' });
    expect(response.json()).toEqual({
      version: '1.2.3',
      files: {
        'paytoken.js': {
          url: '/scripts/paytoken.js',
          immutableUrl: `/scripts/paytoken-${byContent(script)}.js`,
          integrity: sha384(script),
        },
        'paytoken-form-es.json': {
          url: '/scripts/paytoken-form-es.json',
          immutableUrl: `/scripts/paytoken-form-es-${byContent(spanish)}.json`,
          integrity: sha384(spanish),
        },
      },
    });
  });

  it('serves the latest with a short cache and the content-named file immutably, both for cross-origin integrity checks', async () => {
    const latest = await service.app.inject({ url: '/scripts/paytoken.js' });
    const pinned = await service.app.inject({ url: `/scripts/paytoken-${byContent(script)}.js` });
    expect(latest.body).toBe(script);
    expect(pinned.body).toBe(script);
    expect(latest.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    });
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await service.app.inject({ url: '/scripts/other.js' })).statusCode).toBe(404);
    // A version names no file: a rebuild with other bytes and the same version cannot hide under it.
    expect((await service.app.inject({ url: '/scripts/paytoken-1.2.3.js' })).statusCode).toBe(404);
    expect((await service.app.inject({ url: '/scripts/notes.txt' })).statusCode).toBe(404);
  });

  it('sends the copy compressed at build that the browser accepts, the same bytes once decoded', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      service.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const pinnedUrl = `/scripts/paytoken-${byContent(script)}.js`;
    for (const url of ['/scripts/paytoken.js', pinnedUrl]) {
      const brotli = await get(url, 'gzip, deflate, br, zstd');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      const gzip = await get(url, 'gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      expect((await get(url, 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
      expect((await get(url, 'identity, *;q=0')).headers['content-encoding']).toBeUndefined();
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // A cache between keeps each encoding apart.
      for (const answer of [brotli, gzip, plain]) expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('never sends a compressed copy that is not of the file’s bytes, or more: the file as it is', async () => {
    for (const acceptEncoding of ['br, gzip', 'gzip']) {
      const answer = await service.app.inject({
        url: '/scripts/paytoken-form-es.json',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(spanish);
    }
  });

  it('reads Accept-Encoding as RFC 9110 does: weights, `*`, any case, x-gzip', () => {
    const offered = ['br', 'gzip'] as const;
    const chosen = (header: string | undefined) => acceptedEncoding(header, [...offered]);
    expect(chosen('gzip, deflate, br')).toBe('br');
    expect(chosen('GZIP')).toBe('gzip');
    expect(chosen('x-gzip')).toBe('gzip');
    expect(chosen('*')).toBe('br');
    expect(chosen('*;q=0, gzip')).toBe('gzip');
    expect(chosen('*, br;q=0')).toBe('gzip');
    expect(chosen('gzip;q=1, br;q=0.001')).toBe('gzip'); // the heavier, not the smaller
    expect(chosen('gzip;q=0.8, br;q=0.8')).toBe('br'); // equals: brotli
    expect(chosen('br ; q = 0, gzip')).toBe('gzip');
    expect(chosen('br;q=1e9, gzip')).toBe('br');
    for (const refused of [
      'br;q=0.000, gzip;q=0',
      'br;q=x',
      'br;q=-1',
      'br;q=0.5.5',
      'identity',
      '*;q=0',
      '',
      undefined,
    ])
      expect(chosen(refused)).toBeNull();
    expect(acceptedEncoding('br', ['gzip'])).toBeNull();
  });

  it('serves the form’s Spanish as JSON, pinned by content, for the form’s cross-origin fetch', async () => {
    const pinned = await service.app.inject({ url: `/scripts/paytoken-form-es-${byContent(spanish)}.json` });
    expect(pinned.body).toBe(spanish);
    expect(pinned.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    });
  });
});

describe('API description', () => {
  it('sends / to the interactive description, served without a CDN', async () => {
    const root = await service.app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    const page = await service.app.inject({ url: root.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
  });

  it('documents every operation in /openapi.json', async () => {
    const document = (await service.app.inject({ url: '/openapi.json' })).json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      'DELETE /api/v1/tokens/{tokenId}',
      'DELETE /api/v1/webhookEndpoints/{endpointId}',
      'GET /api/v1/autoPay/{autoPayId}',
      'GET /api/v1/autoPays',
      'GET /api/v1/batches',
      'GET /api/v1/batches/{batchId}/report',
      'GET /api/v1/batches/{batchId}/transactions',
      'GET /api/v1/cardFees',
      'GET /api/v1/events',
      'GET /api/v1/events/{eventId}',
      'GET /api/v1/paymentSchedules',
      'GET /api/v1/paymentSchedules/{paymentScheduleId}',
      'GET /api/v1/paymentSchedules/{paymentScheduleId}/payments',
      'GET /api/v1/publicKeys/check',
      'GET /api/v1/reports/lockbox',
      'GET /api/v1/tokens/{tokenId}',
      'GET /api/v1/transactionFees',
      'GET /api/v1/transactions',
      'GET /api/v1/transactions/authorizations/{authorizationId}',
      'GET /api/v1/transactions/{transactionId}',
      'GET /api/v1/webhookEndpoints',
      'GET /api/v1/webhookEndpoints/{endpointId}',
      'GET /api/v1/webhookEndpoints/{endpointId}/attempts',
      'POST /api/v1/autoPay',
      'POST /api/v1/autoPay/{autoPayId}/amountsDue',
      'POST /api/v1/autoPay/{autoPayId}/cancel',
      'POST /api/v1/autoPay/{autoPayId}/restart',
      'POST /api/v1/paymentSchedules',
      'POST /api/v1/paymentSchedules/{paymentScheduleId}/cancel',
      'POST /api/v1/paymentSchedules/{paymentScheduleId}/pause',
      'POST /api/v1/paymentSchedules/{paymentScheduleId}/restart',
      'POST /api/v1/sandbox/settle',
      'POST /api/v1/tokens',
      'POST /api/v1/transactionFees',
      'POST /api/v1/transactions',
      'POST /api/v1/transactions/authorize',
      'POST /api/v1/transactions/{transactionId}/refund',
      'POST /api/v1/transactions/{transactionId}/void',
      'POST /api/v1/webhookEndpoints',
      'POST /api/v1/webhookEndpoints/{endpointId}/rotateSecret',
    ]);
    expect(document.paths['/api/v1/tokens']?.post?.requestBody?.content['application/json']?.schema.required).toEqual([
      'payer',
      'emailAddress',
    ]);
    expect(document.components.securitySchemes).toHaveProperty('publicKey');
  });
});
