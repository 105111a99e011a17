// examples/serve.mjs: a small site of yours, to pay from the example pages in a browser. From the
// repository's root, once `npm start` runs:   . .data/sandbox.env && node examples/serve.mjs
// It serves examples/browser/*.html with the service's address and your public key filled in, and
// charges what a page posts to /checkout with examples/server/pay.mjs.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { pay } from './server/pay.mjs';

const ORDERS = { 17: 100.0 }; // the amount due of each order: the example pages post orderId 17
const PAGES = new URL('./browser/', import.meta.url);

async function checkout(request, response) {
  let body = '';
  for await (const chunk of request) body += chunk;
  const form = new URLSearchParams(body); // orderId=17&tokenId=tok_…: never a card number
  const result = await pay(form.get('tokenId'), ORDERS[form.get('orderId') ?? 17]);
  response.writeHead(result.paid ? 200 : 402, { 'Content-Type': 'text/plain; charset=utf-8' }).end(result.message);
}

async function page(name, response) {
  const html = /^[\w-]+\.html$/.test(name) ? await readFile(new URL(name, PAGES), 'utf8').catch(() => null) : null;
  if (html === null) return response.writeHead(404).end('No such page.');
  const filled = html
    .replaceAll('https://pay.example.com', process.env.PAYTOKEN)
    .replaceAll('pk_…', process.env.PUBLIC_KEY);
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(filled);
}

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost');
  const done =
    request.method === 'POST' && pathname === '/checkout'
      ? checkout(request, response)
      : page(pathname.slice(1) || 'dropin.html', response);
  done.catch((error) => response.writeHead(500).end(`Your site had a problem: ${error.message}`));
});
server.on('error', (error) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(
    `Port ${error.port} is in use: set SITE_PORT to another port (SITE_PORT=4031 node examples/serve.mjs).`,
  );
  process.exit(1);
});
server.listen(Number(process.env.SITE_PORT ?? 4030), '127.0.0.1', () => {
  console.log(`Your site: http://127.0.0.1:${server.address().port}/dropin.html (also frame.html, hosted-script.html)`);
});
