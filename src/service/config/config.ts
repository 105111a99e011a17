import { isIP } from 'node:net';
import { parseTrustProxy, type TrustProxy } from '../http/trust-proxy.js';
import { parseVaultKey } from '../vault/vault.js';
import { DEFAULT_CUTOFF, parseSettlementCutoff, type SettlementCutoff } from '../payments/cutoff.js';
import { DEFAULT_PROCESSOR_TIMEOUT_MS } from '../payments/payment-processor.js';
import { DEFAULT_MAIL_FROM, isMailFrom } from '../mail/mail-message.js';
import { join } from 'node:path';
import { BinTableError, type BinTable } from '../cards/bin-table.js';
import { SANDBOX_BIN_TABLE_FILE, loadBinTableFile, sandboxBinTable } from '../cards/bin-table-file.js';
import { parseNetworks } from '../webhooks/target.js';

/**
 * Configuration from environment variables, checked once at start: every bad value is reported
 * with what was expected, before anything listens.
 */
export interface ServiceConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** 32 bytes as hex or base64; without it a key is generated into `dataDir`. */
  vaultKey: string | undefined;
  /** Former keys, still able to open what they sealed. */
  vaultOldKeys: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `POST /tokens` per client IP and per public key, per minute (card-testing defence). */
  tokenRateLimitPerIp: number;
  tokenRateLimitPerKey: number;
  /** The address in `Location` headers, whatever `Host` says; required when NODE_ENV=production. */
  publicUrl: string | undefined;
  /** Proxies trusted to name the client in `X-Forwarded-For` (trust-proxy.ts); none by default. */
  trustProxy: TrustProxy;
  /** Host names this service answers to besides its own addresses, when PUBLIC_URL is unset. */
  allowedHosts: string[];
  /** Service processes behind the one port (Node's cluster); more than 1 needs PostgreSQL. */
  processes: number;
  /** The payment processor's adapter (`PROCESSOR`): `sandbox`, the only one for now (payments/payment-processor.ts). */
  processor: ProcessorName;
  /** How long the service waits for the processor's answer (`PROCESSOR_TIMEOUT_MS`, default 30000). */
  processorTimeoutMs: number;
  /** At shutdown, how long requests in flight may take before they are cut (`SHUTDOWN_GRACE_MS`, default 10000). */
  shutdownGraceMs: number;
  /** When the sandbox processor closes each day's batches (`SETTLEMENT_CUTOFF`, default 20:00 America/New_York). */
  settlementCutoff: SettlementCutoff;
  /** Where e-mail goes (`SMTP_URL`, smtp:// or smtps://); without it, into `mailboxDir` (docs/operating.md#e-mail-receipts). */
  smtpUrl: string | undefined;
  /** The local mailbox: `DATA_DIR/mailbox`. */
  mailboxDir: string;
  /** The sender of receipts (`MAIL_FROM`). */
  mailFrom: string;
  /** The BIN range table (`BIN_TABLE_FILE`, default the sandbox's), read and checked at start (docs/fees.md#the-bin-table). */
  binTableFile: string;
  binTable: BinTable;
  /**
   * Networks webhooks may be sent to among those refused by default, loopback and private
   * (`WEBHOOK_ALLOWED_NETWORKS`, CIDRs: `127.0.0.0/8,::1`); none by default (webhooks/target.ts).
   */
  webhookAllowedNetworks: string;
}

/** How long requests in flight may take to finish at shutdown unless `SHUTDOWN_GRACE_MS` says otherwise. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** The processors the service has adapters for. */
export const PROCESSOR_NAMES = ['sandbox'] as const;
export type ProcessorName = (typeof PROCESSOR_NAMES)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}; it is "${text}".`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const text = env[name];
    if (!text) return undefined;
    try {
      if (protocols.includes(new URL(text).protocol)) return text;
    } catch {
      // reported below
    }
    problems.push(`${name} must be a ${protocols.join(' or ')} URL.`);
    return undefined;
  };
  const logLevel = (env.LOG_LEVEL || 'info') as ServiceConfig['logLevel'];
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const config: ServiceConfig = {
    port: integer('PORT', 4010, 0, 65_535),
    host: env.HOST || '127.0.0.1',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: env.DATA_DIR || '.data',
    vaultKey: env.PAYTOKEN_VAULT_KEY || undefined,
    vaultOldKeys: (env.PAYTOKEN_VAULT_OLD_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    logLevel,
    tokenRateLimitPerIp: integer('TOKEN_RATE_LIMIT_PER_IP', 60, 1, 1_000_000),
    tokenRateLimitPerKey: integer('TOKEN_RATE_LIMIT_PER_KEY', 600, 1, 1_000_000),
    publicUrl: url('PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, ''),
    trustProxy: 'trust' in trustProxy ? trustProxy.trust : false,
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    processes: integer('PAYTOKEN_PROCESSES', 1, 1, 64),
    processor: 'sandbox',
    processorTimeoutMs: integer('PROCESSOR_TIMEOUT_MS', DEFAULT_PROCESSOR_TIMEOUT_MS, 100, 600_000),
    shutdownGraceMs: integer('SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 100, 600_000),
    settlementCutoff:
      parseSettlementCutoff(env.SETTLEMENT_CUTOFF || DEFAULT_CUTOFF) ??
      (parseSettlementCutoff(DEFAULT_CUTOFF) as SettlementCutoff),
    binTableFile: env.BIN_TABLE_FILE || SANDBOX_BIN_TABLE_FILE,
    binTable: sandboxBinTable(),
    webhookAllowedNetworks: env.WEBHOOK_ALLOWED_NETWORKS ?? '',
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailboxDir: join(env.DATA_DIR || '.data', 'mailbox'),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
  };
  if (!isMailFrom(config.mailFrom))
    problems.push(
      'MAIL_FROM must be one address, optionally with a name (e.g. "Springfield <billing@springfield.gov>"), without control characters.',
    );
  if (env.BIN_TABLE_FILE)
    try {
      config.binTable = loadBinTableFile(env.BIN_TABLE_FILE);
    } catch (error) {
      if (!(error instanceof BinTableError)) throw error;
      problems.push(...error.problems.map((problem) => `BIN_TABLE_FILE: ${problem}`));
    }
  const networks = parseNetworks(config.webhookAllowedNetworks).problems;
  if (networks.length)
    problems.push(
      `WEBHOOK_ALLOWED_NETWORKS must list addresses or networks (e.g. 127.0.0.0/8,::1,10.20.0.0/16); ${networks.map((entry) => `"${entry}"`).join(', ')} is not one.`,
    );
  if (env.SETTLEMENT_CUTOFF && !parseSettlementCutoff(env.SETTLEMENT_CUTOFF))
    problems.push(
      `SETTLEMENT_CUTOFF must be HH:MM and optionally a time zone (e.g. "20:00 America/New_York"); it is "${env.SETTLEMENT_CUTOFF}".`,
    );
  const processor = env.PROCESSOR || 'sandbox';
  if ((PROCESSOR_NAMES as readonly string[]).includes(processor)) config.processor = processor as ProcessorName;
  else
    problems.push(
      `PROCESSOR must name a payment processor this service has an adapter for: ${PROCESSOR_NAMES.join(', ')}; it is "${processor}".`,
    );
  if (config.processes > 1 && !config.databaseUrl)
    problems.push(
      `PAYTOKEN_PROCESSES=${config.processes} needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process.`,
    );
  if ('problem' in trustProxy) problems.push(trustProxy.problem);
  for (const entry of config.allowedHosts)
    if (!allowedHost(entry))
      problems.push(
        `ALLOWED_HOSTS must list host names, each with an optional port (e.g. pay.example.com,pay.example.com:8443); "${entry}" is not one.`,
      );
  // Without it, Location would be built from each request's Host header (host.ts).
  if (env.NODE_ENV === 'production' && !config.publicUrl && !problems.some((p) => p.startsWith('PUBLIC_URL')))
    problems.push('PUBLIC_URL must be set when NODE_ENV=production (e.g. https://pay.example.com).');
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is "${env.LOG_LEVEL}".`);
  for (const [name, key] of [
    ['PAYTOKEN_VAULT_KEY', config.vaultKey],
    ...config.vaultOldKeys.map((old) => ['PAYTOKEN_VAULT_OLD_KEYS', old]),
  ]) {
    if (key && !parseVaultKey(key))
      problems.push(`${name} must be 32 bytes as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`).`);
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * An `ALLOWED_HOSTS` entry as the Host check compares it: `name` (this name on the service's own
 * port) or `name:port` (this name on that port: a proxy in front that listens there). Null when the
 * entry is no host at all.
 * @example allowedHost('Pay.example.com:8443') // 'pay.example.com:8443'
 */
export function allowedHost(entry: string): string | null {
  if (isIP(entry) === 6) return `[${entry.toLowerCase()}]`;
  try {
    const url = new URL(`http://${entry}`);
    // Only a host and a port: no path, no user, nothing the URL parser would rewrite.
    const written = entry.toLowerCase();
    return written === url.host || written === `${url.hostname}:80` ? written : null;
  } catch {
    return null;
  }
}
