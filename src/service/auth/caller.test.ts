import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { callerOf, secretOnly } from './authenticate.js';
import { loadConfig } from '../config/config.js';
import { basic, startTestService } from '../testing/harness.js';

describe('callerOf', () => {
  it('fails loudly (500) when the route did not authenticate', async () => {
    const app = Fastify();
    app.get('/forgot-to-authenticate', (request) => callerOf(request).scope);
    const response = await app.inject({ url: '/forgot-to-authenticate' });
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toBe(
      'GET /forgot-to-authenticate ran without authentication.',
    );
    await app.close();
  });

  it('gives the caller the authentication hook found', async () => {
    const service = await startTestService();
    const app = Fastify();
    app.get(
      '/scope',
      { onRequest: secretOnly({ ...service, config: loadConfig({}) }) },
      (request) => callerOf(request).scope,
    );
    const { springfield } = service.accounts;
    const response = await app.inject({
      url: '/scope',
      headers: { authorization: basic(springfield) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ viaAccountId: number | null }>().viaAccountId).toBeNull();
    await app.close();
    await service.close();
  });
});
