/**
 * Webhook endpoints (docs/api.md#webhook-endpoints): a URL of the caller's scope that the delivery
 * runner posts events to, signed with a secret the service makes and shows once. A rotation makes a
 * new secret and keeps the old one signing beside it for an overlap, so the receiver can switch.
 */
import { webhookMessages } from '../../shared/messages/api.js';
import type { EventType } from '../../shared/wire.js';
import type { Scope } from '../payments/model.js';
import { done, failed, notFound, type Result } from '../payments/result.js';
import type { DeliveryAttemptRecord, Repository, WebhookEndpointRecord } from '../storage/repository.js';
import { newId, randomBytesPooled } from '../vault/random.js';
import type { Vault } from '../vault/vault.js';
import { targetRefusal, type Resolve, type TargetPolicy } from './target.js';

export interface EndpointDeps {
  repository: Repository;
  vault: Vault;
  now: () => Date;
  webhookTargets: TargetPolicy;
  /** How host names are resolved (tests give their own). */
  resolve?: Resolve;
}

/** An endpoint, with its secret when it was just made or rotated. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpointRecord;
  secret?: string;
}

const newSecret = (): string => `whsec_${randomBytesPooled(32).toString('base64url')}`;
const sealSecret = (vault: Vault, secret: string, id: string) => {
  const { keyId, sealed } = vault.seal({ secret }, `webhook:${id}`);
  return { vaultKeyId: keyId, sealedSecret: sealed };
};

/** An endpoint's secret, opened from the vault. */
export function openSecret(vault: Vault, id: string, keyId: string, sealed: string): string {
  return (vault.open(keyId, sealed, `webhook:${id}`) as { secret: string }).secret;
}

/** Makes an endpoint for `url` when webhooks may be sent there; its secret is in the answer only. */
export async function createEndpoint(
  request: { url: string; enabledEvents: (EventType | '*')[] },
  scope: Scope,
  deps: EndpointDeps,
): Promise<Result<EndpointWithSecret>> {
  const refusal = await targetRefusal(new URL(request.url), deps.webhookTargets, deps.resolve);
  if (refusal)
    return failed({ kind: 'Invalid', errors: [{ field: 'url', code: refusal, message: webhookMessages[refusal] }] });
  const id = newId('we');
  const secret = newSecret();
  const endpoint = {
    id,
    scope,
    url: request.url,
    enabledEvents: request.enabledEvents,
    ...sealSecret(deps.vault, secret, id),
    previousVaultKeyId: null,
    previousSealed: null,
    previousUntil: null,
    created: deps.now(),
  };
  await deps.repository.webhookEndpoints.insert(endpoint);
  return done({ endpoint: { ...endpoint, status: 'enabled', deleted: false }, secret });
}

/** A new secret for an endpoint; the current one signs beside it for `overlapSeconds`. */
export async function rotateSecret(
  id: string,
  overlapSeconds: number,
  scope: Scope,
  deps: EndpointDeps,
): Promise<Result<EndpointWithSecret>> {
  const secret = newSecret();
  const until = new Date(deps.now().getTime() + overlapSeconds * 1000);
  const endpoint = await deps.repository.webhookEndpoints.rotate(id, scope, sealSecret(deps.vault, secret, id), until);
  return endpoint ? done({ endpoint, secret }) : notFound('webhookEndpoint');
}

/** A live endpoint of the caller's scope. */
export async function findEndpoint(
  id: string,
  scope: Scope,
  deps: Pick<EndpointDeps, 'repository'>,
): Promise<Result<WebhookEndpointRecord>> {
  const endpoint = await deps.repository.webhookEndpoints.find(id, scope);
  return endpoint ? done(endpoint) : notFound('webhookEndpoint');
}

/** Deletes an endpoint: nothing more is sent to it; its events stay readable. */
export async function deleteEndpoint(
  id: string,
  scope: Scope,
  deps: Pick<EndpointDeps, 'repository' | 'now'>,
): Promise<Result<{ id: string }>> {
  return (await deps.repository.webhookEndpoints.delete(id, scope, deps.now()))
    ? done({ id })
    : notFound('webhookEndpoint');
}

/** A page of an endpoint's delivery attempts, newest first. */
export async function endpointAttempts(
  id: string,
  scope: Scope,
  page: number,
  pageSize: number,
  deps: Pick<EndpointDeps, 'repository'>,
): Promise<Result<DeliveryAttemptRecord[]>> {
  const endpoint = await deps.repository.webhookEndpoints.find(id, scope);
  if (!endpoint) return notFound('webhookEndpoint');
  return done(await deps.repository.webhookEndpoints.attempts(id, pageSize, (page - 1) * pageSize));
}
