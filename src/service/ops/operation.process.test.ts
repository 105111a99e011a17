/**
 * The service as an operator runs it: real processes on a data directory (and on PostgreSQL with
 * DATABASE_URL): one owner per embedded database, private files, live account changes, a crash under
 * load, and SIGTERM under load. Slow by nature (processes start in ~1 s), so kept to a few runs.
 */
import { cpSync, readdirSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { hostname } from 'node:os';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SandboxCredentials } from '../accounts/seed.js';
import {
  accountsCommand,
  canRenameHost,
  DEMO,
  freePort,
  postgresSchema,
  startServiceProcess,
  type ServiceProcess,
} from '../testing/processes.js';
import { processTestScope } from '../testing/process-scope.js';
import { describeEmbedded, ENGINE } from '../testing/engine.js';
import { readFileSync } from 'node:fs';

const DATABASE_URL = process.env.DATABASE_URL;
// A cold start of the embedded database takes 3–11 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const { started, cleanups, freshDir } = processTestScope('paytoken-ops-');

/**
 * A data directory made by one real start and stop, copied for each test: a cold start of the
 * embedded database (initdb) costs several seconds, a warm one about one.
 */
let template: Promise<string> | null = null;
function dataDir(): Promise<string> {
  template ??= (async () => {
    const dir = freshDir();
    const service = await start({ DATA_DIR: dir });
    service.child.kill('SIGTERM');
    if ((await service.exited) !== 0) throw new Error(`The template service failed:\n${service.output()}`);
    return dir;
  })();
  return template.then((source) => {
    const dir = freshDir();
    cpSync(source, dir, { recursive: true });
    return dir;
  });
}

async function start(env: Record<string, string>, hostName?: string): Promise<ServiceProcess> {
  const service = await startServiceProcess({ PORT: String(await freePort()), ...env }, 60_000, undefined, hostName);
  started.push(service);
  return service;
}

/**
 * A service that logs pino's JSON lines, as in production (which wants PUBLIC_URL), at `info`: the
 * requests it received and those it answered, each by its id.
 */
async function startLoggingJson(env: Record<string, string>): Promise<ServiceProcess> {
  const port = String(await freePort());
  return start({
    ...env,
    PORT: port,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
  });
}

/** The environment of one engine: a fresh data directory, or a fresh schema on PostgreSQL. */
async function engineEnv(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  if (engine === 'pglite' || !DATABASE_URL) return { DATA_DIR: await dataDir() };
  const env = { DATA_DIR: freshDir() };
  const schema = await postgresSchema(DATABASE_URL);
  cleanups.push(() => schema.drop());
  return { ...env, DATABASE_URL: schema.url };
}

const credentials = (env: Record<string, string>) =>
  JSON.parse(readFileSync(join(env.DATA_DIR ?? '', 'sandbox-credentials.json'), 'utf8')) as SandboxCredentials;
/** The service's JSON log lines (stdout: stderr never splits one). */
const jsonLines = (service: ServiceProcess) =>
  service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
/**
 * A request on a connection of its own, sent up to its body: resolves once Node has taken it (it
 * answers `100 Continue`); `closed`, with all the connection received, once it has ended.
 */
async function openRequest(url: URL, head: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(Number(url.port), url.hostname);
  let received = '';
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.write(head);
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes('100 Continue')) resolve();
    });
    void closed.then((text) => reject(new Error(`The connection ended before 100 Continue: ${JSON.stringify(text)}`)));
  });
  return { socket, closed };
}

/** Whether a new connection to `url` is refused: the service has stopped accepting. */
const refused = (url: URL) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

/** How the warning begins that requests were cut at shutdown (ops/graceful-close.ts). */
const GRACE_RAN_OUT = 'Shutdown: the grace for requests in flight ran out';
const basic = (apiKey: string, apiSecret: string) =>
  `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;

/** One request on a connection of its own (no keep-alive): an answer, or the network error's code. */
function call(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(payload && { 'content-type': 'application/json' }), connection: 'close' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(payload);
  });
}

const CARD_TOKEN = {
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  creditCardInformation: {
    accountHolder: 'Ada Lovelace',
    cardNumber: '4242424242424242',
    cvc: '123',
    month: '12',
    year: 2030,
    postalCode: '12345',
  },
};

describeEmbedded('one owner per embedded data directory', () => {
  it('refuses a second service on the same DATA_DIR, naming it and the owner, and a kill -9 leaves no lock behind', async () => {
    const env = { DATA_DIR: await dataDir() };
    const first = await start(env);
    expect(first.url).not.toBe('');
    const second = await start(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${env.DATA_DIR} is in use`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    // Refused, and it touched nothing: the first still answers.
    expect(await call(first.url, 'GET', '/readyz', {})).toMatchObject({ status: 200 });

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await start(env);
    expect(third.url).not.toBe('');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it('npm start without the sandbox credentials (the demo cannot run) still closes at SIGTERM, exits 0 and frees the lock', async () => {
    const env = { DATA_DIR: await dataDir() };
    rmSync(join(env.DATA_DIR, 'sandbox-credentials.json'));
    const alone = await startServiceProcess({ PORT: String(await freePort()), ...env }, 60_000, DEMO);
    started.push(alone);
    await vi.waitFor(() => expect(alone.output()).toContain('The demo needs the sandbox credentials'));
    alone.child.kill('SIGTERM');
    expect(await alone.exited).toBe(0);
    const next = await start(env);
    expect(next.url).not.toBe('');
  });

  // Two containers on one volume, each with its own host name: `unshare --uts` gives one process its own.
  it.skipIf(!canRenameHost())(
    'never takes over a lock taken on another host, even once its process is gone; deleting the lock does, deliberately',
    async () => {
      const env = { DATA_DIR: await dataDir() };
      const lockPath = join(env.DATA_DIR, 'service.lock');
      const first = await start(env);
      expect(first.url).not.toBe('');
      const elsewhere = await start(env, 'paytoken-other-host');
      expect(await elsewhere.exited).toBe(1);
      expect(elsewhere.output()).toContain(
        `The data directory ${env.DATA_DIR} is locked by the Paytoken service with pid ${first.child.pid} on host ${hostname()}`,
      );
      expect(elsewhere.output()).toContain('services on several hosts need PostgreSQL (DATABASE_URL)');
      expect(elsewhere.output()).toContain(`If ${hostname()} is gone for good, delete ${lockPath} (rm -r)`);
      expect(await call(first.url, 'GET', '/readyz', {})).toMatchObject({ status: 200 });

      // Its process gone (here: killed), the other host still cannot tell, and still refuses.
      first.child.kill('SIGKILL');
      await first.exited;
      const guessing = await start(env, 'paytoken-other-host');
      expect(await guessing.exited).toBe(1);
      expect(guessing.output()).toContain(`on host ${hostname()}`);

      rmSync(lockPath, { recursive: true });
      const deliberate = await start(env, 'paytoken-other-host');
      expect(deliberate.url).not.toBe('');
      // And the other way round: this host, and the accounts command of this host, refused.
      const back = await start(env);
      expect(await back.exited).toBe(1);
      expect(back.output()).toContain(`pid ${deliberate.child.pid} on host paytoken-other-host`);
      const accounts = await accountsCommand(['list'], env);
      expect(accounts.code).toBe(1);
      expect(accounts.output).toContain('on host paytoken-other-host');
      deliberate.child.kill('SIGTERM');
      expect(await deliberate.exited).toBe(0);
      const released = await start(env);
      expect(released.url).not.toBe('');
      released.child.kill('SIGTERM');
      expect(await released.exited).toBe(0);
    },
  );

  it('makes DATA_DIR 0700 and everything in it 0600/0700, fixing what an older version left', async () => {
    const loose = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        const mode = statSync(path).mode & 0o777;
        const own = entry.isDirectory() ? (mode === 0o700 ? [] : [path]) : mode === 0o600 ? [] : [path];
        return entry.isDirectory() ? [...own, ...loose(path)] : own;
      });
    const env = { DATA_DIR: freshDir() };
    const service = await start(env); // created from nothing
    expect(statSync(env.DATA_DIR).mode & 0o777).toBe(0o700);
    expect(loose(env.DATA_DIR)).toEqual([]);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    // As an older version left it: everything readable and writable by anyone.
    const loosen = (path: string): void => {
      const directory = statSync(path).isDirectory();
      chmodSync(path, directory ? 0o777 : 0o666);
      if (directory) for (const entry of readdirSync(path)) loosen(join(path, entry));
    };
    loosen(env.DATA_DIR);
    writeFileSync(join(env.DATA_DIR, 'old-notes.txt'), 'left by an older version', { mode: 0o666 });
    chmodSync(join(env.DATA_DIR, 'old-notes.txt'), 0o666);
    const restarted = await start(env);
    expect(statSync(env.DATA_DIR).mode & 0o777).toBe(0o700);
    expect(loose(env.DATA_DIR)).toEqual([]);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(loose(env.DATA_DIR)).toEqual([]);
  });
});

describe.each([ENGINE])('on %s', (engine) => {
  it('a rotated secret and a disabled account stop working in every running process as the CLI says done', async () => {
    const env = await engineEnv(engine);
    const service = await start({ ...env, ...(engine === 'postgres' && { PAYTOKEN_PROCESSES: '2' }) });
    expect(service.url).not.toBe('');
    const { springfield, shelby } = credentials(env);
    const statuses = async (authorization: string) => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(service.url, 'GET', '/api/v1/transactions/999999', { authorization })),
      );
      return new Set(answers.map((answer) => ('status' in answer ? answer.status : answer.error)));
    };
    const old = basic(springfield.apiKey, springfield.apiSecret);
    expect(await statuses(old)).toEqual(new Set([404])); // known, and now cached in every process

    const rotated = await accountsCommand(['rotate-secret', 'Springfield'], env);
    expect(rotated.code).toBe(0);
    // Done when every process confirmed, not when the command gave up waiting (it warns then).
    expect(rotated.output).not.toContain('did not confirm');
    const secret = /no longer works\): (\S+)/.exec(rotated.output)?.[1] ?? '';
    expect(await statuses(old)).toEqual(new Set([401]));
    expect(await statuses(basic(springfield.apiKey, secret))).toEqual(new Set([404]));

    const shelbyAuth = basic(shelby.apiKey, shelby.apiSecret);
    expect(await statuses(shelbyAuth)).toEqual(new Set([404]));
    expect((await accountsCommand(['disable', 'Shelby'], env)).code).toBe(0);
    expect(await statuses(shelbyAuth)).toEqual(new Set([401]));
    expect((await accountsCommand(['enable', 'Shelby'], env)).code).toBe(0);
    expect(await statuses(shelbyAuth)).toEqual(new Set([404]));

    const created = await accountsCommand(['create', '--name', 'Late', '--system', 'Sandbox System'], env);
    const late = JSON.parse(/\{[\s\S]*\}/.exec(created.output)?.[0] ?? '{}') as { apiKey: string; apiSecret: string };
    expect(await statuses(basic(late.apiKey, late.apiSecret))).toEqual(new Set([404]));

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    // Kept after a restart, and with no service running the command works on the database itself.
    const listed = await accountsCommand(['list'], env);
    expect(listed.output).toContain('Late (client linked to #1)');
  });

  it('after kill -9 under load, every 201 is still there with the same body and no key is stuck', async () => {
    const env = await engineEnv(engine);
    let service = await start(env);
    const { springfield } = credentials(env);
    const authorization = basic(springfield.apiKey, springfield.apiSecret);
    const answered = new Map<string, { path: string; body: unknown; status: number; answer: string }>();
    const unanswered: { key: string; path: string; body: unknown }[] = [];
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const key = `crash-${n}-${i}`;
        const [path, body] =
          i % 2 === 0
            ? ['/api/v1/tokens', CARD_TOKEN]
            : [
                '/api/v1/transactions',
                {
                  payer: 'Ada',
                  // A new amount each time: the same card and amount within minutes is a duplicate.
                  amount: (10_000 + n * 1_000 + i) / 100,
                  creditCardInformation: CARD_TOKEN.creditCardInformation,
                },
              ];
        const answer = await call(service.url, 'POST', path, { authorization, 'idempotency-key': key }, body);
        if ('status' in answer) answered.set(key, { path, body, status: answer.status, answer: answer.body });
        else unanswered.push({ key, path, body });
      }
    };
    const clients = Array.from({ length: 4 }, (_, n) => client(n));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    service.child.kill('SIGKILL');
    await service.exited;
    stop = true;
    await Promise.all(clients);
    const created = [...answered.entries()].filter(([, value]) => value.status === 201);
    expect(created.length).toBeGreaterThan(10);

    service = await start(env);
    expect(service.url).not.toBe('');
    // Each answered key replays its answer; each unanswered one runs now (nothing of it committed) or replays.
    for (const [key, sent] of created) {
      const again = await call(service.url, 'POST', sent.path, { authorization, 'idempotency-key': key }, sent.body);
      expect(again).toEqual({ status: 201, body: sent.answer });
      const id = (JSON.parse(sent.answer) as { id: string | number }).id;
      const read = await call(service.url, 'GET', `${sent.path}/${id}`, { authorization });
      expect(read).toMatchObject({ status: 200 });
    }
    for (const sent of unanswered) {
      const again = await call(
        service.url,
        'POST',
        sent.path,
        { authorization, 'idempotency-key': sent.key },
        sent.body,
      );
      expect(again, JSON.stringify(again)).toMatchObject({ status: 201 });
    }
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it('on SIGTERM under load answers every request it accepted, then exits 0', async () => {
    const env = await engineEnv(engine);
    const service = await startLoggingJson(env); // its log says which requests it received
    const { springfield } = credentials(env);
    const authorization = basic(springfield.apiKey, springfield.apiSecret);
    const outcomes: string[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const answer = await call(service.url, 'POST', '/api/v1/tokens', { authorization }, CARD_TOKEN);
        outcomes.push('status' in answer ? String(answer.status) : answer.error);
        if ('error' in answer) return;
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    stop = true;
    await Promise.all(clients);
    // Every request the service received, it answered in full ("request completed" is logged once the
    // response is sent; a cut connection has none), within the grace: nothing was cut.
    const log = jsonLines(service);
    expect(log.filter((line) => line.msg?.startsWith(GRACE_RAN_OUT))).toEqual([]);
    const received = new Set(log.filter((line) => line.msg === 'incoming request').map((line) => line.reqId));
    const answered = new Set(log.filter((line) => line.msg === 'request completed').map((line) => line.reqId));
    expect(received.size).toBeGreaterThan(5);
    expect([...received].filter((id) => !answered.has(id))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === '201').length).toBeGreaterThan(5);
    // On the client's side: answered (201, or 503 while closing), or never taken from the kernel's queue.
    expect(outcomes.filter((outcome) => !['201', '503', 'ECONNREFUSED', 'ECONNRESET'].includes(outcome))).toEqual([]);
  });

  // HTTP's side of the shutdown, the same on either database: on the embedded pass only.
  it.skipIf(engine === 'postgres')(
    'on SIGTERM answers a request in flight with Connection: close, cuts one still open after SHUTDOWN_GRACE_MS, says so, exits 0',
    async () => {
      const env = await engineEnv(engine);
      const service = await startLoggingJson({ ...env, SHUTDOWN_GRACE_MS: '5000' });
      const { springfield } = credentials(env);
      const headers = (length: number) =>
        'POST /api/v1/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Authorization: ${basic(springfield.apiKey, springfield.apiSecret)}\r\n` +
        `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
      const body = JSON.stringify(CARD_TOKEN);
      // Two requests the service has taken and waits for the body of: one gets it after the signal, one never.
      const answered = await openRequest(new URL(service.url), headers(Buffer.byteLength(body)));
      const stalled = await openRequest(new URL(service.url), headers(100));
      service.child.kill('SIGTERM');
      // The body once the service is closing (it accepts no new connection), so it is answered then.
      await vi.waitFor(async () => expect(await refused(new URL(service.url))).toBe(true), { timeout: 10_000 });
      answered.socket.write(body);
      const answer = await answered.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(await service.exited).toBe(0);
      expect(await stalled.closed).toBe('HTTP/1.1 100 Continue\r\n\r\n');
      const log = jsonLines(service);
      const warnings = log.filter((line) => line.msg?.startsWith(GRACE_RAN_OUT));
      expect(warnings.map((line) => line.msg)).toEqual([
        `${GRACE_RAN_OUT} after SHUTDOWN_GRACE_MS (5000 ms); 1 request was cut off without an answer.`,
      ]);
      const received = log.filter((line) => line.msg === 'incoming request').length;
      expect([received, log.filter((line) => line.msg === 'request completed').length]).toEqual([2, 1]);
    },
  );
});
