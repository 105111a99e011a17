import { formatMessage } from '../../shared/messages/catalog.js';
import { feeWordOf, RECEIPT_WORDS, type ReceiptWord } from '../../shared/messages/receipts.js';
import { formatDollars, wireAmountCents } from '../../shared/money.js';
import type { PayerLocale, TransactionResponse, TransactionEventType } from '../../shared/wire.js';
import { checkMailMessage, MailHeaderError, type MailMessage } from './mail-message.js';

/** What a receipt is about: the operation `sendReceipt` came with. */
export type ReceiptKind = 'sale' | 'capture' | 'void' | 'refund';

/** Everything a receipt says: the transaction as the API shows it, what happened, whose and in which language. */
export interface ReceiptInput {
  /** After the operation: a refund's receipt takes the refund (its own transaction), a void's the voided one. */
  transaction: TransactionResponse;
  kind: ReceiptKind;
  /** The agency (the account the payment is made to), by its name. */
  agencyName: string;
  locale: PayerLocale;
  /** A line that names what made the payment (a payment schedule's, mail/schedule-mail.ts), in `locale`. */
  madeBy?: string;
}

const EVENT_OF: Record<ReceiptKind, TransactionEventType> = {
  sale: 'Sale',
  capture: 'Capture',
  void: 'Void',
  refund: 'Refund',
};

/**
 * The payer's receipt of a sale, a capture, a void or a refund, as plain text and HTML, in the payer's
 * language: the agency's name, the amount due, the payer fee as its own line under its program's name
 * (surcharge, convenience fee, service fee), the total, the masked account, the card's funding, the transaction id and the date. Every value is HTML-escaped in the HTML part; an address or
 * an agency name that could inject a header is refused (MailHeaderError). Never holds more of the
 * account number than the last four digits the transaction shows.
 * @example composeReceipt({ transaction, kind: 'sale', agencyName: 'Springfield', locale: 'es' })
 *   // { to: 'ada@example.com', subject: 'Recibo de su pago a Springfield', text: '…', html: '…' }
 */
export function composeReceipt({ transaction, kind, agencyName, locale, madeBy }: ReceiptInput): MailMessage {
  if (!transaction.emailAddress)
    throw new MailHeaderError('The transaction has no e-mail address to send a receipt to.');
  const words = RECEIPT_WORDS[locale];
  const say = (word: ReceiptWord, params: Record<string, string | number> = {}) =>
    formatMessage(words[word], { agency: agencyName, payer: transaction.payer, ...params });
  const refund = kind === 'refund';
  // docs/fees.md#terms: the charged amount is the amount due plus the payer fee; a service fee charged
  // as its own transaction (docs/fees.md#the-service-fee-as-its-own-transaction) is that transaction's.
  const separateFee = transaction.feeTransaction;
  const feeCents = wireAmountCents(separateFee ? separateFee.amount : transaction.payerFee);
  const chargedCents = wireAmountCents(transaction.amount) + (separateFee ? feeCents : 0);
  const dueCents = chargedCents - feeCents;
  const amounts: [ReceiptWord, string][] = [
    [refund ? 'amountRefunded' : 'amountDue', formatDollars(Math.max(dueCents, 0))],
    [feeWordOf(transaction.feeProgram, transaction.transactionType), formatDollars(feeCents)],
    [refund ? 'totalRefunded' : 'totalCharged', formatDollars(chargedCents)],
  ];
  const funding = transaction.funding;
  const masked = transaction.maskedAccountNumber;
  const details = [
    ...(masked
      ? [
          say('paidWith', {
            method: transaction.transactionType === 'Ach' ? words.bankAccount : brandName(transaction.transactionType),
            lastFour: masked.slice(-4),
          }),
        ]
      : []),
    ...(funding === 'credit' || funding === 'debit' || funding === 'prepaid' ? [say(funding)] : []),
    say('transaction', { id: transaction.id, reference: transaction.publicId }),
    ...(separateFee ? [say('feeTransaction', { id: separateFee.id, reference: separateFee.publicId })] : []),
    say('date', { date: dateOf(transaction, kind, locale, words) }),
    ...(madeBy ? [madeBy] : []),
  ];
  const subject = say(kind === 'void' ? 'subjectVoid' : refund ? 'subjectRefund' : 'subjectPayment');
  const intro = say(kind === 'void' ? 'introVoid' : refund ? 'introRefund' : 'introPayment');
  const text = [
    intro,
    '',
    ...amounts.map(([word, amount]) => say(word, { amount })),
    '',
    ...details,
    '',
    say('keep'),
    '',
  ].join('\n');
  const html = receiptHtml(locale, subject, intro, amounts, words, details, say('keep'));
  return checkMailMessage({ to: transaction.emailAddress, subject, text, html });
}

function receiptHtml(
  locale: PayerLocale,
  subject: string,
  intro: string,
  amounts: [ReceiptWord, string][],
  words: Record<ReceiptWord, string>,
  details: string[],
  keep: string,
): string {
  // The label is the catalog's sentence up to its placeholder; the value goes in a cell of its own.
  const rows = amounts.map(([word, amount], index) => {
    const [label = '', after = ''] = words[word].split('{amount}');
    const weight = index === amounts.length - 1 ? 'font-weight:bold;' : '';
    return `<tr><td style="padding:4px 16px 4px 0;${weight}">${escapeHtml(label + after)}</td><td style="padding:4px 0;text-align:right;${weight}">${escapeHtml(amount)}</td></tr>`;
  });
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse">${rows.join('')}</table>`,
    ...details.map((line) => `<p style="margin:4px 0;color:#444">${escapeHtml(line)}</p>`),
    `<p style="margin-top:24px;color:#444">${escapeHtml(keep)}</p>`,
    '</body></html>',
  ].join('\n');
}

/**
 * Text as HTML shows it literally: a payer named `<script>` is a name, not a script.
 * @example escapeHtml('<b>"Ada" & Co</b>') // '&lt;b&gt;&quot;Ada&quot; &amp; Co&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A wire amount (currency units, 2 decimals at most) as whole cents, through its decimal text (shared/money.ts). */

/** `AmericanExpress` → `American Express`: the brand as people write it. */
function brandName(type: string | null): string {
  return (type ?? '').replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** When it happened: the operation's own event (a capture's, a void's), else when the transaction was made. */
function dateOf(
  transaction: TransactionResponse,
  kind: ReceiptKind,
  locale: PayerLocale,
  words: Record<ReceiptWord, string>,
): string {
  const event = transaction.events.filter((candidate) => candidate.eventType === EVENT_OF[kind]).at(-1);
  const when = new Date(event?.eventDate ?? transaction.created);
  const tag = locale === 'es' ? 'es' : 'en-US';
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when);
  const time = new Intl.DateTimeFormat(tag, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(when);
  return formatMessage(words.dateTime, { date, time });
}
