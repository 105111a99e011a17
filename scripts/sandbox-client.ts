/**
 * The sandbox as `npm run listen` and `npm run trigger` reach it: `$PAYTOKEN`, `$API_KEY` and
 * `$API_SECRET` from the environment, else from `.data/sandbox.env` (or `$DATA_DIR`'s; Springfield's own).
 */
import { existsSync, readFileSync } from 'node:fs';

export interface Sandbox {
  url: string;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** A GET's body as the service sent it, byte for byte. */
  text: (path: string) => Promise<string>;
}

export function sandbox(): Sandbox {
  const file = `${process.env.DATA_DIR || '.data'}/sandbox.env`;
  const saved: Record<string, string> = {};
  if (existsSync(file))
    for (const [, name, value] of readFileSync(file, 'utf8').matchAll(/^export (\w+)='?([^'\n]*)'?$/gm))
      if (name && value !== undefined) saved[name] = value;
  const named = (name: string) => process.env[name] ?? saved[name];
  const url = named('PAYTOKEN');
  const key = named('API_KEY');
  const secret = named('API_SECRET');
  if (!url || !key || !secret)
    throw new Error('No sandbox found: start it (npm start), or set PAYTOKEN, API_KEY and API_SECRET.');
  const authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  return {
    url,
    async call<T>(method: string, path: string, body?: unknown) {
      const answer = await fetch(`${url}${path}`, {
        method,
        headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: answer.status, body: (await answer.json()) as T };
    },
    async text(path) {
      return (await fetch(`${url}${path}`, { headers: { authorization } })).text();
    },
  };
}
