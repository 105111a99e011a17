import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableLogStream } from './readable-log.js';
import { basic, startTestService, type TestService } from '../testing/harness.js';

describe("npm start's readable log", () => {
  const printed: string[] = [];
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ logStream: readableLogStream((line) => void printed.push(line)) });
  });
  afterAll(() => service.close());

  it('prints one short line per request: time, method, path, status, duration, request id', async () => {
    printed.length = 0;
    await service.app.inject({
      method: 'GET',
      url: '/api/v1/transactionFees?amount=100.00',
      headers: { authorization: basic(service.accounts.springfield) },
    });
    await service.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { authorization: basic(service.accounts.springfield), 'content-type': 'application/json' },
      payload: {
        payer: 'Ada Lovelace',
        emailAddress: 'ada@example.com',
        creditCardInformation: {
          accountHolder: 'Ada',
          cardNumber: '4242424242424242',
          cvc: '123',
          month: 12,
          year: 2030,
        },
      },
    });
    expect(printed).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/v1\/transactionFees\?amount 200 \d+ ms req_\S+\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d POST \/api\/v1\/tokens 201 \d+ ms req_\S+\n$/),
    ]);
    expect(printed.join('')).not.toContain('4242424242424242');
  });

  it('prints other messages as level and text, and passes non-JSON through', () => {
    printed.length = 0;
    const stream = readableLogStream((line) => void printed.push(line));
    stream.write('{"level":40,"time":0,"msg":"No PAYTOKEN_VAULT_KEY is set"}\n');
    stream.write('{"level":50,"time":0,"msg":"unexpected error","reqId":"req_9","err":{"message":"boom"}}\n');
    stream.write('plain\n');
    expect(printed).toEqual([
      '00:00:00 warn No PAYTOKEN_VAULT_KEY is set\n',
      '00:00:00 error unexpected error (boom) req_9\n',
      'plain\n',
    ]);
  });
});
