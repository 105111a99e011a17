import type { ConnectionOptions } from 'node:tls';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { checkMailMessage, DEFAULT_MAIL_FROM, MailHeaderError, type MailMessage } from './mail-message.js';
import { keepInMailbox } from './mailbox.js';

/** Sends mail: through SMTP (`SMTP_URL`), or into the local mailbox when there is no SMTP server. */
export interface MailTransport {
  /** `smtp` or `mailbox`: where `send` puts a message. */
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the SMTP server accepted the message (or the mailbox holds it); throws otherwise (MailSendError, MailHeaderError). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailTransportOptions {
  /** `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://host:465` (TLS from the start). */
  smtpUrl?: string;
  /** Without `smtpUrl`: the directory of the local mailbox (.data/mailbox for `npm start`). */
  mailboxDir?: string;
  /** The sender (`MAIL_FROM`); default `Paytoken <receipts@localhost>`. */
  from?: string;
  /** How long to wait for the connection, the greeting and each answer of the server; default 10000. */
  timeoutMs?: number;
  /** TLS options for the SMTP connection (a private CA, say). */
  tls?: ConnectionOptions;
}

/** A send that failed: `permanent` when the server refused the message for good (a 5xx), so a retry would fail again. */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The mail transport configuration asks for: SMTP when `smtpUrl` is set (smtp:// or smtps://),
 * otherwise the local mailbox in `mailboxDir`.
 * @example
 * const mail = createMailTransport({ smtpUrl: process.env.SMTP_URL, mailboxDir: '.data/mailbox' });
 * await mail.send(composeReceipt({ transaction, kind: 'sale', agencyName: 'Springfield', locale: 'en' }));
 * await mail.close();
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  if (options.smtpUrl) return smtpTransport(options.smtpUrl, from, options);
  if (!options.mailboxDir) throw new Error('A mail transport needs an SMTP URL or a mailbox directory.');
  const dir = options.mailboxDir;
  // The raw message is built exactly as SMTP would carry it, without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(message) {
      const checked = checkMailMessage(message);
      const info = await composer.sendMail({ from, ...checked });
      // With `buffer: true` the message is a Buffer, never a stream.
      await keepInMailbox(dir, checked, info.message as Buffer, from);
    },
    close() {
      composer.close();
      return Promise.resolve();
    },
  };
}

function smtpTransport(smtpUrl: string, from: string, options: MailTransportOptions): MailTransport {
  const url = smtpUrlParts(smtpUrl);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
    ...(options.tls ? { tls: options.tls } : {}),
  } satisfies SMTPTransport.Options);
  return {
    kind: 'smtp',
    async send(message) {
      const checked = checkMailMessage(message);
      let info: SMTPTransport.SentMessageInfo;
      try {
        info = await transporter.sendMail({ from, ...checked });
      } catch (error) {
        throw sendError(error);
      }
      // One recipient: accepted, or the whole send failed.
      if (info.rejected.length > 0 || info.accepted.length === 0)
        throw new MailSendError(`The SMTP server did not accept the recipient: ${info.response}`, true);
    },
    close() {
      transporter.close();
      return Promise.resolve();
    },
  };
}

/** The parts of an SMTP URL; anything else than smtp:// or smtps:// with a host is refused. */
export function smtpUrlParts(smtpUrl: string): URL {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL is not a URL; write it as smtp://user:password@host:587 or smtps://host:465.');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:password@host:587.');
  return url;
}

function sendError(error: unknown): Error {
  if (error instanceof MailHeaderError) return error;
  const { message, responseCode, code } = error as { message?: string; responseCode?: number; code?: string };
  // Never the server's whole conversation: only its code and first line.
  const reason = String(message ?? error).split('\n')[0];
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new MailSendError(
    `The mail was not sent (${code ?? 'SMTP'}${responseCode ? ` ${responseCode}` : ''}): ${reason}`,
    permanent,
    responseCode,
  );
}
