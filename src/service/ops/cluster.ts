import cluster, { type Worker } from 'node:cluster';
import type { SandboxCredentials } from '../accounts/seed.js';
import type { ServiceConfig } from '../config/config.js';
import { StartError } from './start-errors.js';

/** A started service as `npm start` and the demo see it (main.ts's RunningService). */
export interface ClusterService {
  url: string;
  seeded: SandboxCredentials | null;
  close(): Promise<void>;
}

/**
 * `PAYTOKEN_PROCESSES=N` on PostgreSQL: this (primary) process prepares the database once, then runs
 * N service processes of `workerFile` that share the port (Node's cluster hands connections to them
 * in turn). A worker that dies is replaced; `close()` stops every worker gracefully (SIGTERM).
 * A worker that cannot start sends `{ startError }`, its one line: the start fails with it as a
 * `StartError` once every worker has stopped.
 */
export async function startCluster(
  config: ServiceConfig,
  workerFile: string,
  prepare: () => Promise<SandboxCredentials | null>,
): Promise<ClusterService> {
  const seeded = await prepare();
  cluster.setupPrimary({ exec: workerFile });
  let closing = false;
  const workers = new Set<Worker>();
  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      let started = false;
      workers.add(worker);
      worker.once('listening', () => {
        started = true;
        resolve();
      });
      worker.on('message', (message: { startError?: unknown }) => {
        if (!started && typeof message?.startError === 'string') reject(new StartError(message.startError));
      });
      worker.once('exit', (code) => {
        workers.delete(worker);
        reject(new Error(`A service process exited with code ${code} while starting.`));
        if (started && !closing) {
          console.error(`Service process ${worker.process.pid} exited (code ${code}); starting another.`);
          void fork().catch((error: unknown) => console.error(error instanceof StartError ? error.message : error));
        }
      });
    });
  const stopWorkers = async (): Promise<void> => {
    closing = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await Promise.all(Array.from({ length: config.processes }, fork));
  } catch (error) {
    // Waited for: a worker still starting would fail writing to a primary that has exited (EPIPE).
    await stopWorkers();
    throw error;
  }
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: config.publicUrl ?? `http://${host}:${config.port}`,
    seeded,
    close: stopWorkers,
  };
}
