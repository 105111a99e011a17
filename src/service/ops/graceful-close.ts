/**
 * How the service's HTTP server closes at SIGTERM or SIGINT (docs/operating.md, "Shutdown"): it stops
 * accepting at once; a connection that was idle may still send a request for `IDLE_WINDOW_MS`, which
 * is answered 503 with `Connection: close`; each request in flight is answered, with
 * `Connection: close`, so that its connection ends with it; what is still open after the grace is
 * cut, and the log says how many requests were.
 */
import type { Server, ServerResponse } from 'node:http';

/** How long a connection idle at the signal may still send a request that gets an answer (a 503). */
export const IDLE_WINDOW_MS = 1_000;

export interface GracefulClose {
  /** The requests taken and not yet answered (or given up by their client). */
  readonly inFlight: number;
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
    get inFlight() {
      return open.size;
    },
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
