import type { FastifyRequest } from 'fastify';
import type { AccountCache } from './auth/account-cache.js';
import type { SecretVerifier } from './auth/credentials.js';
import type { ServiceConfig } from './config/config.js';
import type { Instance } from './ops/instance.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { PaymentProcessor } from './payments/payment-processor.js';
import type { Repository } from './storage/repository.js';
import type { Vault } from './vault/vault.js';
import type { TargetPolicy } from './webhooks/target.js';

/**
 * Everything the service needs, injected so tests build it in-process without a port. Its own module,
 * so app.ts (which builds it) and the routes (which use it) do not import each other.
 */
export interface ServiceDeps {
  repository: Repository;
  vault: Vault;
  config: Pick<ServiceConfig, 'tokenRateLimitPerIp' | 'tokenRateLimitPerKey' | 'publicUrl' | 'logLevel'> &
    Partial<
      Pick<ServiceConfig, 'trustProxy' | 'allowedHosts' | 'host' | 'port' | 'processor' | 'webhookAllowedNetworks'>
    >;
  rateLimiter: RateLimiter;
  accountCache: AccountCache;
  /** Checks a secret against its hash: `secretMatches` (auth/credentials.ts) unless a test wraps it. */
  verifySecret?: SecretVerifier;
  /** This process in the database: its heartbeat, and its id in idempotency claims. */
  instance: Instance;
  now: () => Date;
  /** The acquirer's adapter (payments/payment-processor.ts): the one `config.processor` names, unless a test gives its own. */
  processor: PaymentProcessor;
  /** How long to wait for the processor (PROCESSOR_TIMEOUT_MS; payments/payment-processor.ts has the default). */
  processorTimeoutMs?: number;
  /** The built browser bundles (dist/browser). */
  scriptsDir: string;
  version: string;
  /** Where webhooks may be sent (webhooks/target.ts): from WEBHOOK_ALLOWED_NETWORKS, PUBLIC_URL and PORT. */
  webhookTargets: TargetPolicy;
}

/** `{base_url}` of this service, for `Location` headers: PUBLIC_URL, else what the request was sent to. */
export function baseUrl(request: FastifyRequest, deps: Pick<ServiceDeps, 'config'>): string {
  return deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
