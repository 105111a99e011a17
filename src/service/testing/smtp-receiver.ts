import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for tests: what it accepted, parsed; how many it refused. */
export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>` (or smtps://, with `secure`). */
  url: string;
  /** The messages accepted, parsed by mailparser, in order of arrival. */
  received: ParsedMail[];
  /** How many messages it refused. */
  refused: number;
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** Refuse the first N messages after their data, with `refuseCode` (default 451, a temporary failure). */
  refuseFirst?: number;
  refuseCode?: number;
  /** TLS from the first byte (smtps://), with smtp-server's own certificate for localhost. */
  secure?: boolean;
  /** Accept the connection and never answer it (a server that hangs). */
  silent?: boolean;
}

/**
 * Starts an SMTP server on 127.0.0.1 with a port of its own; STARTTLS is not offered (its
 * certificate is self-signed), and any login is accepted.
 * @example
 * const smtp = await startSmtpReceiver({ refuseFirst: 1 });
 * // … send twice to smtp.url …
 * const [mail] = await smtp.waitFor(1); // mail.subject, mail.text, mail.html
 */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const received: ParsedMail[] = [];
  const waiters: { count: number; resolve: (mails: ParsedMail[]) => void }[] = [];
  const receiver = { received, refused: 0 };
  const server = new SMTPServer({
    secure: options.secure ?? false,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    authOptional: true,
    closeTimeout: 200,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onConnect: (_session, callback) => {
      if (!options.silent) callback();
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          if (receiver.refused < (options.refuseFirst ?? 0)) {
            receiver.refused += 1;
            const refusal = Object.assign(new Error('Try again later'), { responseCode: options.refuseCode ?? 451 });
            callback(refusal);
            return;
          }
          received.push(mail);
          callback();
          for (const waiter of waiters.filter((candidate) => received.length >= candidate.count))
            waiter.resolve(received.slice());
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `${options.secure ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    received,
    get refused() {
      return receiver.refused;
    },
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve(received.slice())
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
