/**
 * The live OpenAPI document, read from a service built in-process (`app.inject()`, no port), for the
 * Redocly lint (`npm run lint:openapi`) and the generated-client test.
 */
import { startTestService } from './harness.js';

/**
 * A public address for the document's `servers` while linting: `.test` is reserved (RFC 2606), so it
 * names no real host, and Redocly's no-server-example.com rule (which refuses localhost) holds.
 */
export const LINT_PUBLIC_URL = 'https://payments.agency.test';

/** GET /openapi.json of a fresh service whose PUBLIC_URL is `publicUrl`. */
export async function liveDocument(publicUrl: string = LINT_PUBLIC_URL): Promise<Record<string, unknown>> {
  const service = await startTestService({
    config: { tokenRateLimitPerIp: 60, tokenRateLimitPerKey: 600, publicUrl, logLevel: 'silent' },
  });
  try {
    const response = await service.app.inject({ method: 'GET', url: '/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}.`);
    return response.json<Record<string, unknown>>();
  } finally {
    await service.close();
  }
}
