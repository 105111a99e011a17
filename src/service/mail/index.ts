/**
 * E-mail to payers: the receipt (receipt.ts), the checks every message passes (mail-message.ts), and
 * the transports that carry it, SMTP or the local mailbox (transport.ts, mailbox.ts).
 * docs/operating.md#e-mail-receipts says how an operator sets it up.
 */
export { checkMailMessage, DEFAULT_MAIL_FROM, isMailFrom, MailHeaderError, type MailMessage } from './mail-message.js';
export { keepInMailbox, readMailbox, type MailboxEntry } from './mailbox.js';
export { composeReceipt, escapeHtml, type ReceiptInput, type ReceiptKind } from './receipt.js';
export { MAIL_CHANNEL, mailChannel, type MailChannelDeps } from './mail-channel.js';
export {
  createMailTransport,
  MailSendError,
  smtpUrlParts,
  type MailTransport,
  type MailTransportOptions,
} from './transport.js';
