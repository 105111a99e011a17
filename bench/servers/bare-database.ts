/**
 * The floor with a database: a bare node:http endpoint that runs one prepared PostgreSQL statement per
 * request (GET: a SELECT by primary key; POST: an INSERT of the parsed body), in a schema of its own.
 * What one durable round trip per request costs on this machine, with nothing else around it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const schema = `floor_${randomBytes(4).toString('hex')}`;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c search_path=${schema}` });
await pool.query(`CREATE SCHEMA ${schema}`);
await pool.query(
  'CREATE TABLE tokens (id text PRIMARY KEY, payer text, email_address text, card_number text, created_at timestamptz DEFAULT now())',
);
await pool.query(
  "INSERT INTO tokens (id, payer, email_address, card_number) VALUES ('tok_floor', 'Ada', 'ada@example.com', '4242')",
);

/** One request: a POST inserts the parsed body, a GET selects the seeded row. */
async function answer(method: string | undefined, body: string, response: ServerResponse): Promise<void> {
  let result: unknown;
  if (method === 'POST') {
    const parsed = JSON.parse(body) as {
      payer?: string;
      emailAddress?: string;
      creditCardInformation?: { cardNumber?: string };
    };
    const id = `tok_${randomBytes(18).toString('base64url')}`;
    await pool.query({
      name: 'insert',
      text: 'INSERT INTO tokens (id, payer, email_address, card_number) VALUES ($1, $2, $3, $4)',
      values: [id, parsed.payer, parsed.emailAddress, parsed.creditCardInformation?.cardNumber],
    });
    result = { id };
  } else {
    result = (await pool.query({ name: 'select', text: 'SELECT * FROM tokens WHERE id = $1', values: ['tok_floor'] }))
      .rows[0];
  }
  response.writeHead(method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(result));
}

async function stop(): Promise<void> {
  server.close();
  await pool.query(`DROP SCHEMA ${schema} CASCADE`);
  await pool.end();
  process.exit(0);
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => void answer(request.method, body, response));
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
);
process.on('SIGTERM', () => void stop());
