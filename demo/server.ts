/**
 * The demo integrator: a checkout backend that knows Paytoken only through the server SDK. It serves
 * three checkout pages (the drop-in form, the same form isolated in Paytoken's iframe, and the page's
 * own fields with the hosted script; their script in common is pages/checkout.js), shows fees, and
 * charges the token id the browser sends, acting for the client the payer chose; its Payments page
 * voids, refunds and settles (demo/payments.ts), and its Autopay page sets up a monthly payment
 * schedule and shows its history (demo/autopay.ts).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PaymentDeclinedError,
  PaytokenApiError,
  PaytokenClient,
  ReversalDeclinedError,
  WebhookSignatureError,
  feeLineOf,
  fundingLineOf,
  type TransactionResponse,
} from '../src/server-sdk/index.js';
import { REFUND_AMOUNT_HELP, hasUnsettled, recentPayments, refundAmountOf, transactionIdOf } from './payments.js';
import { CHANGES, autopayChoiceOf, autopayView, changeAutopay, scheduleIdOf, setUpAutopay } from './autopay.js';
import { NO_FRAMING, RefusedRequest, checkRequest, ownHosts } from './request-checks.js';
import { readEntry, readMailbox } from './mailbox.js';
import { SIGNATURE, WebhookBodyTooLarge, createWebhookInbox, rawBody } from './webhooks.js';

export interface DemoAccount {
  name: string;
  apiKey: string;
  apiSecret: string;
  publicKey: string;
  impersonationKey: string | null;
}

export interface DemoOptions {
  /** Where the Paytoken service is, for the SDK and for the pages' script tags. */
  serviceUrl: string;
  /** The integrating system's account, and the clients it collects for (chosen on the page). */
  system: DemoAccount;
  clients: Record<string, DemoAccount>;
  port?: number;
  host?: string;
  /** More names its `Host` may carry, such as the service's ALLOWED_HOSTS (demo/request-checks.ts). */
  allowedHosts?: string[];
  /** The service's local mailbox (DATA_DIR/mailbox), which the Mailbox page shows; none when it sends through SMTP. */
  mailboxDir?: string;
}

const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/dropin': 'dropin.html',
  '/isolated': 'isolated.html',
  '/script-tag': 'script-tag.html',
  '/payments': 'payments.html',
  '/mailbox': 'mailbox.html',
  '/autopay': 'autopay.html',
  '/demo.css': 'demo.css',
  '/checkout.js': 'checkout.js',
  '/favicon.svg': 'favicon.svg',
};
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};
/** The payer's words for a transaction's method: the service says `Ach`, a payer says "Bank account". */
const METHOD_NAMES: Record<string, string> = {
  Ach: 'Bank account',
  AmericanExpress: 'American Express',
  DinersClub: 'Diners Club',
  Jcb: 'JCB',
  MasterCard: 'Mastercard',
};

const methodName = (transaction: TransactionResponse): string =>
  METHOD_NAMES[transaction.transactionType ?? ''] ?? transaction.transactionType ?? 'Unknown';

class DemoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface RunningDemo {
  url: string;
  /** `'on'` when the service sends this demo its webhooks (demo/webhooks.ts), else why not. */
  webhooks: string;
  close(): Promise<void>;
}

export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const clients = Object.fromEntries(
    Object.entries(options.clients).map(([id, client]) => [
      id,
      new PaytokenClient({
        apiUrl: options.serviceUrl,
        apiKey: options.system.apiKey,
        apiSecret: options.system.apiSecret,
        impersonationAccountKey: client.impersonationKey ?? undefined,
      }),
    ]),
  );
  const inbox = createWebhookInbox(clients);
  const accounts = Object.entries(options.clients).map(([id, client]) => ({
    id,
    name: client.name,
    impersonationKey: client.impersonationKey,
  }));
  const clientFor = (id: unknown): PaytokenClient => {
    const client = typeof id === 'string' ? clients[id] : undefined;
    if (!client) throw new DemoError(400, `Choose one of the accounts: ${Object.keys(clients).join(', ')}.`);
    return client;
  };
  const amountOf = (value: unknown): number => {
    const amount = typeof value === 'string' ? Number(value) : value;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
      throw new DemoError(400, 'Enter an amount due above 0.00.');
    return amount;
  };

  // Known once listening (port 0 picks one): the names and the address its requests must carry.
  let own = { hosts: new Set<string>(), url: '' };
  let webhookStatus = 'starting';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Before anything is read or charged: only the demo's own pages get answers (demo/request-checks.ts).
    checkRequest(request, own.hosts, own.url);
    const url = new URL(request.url ?? '/', 'http://demo');
    const page = PAGES[url.pathname];
    if (request.method === 'GET' && page) {
      const text = (await readFile(new URL(`./pages/${page}`, import.meta.url), 'utf8'))
        .replaceAll('{{SERVICE_URL}}', options.serviceUrl)
        .replaceAll('{{PUBLIC_KEY}}', options.system.publicKey)
        .replaceAll('{{ACCOUNTS}}', JSON.stringify(accounts).replaceAll('<', '\\u003c'));
      return send(response, 200, text, TYPES[page.split('.').pop() as string]);
    }
    if (request.method === 'GET' && url.pathname === '/checkout/fees') {
      const fees = await clientFor(url.searchParams.get('account')).fees.calculate(
        amountOf(url.searchParams.get('amount')),
      );
      return sendJson(response, 200, fees);
    }
    if (request.method === 'POST' && url.pathname === '/checkout/pay') {
      const body = await readJson(request);
      const client = clientFor(body.account);
      const amountDue = amountOf(body.amountDue);
      if (typeof body.tokenId !== 'string') throw new DemoError(400, 'No token id was sent.');
      // docs/api.md#retrieving-and-deleting: check the token the browser sent before charging it.
      const token = await client.tokens.retrieve(body.tokenId);
      const payment = {
        tokenId: token.id,
        payer: token.payer,
        emailAddress: token.emailAddress,
        // A receipt to the payer, in the page's language (docs/operating.md#e-mail-receipts).
        sendReceipt: true,
        locale: /^es\b/i.test(request.headers['accept-language'] ?? '') ? ('es' as const) : ('en' as const),
        ...(request.socket.remoteAddress && { ipAddress: request.socket.remoteAddress.replace(/^::ffff:/, '') }),
      };
      // The fee the form showed the payer (docs/fees.md#the-fee-shown-before-pay) is the fee charged;
      // the service refuses any other for this token. Without a quote, the account's fee (Mode A).
      const payerFee = quotedFee(body.feeQuote, amountDue);
      const transaction =
        payerFee === null
          ? await client.transactions.createWithPayerFee({ amountDue, ...payment })
          : await client.transactions.create({ ...payment, amount: sumOf(amountDue, payerFee), payerFee });
      // The fee as its own line, named by the account's program, and the card's funding, in the
      // receipt's language; a service fee charged as its own transaction adds up with its principal.
      const feeLine = feeLineOf(transaction, payment.locale);
      const separate = transaction.feeTransaction;
      return sendJson(response, 201, {
        transactionId: transaction.id,
        charged: separate ? sumOf(transaction.amount, separate.amount) : transaction.amount,
        payerFee: feeLine.amount,
        // No line for no fee (a debit card under a surcharge): the funding line says why.
        feeLine: feeLine.amount > 0 ? feeLine.text : null,
        feeTransactionId: feeLine.feeTransactionId,
        funding: fundingLineOf(transaction, payment.locale),
        agencyNet: separate ? sumOf(transaction.netAmount, separate.netAmount) : transaction.netAmount,
        method: methodName(transaction),
        lastFour: token.lastFour,
        payerFeeMode: transaction.payerFeeMode,
      });
    }
    if (url.pathname.startsWith('/autopay/')) return sendJson(response, ...(await autopay(request, url)));
    if (request.method === 'GET' && url.pathname === '/mailbox/list') {
      const entries = options.mailboxDir ? await readMailbox(options.mailboxDir) : [];
      return sendJson(response, 200, {
        smtp: !options.mailboxDir,
        mails: entries.map(({ id, date, to, subject }) => ({ id, date, to, subject })),
      });
    }
    if (request.method === 'GET' && url.pathname === '/mailbox/mail') {
      const entry = options.mailboxDir ? await readEntry(options.mailboxDir, url.searchParams.get('id') ?? '') : null;
      if (!entry) throw new DemoError(404, 'No such mail.');
      return sendJson(response, 200, entry);
    }
    if (request.method === 'POST' && url.pathname === '/webhooks') {
      await inbox.receive(await rawBody(request), request.headers[SIGNATURE]);
      return sendJson(response, 200, { received: true });
    }
    if (request.method === 'GET' && url.pathname === '/webhooks/received') {
      clientFor(url.searchParams.get('account'));
      return sendJson(response, 200, {
        webhooks: webhookStatus,
        received: inbox.receivedFor(url.searchParams.get('account') as string),
      });
    }
    if (request.method === 'GET' && url.pathname === '/payments/list')
      return sendJson(response, 200, await recentPayments(clientFor(url.searchParams.get('account')), methodName));
    if (request.method === 'POST' && url.pathname.startsWith('/payments/')) {
      const body = await readJson(request);
      const client = clientFor(body.account);
      if (url.pathname === '/payments/settle') return sendJson(response, 200, await settleNow(client));
      const id = transactionIdOf(body.transactionId);
      if (id === null) throw new DemoError(400, 'No transaction was chosen.');
      if (url.pathname === '/payments/void') return sendJson(response, 200, await client.transactions.void(id));
      if (url.pathname === '/payments/refund') {
        return sendJson(response, 201, await refund(client, id, body.amount));
      }
    }
    throw new DemoError(404, 'Not found.');
  }

  /** The Autopay page's requests (demo/autopay.ts): set up, read, pause, restart, cancel. */
  async function autopay(request: IncomingMessage, url: URL): Promise<[number, unknown]> {
    if (request.method === 'GET' && url.pathname === '/autopay/schedule') {
      const id = scheduleIdOf(url.searchParams.get('id'));
      if (id === null) throw new DemoError(400, 'No schedule was chosen.');
      return [200, await autopayView(clientFor(url.searchParams.get('account')), id)];
    }
    if (request.method !== 'POST') throw new DemoError(404, 'Not found.');
    const body = await readJson(request);
    const client = clientFor(body.account);
    if (url.pathname === '/autopay/schedules') {
      const choice = autopayChoiceOf(body);
      if (typeof choice === 'string') throw new DemoError(400, choice);
      if (typeof body.tokenId !== 'string') throw new DemoError(400, 'No token id was sent.');
      // docs/api.md#retrieving-and-deleting: the token the browser sent, checked and read here.
      const token = await client.tokens.retrieve(body.tokenId);
      return [201, await setUpAutopay(client, choice, { token, ...payerContextOf(request) })];
    }
    const change = CHANGES.find((name) => url.pathname === `/autopay/${name}`);
    if (!change) throw new DemoError(404, 'Not found.');
    const id = scheduleIdOf(body.id);
    if (id === null) throw new DemoError(400, 'No schedule was chosen.');
    return [200, await changeAutopay(client, id, change)];
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // The payer reads only the payer-safe message, in the page's language: the precise reason
      // (a card reported lost or stolen, say) stays on this server, for its log and the merchant.
      if (error instanceof PaymentDeclinedError)
        return sendJson(response, 402, {
          message: error.payerMessageIn(request.headers['accept-language'] ?? 'en'),
          transactionId: error.transactionId,
        });
      if (error instanceof ReversalDeclinedError)
        return sendJson(response, 400, { message: error.message, reversalResponseCode: error.reversalResponseCode });
      if (error instanceof RangeError) return sendJson(response, 400, { message: error.message });
      // A webhook that does not verify: 400, and nothing it says is done (demo/webhooks.ts).
      if (error instanceof WebhookSignatureError) return sendJson(response, 400, { message: error.message });
      if (error instanceof WebhookBodyTooLarge) return sendJson(response, 413, { message: error.message });
      if (error instanceof PaytokenApiError) {
        const unavailable = error.status === 0 || error.status >= 500;
        return sendJson(response, unavailable ? 502 : 400, {
          message: unavailable ? 'The payment service is unavailable. Please try again in a moment.' : error.message,
          code: error.code,
        });
      }
      if (error instanceof RefusedRequest) return sendJson(response, error.status, { message: error.message });
      if (error instanceof DemoError)
        return sendJson(response, error.status, { message: error.message, ...error.extra });
      console.error('demo error', error instanceof Error ? error.message : 'unknown');
      return sendJson(response, 500, { message: 'The demo had a problem.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject); // a port taken or not allowed
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const host = options.host ?? '127.0.0.1';
  const { port } = server.address() as AddressInfo;
  own = { hosts: ownHosts(host, port, options.allowedHosts ?? []), url: `http://${host}:${port}` };
  // Listening on every address: the service reaches this demo on loopback.
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? `http://127.0.0.1:${port}` : own.url;
  webhookStatus = await inbox.register(`${reachable}/webhooks`);
  return {
    url: own.url,
    webhooks: webhookStatus,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** "Settle now": the open batch closed, or a 409 when nothing waits for one (no empty batch is made). */
async function settleNow(client: PaytokenClient) {
  if (!(await hasUnsettled(client)))
    throw new DemoError(409, 'Nothing to settle: every payment is already in a batch.');
  return client.sandbox.settle();
}

/** A refund of what the page typed; anything that is not an amount gets the page's own sentence. */
async function refund(client: PaytokenClient, id: number, typed: unknown) {
  const amount = refundAmountOf(typed);
  if (amount === null) throw new DemoError(400, REFUND_AMOUNT_HELP);
  return client.transactions.refund(id, { amount });
}

/** The payer's language (the page's, for the service's e-mails) and address, as a payment sends them. */
function payerContextOf(request: IncomingMessage): { language: 'en' | 'es'; ipAddress: string | null } {
  return {
    language: /^es\b/i.test(request.headers['accept-language'] ?? '') ? 'es' : 'en',
    ipAddress: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? null,
  };
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...NO_FRAMING }).end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, JSON.stringify(body), 'application/json');
}

/** The payer fee of the quote the form sent for `amountDue`, or null when it sent none (or one for another amount). */
function quotedFee(quote: unknown, amountDue: number): number | null {
  const { amount, payerFee } = (quote ?? {}) as { amount?: unknown; payerFee?: unknown };
  return amount === amountDue && typeof payerFee === 'number' && Number.isFinite(payerFee) && payerFee >= 0
    ? payerFee
    : null;
}

/** Two amounts in currency units added through whole cents. @example sumOf(100, 3.25) // 103.25 */
const sumOf = (a: number, b: number): number => (Math.round(a * 100) + Math.round(b * 100)) / 100;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 16_384) throw new DemoError(413, 'The request is too large.');
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new DemoError(400, 'Send a JSON object.');
}
