/**
 * A request must arrive whole within the request timeout (app.ts): a client that stalls its body or
 * its headers, or trickles them, gets a 408 and its connection closed, instead of holding a socket
 * (and the work begun for it) forever. Real sockets: the timeout belongs to the HTTP server.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKey, basic, startTestService, type TestService } from '../testing/harness.js';

// Without a timeout these never end: the test's own timeout is what fails them.
vi.setConfig({ testTimeout: 15_000 });
let service: TestService;
let port: number;
beforeAll(async () => {
  service = await startTestService({ requestTimeoutMs: 1_000 });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  port = (service.app.server.address() as AddressInfo).port;
});
afterAll(() => service.close());

/**
 * Opens a connection, writes `head`, then `trickle` once every 200 ms until the server closes it;
 * resolves with what the server answered.
 */
function stall(head: string, trickle?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined); // the server may reset while the client still writes
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('connect', () => {
      socket.write(head);
      if (trickle) timer = setInterval(() => socket.writable && socket.write(trickle), 200);
    });
  });
}

const tokenHead = (authorization: string, framing: string) =>
  `POST /api/v1/tokens HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\n${framing}\r\n`;

describe('a request that does not arrive whole', () => {
  it('a public key, Content-Length 5000 and 11 bytes, then nothing: 408, closed', async () => {
    const answer = await stall(
      `${tokenHead(apiKey(service.accounts.springfield), 'Content-Length: 5000\r\n')}{"payer":"A`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('key and secret, a chunked body trickled a byte at a time: 408, closed', async () => {
    const answer = await stall(
      `${tokenHead(basic(service.accounts.springfield), 'Transfer-Encoding: chunked\r\n')}1\r\n{\r\n`,
      '1\r\n \r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('headers trickled a line at a time, never finished: 408, closed', async () => {
    const answer = await stall(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`, 'X-Padding: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a whole request after a pause shorter than the timeout is answered', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
        setTimeout(() => socket.write('Connection: close\r\n\r\n'), 300);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
