import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('starts with no set-up at all', () => {
    expect(loadConfig({})).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      dataDir: '.data',
      databaseUrl: undefined,
      logLevel: 'info',
      tokenRateLimitPerIp: 60,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db/pay',
      DATA_DIR: '/var/lib/paytoken',
      LOG_LEVEL: 'warn',
      PAYTOKEN_VAULT_KEY: 'a'.repeat(64),
      TOKEN_RATE_LIMIT_PER_IP: '5',
      TOKEN_RATE_LIMIT_PER_KEY: '50',
      PUBLIC_URL: 'https://pay.example.com/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db/pay',
      logLevel: 'warn',
      tokenRateLimitPerIp: 5,
      tokenRateLimitPerKey: 50,
      publicUrl: 'https://pay.example.com',
    });
  });

  it('reports every bad value with what was expected', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        PAYTOKEN_VAULT_KEY: 'short',
        TOKEN_RATE_LIMIT_PER_IP: '0',
        PUBLIC_URL: 'pay.example.com',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535; it is "eighty".',
      'DATABASE_URL must be a postgres: or postgresql: URL.',
      'TOKEN_RATE_LIMIT_PER_IP must be a whole number from 1 to 1000000; it is "0".',
      'PUBLIC_URL must be a http: or https: URL.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is "loud".',
      'PAYTOKEN_VAULT_KEY must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`).',
    ]);
  });

  it('loads the BIN table of BIN_TABLE_FILE, and fails start-up naming each bad line (docs/fees.md#the-bin-table)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bins-'));
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'start,end,brand,funding,country\n4,,Visa,debit,US\n');
    expect(loadConfig({ BIN_TABLE_FILE: good }).binTable.lookup('4111')).toMatchObject({ funding: 'debit' });
    expect(loadConfig({}).binTable.lookup('40000566')).toMatchObject({ funding: 'debit' });
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'start,end,brand,funding,country\n4,,Visa,debit,US\n40,49,Visa,credit\n');
    expect(() => loadConfig({ BIN_TABLE_FILE: bad })).toThrow(
      `BIN_TABLE_FILE: ${bad} line 3: expected 5 comma-separated values`,
    );
    expect(() => loadConfig({ BIN_TABLE_FILE: join(dir, 'none.csv') })).toThrow('none.csv cannot be read (ENOENT)');
  });

  it('chooses the payment processor: the sandbox, unless PROCESSOR names one it has no adapter for', () => {
    expect(loadConfig({})).toMatchObject({ processor: 'sandbox', processorTimeoutMs: 30_000 });
    expect(loadConfig({ PROCESSOR: 'sandbox', PROCESSOR_TIMEOUT_MS: '5000' })).toMatchObject({
      processor: 'sandbox',
      processorTimeoutMs: 5_000,
    });
    expect(() => loadConfig({ PROCESSOR: 'acquirer-x' })).toThrow(
      'PROCESSOR must name a payment processor this service has an adapter for: sandbox; it is "acquirer-x".',
    );
    expect(() => loadConfig({ PROCESSOR_TIMEOUT_MS: '0' })).toThrow(
      'PROCESSOR_TIMEOUT_MS must be a whole number from 100 to 600000; it is "0".',
    );
  });

  it('gives requests in flight SHUTDOWN_GRACE_MS to finish at shutdown, 10 s unless set', () => {
    expect(loadConfig({})).toMatchObject({ shutdownGraceMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '45000' })).toMatchObject({ shutdownGraceMs: 45_000 });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '50' })).toThrow(
      'SHUTDOWN_GRACE_MS must be a whole number from 100 to 600000; it is "50".',
    );
  });

  it('sends mail through SMTP_URL, else keeps it in DATA_DIR/mailbox', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pay' })).toMatchObject({
      smtpUrl: undefined,
      mailboxDir: '/srv/pay/mailbox',
      mailFrom: 'Paytoken <receipts@localhost>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Springfield <billing@springfield.gov>' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', mailFrom: 'Springfield <billing@springfield.gov>' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL must be a smtp: or smtps: URL.',
    );
    expect(() => loadConfig({ MAIL_FROM: 'billing@springfield.gov\r\nBcc: eve@example.com' })).toThrow(
      'MAIL_FROM must be one address, optionally with a name (e.g. "Springfield <billing@springfield.gov>"), without control characters.',
    );
  });
});
