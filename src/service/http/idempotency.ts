import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import type { Repository, Scope } from '../storage/repository.js';
import type { Vault } from '../vault/vault.js';

/** What an operation answers; stored under its Idempotency-Key and replayed for a retry. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Never part of a stored request hash in any form (PCI DSS 3.3.1: no card verification code after authorization). */
const DROPPED = new Set(['cvc', 'cvv', 'cvv2', 'securitycode']);
/** Kept only as a keyed fingerprint of their digits. */
const FINGERPRINTED = new Set(['cardnumber', 'accountnumber']);

/**
 * JSON with sorted keys, so the same request hashes the same whatever its key order; CVCs left out
 * and card and account numbers replaced by their keyed fingerprint.
 */
export function requestFingerprint(value: unknown, vault: Pick<Vault, 'fingerprint'>): string {
  if (Array.isArray(value)) return `[${value.map((item) => requestFingerprint(item, vault)).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((key) => !DROPPED.has(key.toLowerCase()))
      .sort()
      .map((key) => {
        const field = (value as Record<string, unknown>)[key];
        const kept =
          FINGERPRINTED.has(key.toLowerCase()) && typeof field === 'string'
            ? `fp:${vault.fingerprint(`${key.toLowerCase()}:${field.replace(/\D/g, '')}`)}`
            : field;
        return `${JSON.stringify(key)}:${requestFingerprint(kept, vault)}`;
      })
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs `operation` at most once per `Idempotency-Key` (docs/api.md#idempotency): a retry with the same body gets
 * the first answer again; another body is a 422; a retry while the first still runs is a 409. The
 * key is claimed in the database, so it holds across processes and under concurrency. The operation's
 * writes and the stored answer commit in one database transaction: after a crash a key either replays
 * its answer or runs again (once the dead process's claim has lapsed). The stored request is a keyed
 * hash without the CVC (`requestFingerprint`), never the body itself.
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { repository: Repository; vault: Vault; instance: { id: string } },
  scope: Scope,
  operation: string,
  run: (repository: Repository) => Promise<Outcome>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return send(reply, await run(deps.repository));
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header))
    throw ApiError.of(400, 'INVALID_IDEMPOTENCY_KEY');
  const key = { scope, operation, key: header, owner: deps.instance.id };
  const hash = deps.vault.fingerprint(requestFingerprint(request.body, deps.vault));
  const claim = await deps.repository.idempotency.claim(key, hash);
  const inUse = () => ApiError.of(409, 'IDEMPOTENCY_KEY_IN_USE', {}, { 'Retry-After': '1' });
  if (claim.state === 'mismatch') throw ApiError.of(422, 'IDEMPOTENCY_KEY_REUSED');
  if (claim.state === 'running') throw inUse();
  if (claim.state === 'done') return send(reply.header('Idempotent-Replayed', 'true'), claim);
  let outcome: Outcome;
  try {
    outcome = await deps.repository.transaction(async (inTransaction) => {
      const answer = await run(inTransaction);
      // Lost only if this process was taken for dead: then nothing of it may commit.
      if (!(await inTransaction.idempotency.complete(key, answer.status, answer.headers, answer.body))) throw inUse();
      return answer;
    });
  } catch (error) {
    await deps.repository.idempotency.release(key);
    throw error;
  }
  return send(reply, outcome);
}

function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  return reply.status(outcome.status).headers(outcome.headers).send(outcome.body);
}
