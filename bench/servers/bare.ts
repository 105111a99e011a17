/** The floor: a bare node:http JSON endpoint that reads the body and answers, on the same machine. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const parsed = (body ? JSON.parse(body) : {}) as { payer?: string };
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'tok_bare', payer: parsed.payer ?? 'Ada' }));
  });
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
);
