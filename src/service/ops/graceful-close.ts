/**
 * How the service's HTTP server closes at SIGTERM or SIGINT (docs/operating.md, "Shutdown"): it stops
 * accepting at once; a connection that was idle may still send a request for `IDLE_WINDOW_MS`, which
 * is answered 503 with `Connection: close`; each request in flight is answered, with
 * `Connection: close`, so that its connection ends with it; what is still open after the grace is
 * cut, and the log says how many requests were.
 */
import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a connection idle at the signal may still send a request that gets an answer (a 503). */
export const IDLE_WINDOW_MS = 1_000;

export interface GracefulClose {
  /**
   * Closes: `closeServer` (Fastify's close, which waits for the connections) within `graceMs`;
   * `warn` is told when requests were still open then.
   */
  close(closeServer: () => Promise<void>, graceMs: number, warn: (message: string) => void): Promise<void>;
}

/**
 * Watches `server`'s requests from now on; call it before the server listens.
 * @example
 * const closing = watchRequests(app.server);
 * await closing.close(() => app.close(), 10_000, (message) => app.log.warn(message));
 */
export function watchRequests(server: Server): GracefulClose {
  const open = new Set<ServerResponse>();
  let closing = false;
  let windowOver = false;
  // Node's close (and Fastify's) would drop idle connections at once, with a request perhaps on its
  // way in them; they are closed here after the window instead.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const lastResponse = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  // Before Fastify's own listener, which may answer at once (a 503 while closing).
  server.prependListener('request', (_request, response: ServerResponse) => {
    open.add(response);
    if (closing) lastResponse(response);
    response.once('close', () => {
      open.delete(response);
      // A response sent before the signal may leave its connection idle: closed now.
      if (windowOver) closeIdle();
    });
  });
  return {
    async close(closeServer, graceMs, warn) {
      closing = true;
      for (const response of open) lastResponse(response);
      const idle = setTimeout(
        () => {
          windowOver = true;
          closeIdle();
        },
        Math.min(IDLE_WINDOW_MS, graceMs),
      );
      const cut = setTimeout(() => {
        if (open.size)
          warn(
            `Shutdown: the grace for requests in flight ran out after SHUTDOWN_GRACE_MS (${graceMs} ms); ` +
              `${open.size} ${open.size === 1 ? 'request was' : 'requests were'} cut off without an answer.`,
          );
        server.closeAllConnections();
      }, graceMs);
      try {
        await closeServer();
      } finally {
        clearTimeout(idle);
        clearTimeout(cut);
      }
    },
  };
}

export interface RunningHandlers {
  /** Resolves `true` once no handler runs, or `false` after `timeoutMs` with some still running. */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * Counts the requests whose handler has started and not finished, even once their connection was cut:
 * a sale still waiting for the processor must store its answer before the database closes, and its
 * process must keep the idempotency claims it holds. A request given up before its handler started
 * (its body never came) does not count. Call it before the app is ready.
 * @example
 * const handlers = watchHandlers(app);
 * await handlers.settled(90_000); // after the HTTP close, before the database closes
 */
export function watchHandlers(app: FastifyInstance): RunningHandlers {
  const state = new WeakMap<FastifyRequest, 'waiting' | 'handling' | 'done'>();
  let running = 0;
  let idle: (() => void) | null = null;
  const done = (request: FastifyRequest) => {
    if (!state.has(request) || state.get(request) === 'done') return;
    state.set(request, 'done');
    if (--running === 0) idle?.();
  };
  app.addHook('onRequest', (request, _reply, next) => {
    state.set(request, 'waiting');
    running++;
    next();
  });
  app.addHook('preHandler', (request, _reply, next) => {
    if (state.get(request) === 'waiting') state.set(request, 'handling');
    next();
  });
  // Every answer passes here, a handler's and a hook's, even when its connection is gone.
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  app.addHook('onRequestAbort', (request, next) => {
    if (state.get(request) === 'waiting') done(request);
    next();
  });
  return {
    settled(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}
