import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * The running service's admin endpoint, for `npm run accounts` on the embedded database (which only
 * the service may open): HTTP on 127.0.0.1 only, on a port of its own, authenticated by a random
 * token in `DATA_DIR/admin.json` (mode 0600, so only the service's user can read it).
 */

/** What a command printed, and its error message if it failed. */
export interface AdminAnswer {
  lines: string[];
  error?: string;
}

export class AdminUnavailableError extends Error {}

const adminFile = (dataDir: string) => join(dataDir, 'admin.json');
const MAX_BODY = 16 * 1024;

/** Listens on loopback and writes `admin.json`; `run` executes one accounts command. */
export async function startAdminEndpoint(
  dataDir: string,
  run: (argv: string[]) => Promise<AdminAnswer>,
): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(32);
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: AdminAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const sent = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '', 'base64url');
    if (sent.length !== token.length || !timingSafeEqual(sent, token))
      return answer(401, { lines: [], error: 'Not authorized.' });
    if (request.method !== 'POST' || request.url !== '/accounts')
      return answer(404, { lines: [], error: 'Unknown admin request.' });
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      let argv: unknown;
      try {
        argv = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { argv?: unknown }).argv;
      } catch {
        argv = null;
      }
      if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string'))
        return answer(400, { lines: [], error: 'The body must be {"argv": [strings]}.' });
      void run(argv).then((result) => answer(200, result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  writeFileSync(
    adminFile(dataDir),
    JSON.stringify({ url: `http://127.0.0.1:${port}`, token: token.toString('base64url'), pid: process.pid }),
    { mode: 0o600 },
  );
  return {
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(adminFile(dataDir), { force: true });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Runs an accounts command in the service that owns `dataDir`. */
export async function callAdmin(dataDir: string, argv: string[]): Promise<AdminAnswer> {
  let admin: { url: string; token: string; pid: number };
  try {
    admin = JSON.parse(readFileSync(adminFile(dataDir), 'utf8')) as typeof admin;
  } catch {
    throw new AdminUnavailableError(
      `A process holds ${dataDir} but offers no admin endpoint (${adminFile(dataDir)} is missing): it may be starting or another accounts command; try again.`,
    );
  }
  try {
    const response = await fetch(`${admin.url}/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(30_000),
    });
    return (await response.json()) as AdminAnswer;
  } catch (error) {
    throw new AdminUnavailableError(
      `The service (pid ${admin.pid}) that holds ${dataDir} did not answer on ${admin.url}: ${(error as Error).message}`,
    );
  }
}
