import { emailAddress } from '../../shared/validators/names.js';

/** One e-mail as the service sends it: the address, the subject, and the body as plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header (`<local@domain>`), when the sender fixes it: a resent message keeps it. */
  messageId?: string;
}

/** The sender when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Paytoken <receipts@localhost>';

/** A message that cannot be sent as it is (an address or a subject that would forge a header); never retried. */
export class MailHeaderError extends Error {
  override name = 'MailHeaderError';
}

/** CR, LF, NUL and every other control character: what would end a header line, or forge another. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * Refuses a message whose address or subject could inject a header (CR, LF, NUL) or whose address is
 * not one plausible address; returns the message unchanged otherwise.
 * @example checkMailMessage({ to: 'ada@example.com\r\nBcc: eve@example.com', … }) // throws MailHeaderError
 */
export function checkMailMessage(message: MailMessage): MailMessage {
  if (typeof message.to !== 'string' || CONTROL.test(message.to) || !emailAddress(message.to).isValid)
    throw new MailHeaderError('The recipient is not one e-mail address (or holds a control character).');
  if (message.to.trim() !== message.to || /[<>,;"()\\[\]]/.test(message.to))
    throw new MailHeaderError('The recipient must be a bare address: no name, no list, no quotes.');
  if (typeof message.subject !== 'string' || CONTROL.test(message.subject) || message.subject.length > 900)
    throw new MailHeaderError('The subject holds a control character (CR, LF, NUL…) or is longer than 900 characters.');
  if (
    message.messageId !== undefined &&
    !/^<[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+>$/.test(message.messageId)
  )
    throw new MailHeaderError('The Message-ID must be one <local@domain> without spaces or control characters.');
  return message;
}

/**
 * Whether `from` is one sender: `address`, or `Name <address>`, with no control character.
 * @example isMailFrom('Springfield <billing@springfield.gov>') // true
 */
export function isMailFrom(from: string): boolean {
  if (CONTROL.test(from)) return false;
  const match = /^(?:[^<>,;"\\]*<([^<>\s]+)>|([^<>\s]+))$/.exec(from.trim());
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && (address === 'receipts@localhost' || emailAddress(address).isValid);
}
