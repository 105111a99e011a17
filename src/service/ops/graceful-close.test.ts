/**
 * The HTTP side of the shutdown on a real Fastify app and real sockets: which requests are answered,
 * which are cut and said so, and which handlers the database must wait for. The service's own, in
 * its process, is in operation.process.test.ts.
 */
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { watchHandlers, watchRequests, type GracefulClose, type RunningHandlers } from './graceful-close.js';

interface Served {
  app: FastifyInstance;
  port: number;
  requests: GracefulClose;
  handlers: RunningHandlers;
  /** Resolves when /slow's handler has started; `release` lets it answer. */
  entered: Promise<void>;
  release: () => void;
}

let served: Served | undefined;
afterEach(async () => {
  served?.release();
  await served?.app.close().catch(() => undefined);
  served = undefined;
});

async function serve(): Promise<Served> {
  const app = Fastify();
  const requests = watchRequests(app.server);
  const handlers = watchHandlers(app);
  let enter = () => undefined as void;
  let release = () => undefined as void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    enter();
    await released;
    return { ok: true };
  });
  app.post('/body', (_request, reply) => reply.send({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  served = { app, port, requests, handlers, entered, release };
  return served;
}

/** A raw request on a connection of its own; `closed` resolves with all it received once it ends. */
function send(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(text);
  return new Promise((resolve) => socket.on('close', () => resolve(received)));
}

const KEEP_ALIVE_GET = 'GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';

describe('the shutdown of the HTTP server', () => {
  it('answers a request in flight with Connection: close and ends its connection: a long grace is not waited out', async () => {
    const { port, requests, entered, release, app } = await serve();
    const closed = send(port, KEEP_ALIVE_GET);
    await entered;
    const warnings: string[] = [];
    const closing = requests.close(
      () => app.close(),
      600_000,
      (message) => warnings.push(message),
    );
    release();
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    // Resolves once the connection has ended, not after the 600 s grace (the test's timeout is 20 s).
    await closing;
    expect(warnings).toEqual([]);
  });

  it('cuts a request still open after the grace and says how many; its handler is waited for before the database closes', async () => {
    const { port, requests, handlers, entered, release, app } = await serve();
    const closed = send(port, KEEP_ALIVE_GET);
    await entered;
    const warnings: string[] = [];
    await requests.close(
      () => app.close(),
      200,
      (message) => warnings.push(message),
    );
    expect(await closed).toBe('');
    expect(warnings).toEqual([
      'Shutdown: the grace for requests in flight ran out after SHUTDOWN_GRACE_MS (200 ms); 1 request was cut off without an answer.',
    ]);
    // The client is gone, the handler is not: it still has to finish what it started.
    expect(await handlers.settled(50)).toBe(false);
    release();
    expect(await handlers.settled(5_000)).toBe(true);
  });

  it('does not wait for a request whose body never came: no handler ran', async () => {
    const { port, requests, handlers, app } = await serve();
    const closed = send(
      port,
      'POST /body HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    // Taken by Fastify (its onRequest ran) before the signal.
    await expect.poll(() => handlers.settled(0)).toBe(false);
    const warnings: string[] = [];
    await requests.close(
      () => app.close(),
      200,
      (message) => warnings.push(message),
    );
    await closed;
    expect(warnings).toHaveLength(1);
    expect(await handlers.settled(5_000)).toBe(true);
  });
});
