import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import type { Repository, Scope } from './storage/repository.js';
import type { Vault } from './vault.js';

/** What an operation answers; stored under its Idempotency-Key and replayed for a retry. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** JSON with sorted keys, so the same request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs `operation` at most once per `Idempotency-Key` (docs/api.md#idempotency): a retry with the same body gets
 * the first answer again; another body is a 422; a retry while the first still runs is a 409. The
 * key is claimed in the database, so it holds across processes and under concurrency. The stored
 * request is a keyed hash (it may contain a card number), never the body itself.
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { repository: Repository; vault: Vault },
  scope: Scope,
  operation: string,
  run: () => Promise<Outcome>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return send(reply, await run());
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header))
    throw ApiError.of(400, 'INVALID_IDEMPOTENCY_KEY');
  const key = { scope, operation, key: header };
  const claim = await deps.repository.idempotency.claim(key, deps.vault.fingerprint(canonical(request.body)));
  if (claim.state === 'mismatch') throw ApiError.of(422, 'IDEMPOTENCY_KEY_REUSED');
  if (claim.state === 'running') throw ApiError.of(409, 'IDEMPOTENCY_KEY_IN_USE', {}, { 'Retry-After': '1' });
  if (claim.state === 'done') return send(reply.header('Idempotent-Replayed', 'true'), claim);
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    await deps.repository.idempotency.release(key);
    throw error;
  }
  await deps.repository.idempotency.complete(key, outcome.status, outcome.headers, outcome.body);
  return send(reply, outcome);
}

function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  return reply.status(outcome.status).headers(outcome.headers).send(outcome.body);
}
