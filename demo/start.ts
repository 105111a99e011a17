/**
 * `npm start`: the Paytoken service on the embedded database and the demo checkout beside it, on
 * another port (so the browser really crosses origins). The demo acts as the sandbox's system account
 * for Springfield, Shelby and Riverside Utilities (each with its webhooks), with the credentials the
 * service saved on its first start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeOnSignals, startFromEnvironment } from '../src/service/main.js';
import { startErrorMessage } from '../src/service/ops/start-errors.js';
import { startDemo, type DemoAccount } from './server.js';

// The sandbox sends webhooks to this machine (a developer's receiver on loopback) unless told otherwise.
process.env.WEBHOOK_ALLOWED_NETWORKS ??= '127.0.0.0/8,::1';
const starting = startFromEnvironment();
/** The demo once it runs: a signal closes it with the service. */
let runningDemo: { close(): Promise<void> } | undefined;
// From now on, as the service alone does (src/service/main.ts): a signal while starting closes the
// service once it has started (docs/operating.md, "Shutdown").
closeOnSignals(
  starting.then(({ service }) => ({
    close: () => Promise.all([runningDemo?.close(), service.close()]).then(() => undefined),
  })),
);
const { service, config } = await starting;

const file = join(config.dataDir, 'sandbox-credentials.json');
if (!existsSync(file)) {
  console.log(
    `\nThe demo needs the sandbox credentials in ${file} (written when the service seeds an empty database).`,
  );
} else {
  const sandbox = JSON.parse(readFileSync(file, 'utf8')) as Record<'system' | 'springfield' | 'shelby', DemoAccount> & {
    riverside?: DemoAccount;
  };
  const port = Number(process.env.DEMO_PORT ?? 4020);
  const demo = await startDemo({
    serviceUrl: service.url,
    system: sandbox.system,
    // Riverside Utilities is in every sandbox file written since it was seeded (src/service/main.ts adds it).
    clients: {
      springfield: sandbox.springfield,
      shelby: sandbox.shelby,
      ...(sandbox.riverside && { riverside: sandbox.riverside }),
    },
    port,
    host: config.host,
    allowedHosts: config.allowedHosts,
    ...(!config.smtpUrl && { mailboxDir: config.mailboxDir }),
  }).catch(async (error: unknown) => {
    // Its port taken or not allowed: the service's kind of line, naming DEMO_PORT; the service stops.
    const message = startErrorMessage(error, { ...config, port }, 'DEMO_PORT');
    if (message === null) throw error;
    console.error(message);
    await service.close();
    process.exit(1);
  });
  runningDemo = demo;
  console.log(
    `\nDemo checkout      ${demo.url}/   (drop-in form: ${demo.url}/dropin, isolated form: ${demo.url}/isolated, script tag: ${demo.url}/script-tag)` +
      `\nAutopay            ${demo.url}/autopay   (a monthly bill paid on its day, its schedule and history)` +
      `\nPayments           ${demo.url}/payments   (void, refund, settle now, webhooks received)` +
      `\nMailbox            ${demo.url}/mailbox   (the receipts kept in ${config.smtpUrl ? 'your SMTP server' : config.mailboxDir})` +
      (demo.webhooks === 'on' ? '' : `\nWebhooks are off: ${demo.webhooks}`),
  );
}
