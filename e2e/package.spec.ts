/**
 * The package as an integrator gets it: `npm run pack`'s tarball installed into a fresh app outside
 * this repository, a Vite page built from `import 'paytoken/form'` and a Node server that charges
 * the token with `paytoken/server`. Chromium pays a test card through them. Nothing here resolves a
 * file of this repository but the tarball and the Vite and TypeScript that build the app.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { pack } from '../scripts/pack.js';
import { expect, test } from './fixtures.js';
import { fillCard } from './support/form-page.js';

/**
 * Installed size budgets (the package has no dependencies, so its install is all it adds). The SDK's
 * grew from 1,000,000 B when `paytoken/ssr` brought Lit's server renderer into the package.
 */
const SDK_INSTALL_BUDGET = 1_100_000;
const BROWSER_KIT_INSTALL_BUDGET = 3_000_000;

const app = mkdtempSync(join(tmpdir(), 'paytoken-app-'));
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.afterAll(() => {
  server?.kill();
  rmSync(app, { recursive: true, force: true });
});

/** Bytes of every file under `dir`. */
function sizeOf(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

test('installs from its tarball with nothing else, within its size budget', () => {
  const tarball = pack();
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline'], { cwd: app, stdio: 'pipe' });
  expect(readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['paytoken']);
  const installed = sizeOf(join(app, 'node_modules'));
  expect(installed).toBeLessThanOrEqual(Math.min(SDK_INSTALL_BUDGET, BROWSER_KIT_INSTALL_BUDGET));
  // Only the browser kit, the SDK, their types and the hosted bundles: nothing of the service.
  expect(readdirSync(join(app, 'node_modules/paytoken')).sort()).toEqual([
    'LICENSE',
    'README.md',
    'dist',
    'package.json',
  ]);
  const files = readdirSync(join(app, 'node_modules/paytoken/dist'), { recursive: true }).map(String);
  expect(files.filter((file) => /service|storage|fastify|pglite/i.test(file))).toEqual([]);
});

test('its types check in a strict TypeScript app', () => {
  writeFileSync(
    join(app, 'check.ts'),
    [
      "import { createToken, type TokenResult } from 'paytoken';",
      "import { PaytokenForm, type PaytokenTokenEvent } from 'paytoken/form';",
      "import { PaymentDeclinedError, PaytokenClient } from 'paytoken/server';",
      'export const client = new PaytokenClient({ apiUrl: "https://pay.example", apiKey: "ak", apiSecret: "sk" });',
      'const card = { accountHolder: "Ada", cardNumber: "4242424242424242", cvc: "123", month: "12", year: 2030 };',
      'const request = { payer: "Ada", emailAddress: "ada@example.com", creditCardInformation: card };',
      'export const pending: Promise<TokenResult> = createToken(request);',
      'export const onToken = (event: PaytokenTokenEvent): string => event.id;',
      'export const payerSees = (error: PaymentDeclinedError): string => error.payerMessageIn("es");',
      'export const tag: typeof PaytokenForm = PaytokenForm;',
      "import { renderPaytokenForm, renderPaytokenFrame } from 'paytoken/ssr';",
      'export const html: string = renderPaytokenForm({ amount: "100.00", locale: "es" });',
      'const service = { "public-key": "pk_1", "api-url": "https://pay.example" };',
      'export const frame: string = renderPaytokenFrame(service, { origin: "https://shop.example" });',
    ].join('\n'),
  );
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const options = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
  const checked = (() => {
    try {
      execFileSync(process.execPath, [tsc, ...options, '--lib', 'es2022,dom', 'check.ts'], { cwd: app, stdio: 'pipe' });
      return '';
    } catch (error) {
      return String((error as { stdout?: Buffer }).stdout);
    }
  })();
  expect(checked).toBe('');
});

test('paytoken/ssr renders the form to HTML in Node: declarative shadow DOM, in its language', () => {
  const script = [
    "import { renderPaytokenForm } from 'paytoken/ssr';",
    "console.log(renderPaytokenForm({ amount: '100.00', 'card-fee': '3.25', locale: 'es', methods: 'card' }));",
  ].join('\n');
  const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
  expect(html).toMatch(/^<paytoken-form [^>]*><template shadowroot="open" shadowrootmode="open"><style>/);
  expect(html).toContain('Número de tarjeta');
  expect(html).toContain('$103.25');
  expect(html).not.toContain('id="tab-ach"');
});

test('paytoken/ssr renders the isolated form with its iframe, as the service names its page', () => {
  const script = [
    "import { renderPaytokenFrame } from 'paytoken/ssr';",
    "const attributes = { 'public-key': 'pk_1', 'api-url': 'https://pay.example', amount: '100.00' };",
    "console.log(renderPaytokenFrame(attributes, { origin: 'https://shop.example' }));",
  ].join('\n');
  const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
  const loader = readFileSync(join(app, 'node_modules/paytoken/dist/browser/paytoken-frame.js'), 'utf8');
  const page = /form-[\w-]+\.html/.exec(loader)?.[0];
  expect(html).toMatch(/^<paytoken-frame [^>]*><template shadowroot="open" shadowrootmode="open"/);
  expect(html).toContain(`src="https://pay.example/frames/${page}?key=pk_1&#38;origin=https%3A%2F%2Fshop.example`);
});

test('a Vite page with paytoken/form and a Node server with paytoken/server take a payment', async ({
  page,
  service,
}) => {
  const { publicKey, apiKey, apiSecret } = service.accounts.springfield;
  writeFileSync(
    join(app, 'index.html'),
    `<!doctype html><html lang="en"><body>
<paytoken-form public-key="${publicKey}" api-url="${service.url}" amount="100.00" card-fee="3.25" ach-fee="3.00"></paytoken-form>
<p id="receipt" role="status"></p>
<script type="module" src="./main.js"></script></body></html>`,
  );
  writeFileSync(
    join(app, 'main.js'),
    `import 'paytoken/form';
const form = document.querySelector('paytoken-form');
form.addEventListener('paytoken-token', async ({ id }) => {
  const response = await fetch('/checkout/pay', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tokenId: id, amountDue: 100 }),
  });
  const body = await response.json();
  if (response.ok) document.querySelector('#receipt').textContent = 'Paid ' + body.amount.toFixed(2);
  else form.showPaymentError(body.message);
});`,
  );
  writeFileSync(
    join(app, 'server.js'),
    `import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { PaymentDeclinedError, PaytokenClient } from 'paytoken/server';

const paytoken = new PaytokenClient({ apiUrl: process.env.PAYTOKEN_URL, apiKey: process.env.PAYTOKEN_API_KEY, apiSecret: process.env.PAYTOKEN_API_SECRET });
const types = { '.html': 'text/html', '.js': 'text/javascript' };
createServer(async (request, response) => {
  const send = (status, body) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  if (request.method === 'POST' && request.url === '/checkout/pay') {
    let text = '';
    for await (const chunk of request) text += chunk;
    const { tokenId, amountDue } = JSON.parse(text);
    try {
      const token = await paytoken.tokens.retrieve(tokenId);
      return send(201, await paytoken.transactions.createWithPayerFee({ amountDue, tokenId, payer: token.payer }));
    } catch (error) {
      return send(402, { message: error instanceof PaymentDeclinedError ? error.payerMessage : 'The payment could not be made.' });
    }
  }
  const path = request.url === '/' ? '/index.html' : request.url;
  try {
    const body = await readFile(new URL('./dist' + path, import.meta.url));
    response.writeHead(200, { 'Content-Type': types[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port); });`,
  );
  // Vite's build sets NODE_ENV=production in this process, and the worker's later tests start
  // processes (the accounts CLI) that must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root: app, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }

  server = spawn(process.execPath, ['server.js'], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      PAYTOKEN_URL: service.url,
      PAYTOKEN_API_KEY: apiKey,
      PAYTOKEN_API_SECRET: apiSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    server?.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    server?.on('exit', (code) => reject(new Error(`the app's server exited with ${code}`)));
  });

  await page.goto(`http://127.0.0.1:${port}/`);
  const form = page.locator('paytoken-form');
  await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
  await fillCard(form);
  await form.locator('button.pay').click();
  await expect(page.locator('#receipt')).toHaveText('Paid 103.25');
});
