/**
 * The service's local mailbox as the demo shows it: without SMTP_URL, each receipt the service sends
 * is an `<id>.eml` and an `<id>.json` entry in DATA_DIR/mailbox (docs/operating.md#e-mail-receipts).
 * The demo reads the entries as files, as any tool on the machine could: it imports nothing of the service.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** An entry's fields the demo shows. */
export interface MailboxEntry {
  id: string;
  date: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** An entry's id: its time and 12 hex digits; anything else names no file (no path can be smuggled in). */
export const MAIL_ID = /^[0-9TZ]+-[0-9a-f]{12}$/;

/** Every entry, newest first; a missing directory is an empty mailbox, a file that is not an entry is passed over. */
export async function readMailbox(dir: string): Promise<MailboxEntry[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json') && MAIL_ID.test(name.slice(0, -5)))
      .map((name) => readEntry(dir, name.slice(0, -5))),
  );
  return entries.filter((entry): entry is MailboxEntry => entry !== null).sort((a, b) => b.id.localeCompare(a.id));
}

/** One entry by its id, or null. */
export async function readEntry(dir: string, id: string): Promise<MailboxEntry | null> {
  if (!MAIL_ID.test(id)) return null;
  try {
    const entry = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as Partial<MailboxEntry>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      id,
      date: text(entry.date),
      to: text(entry.to),
      subject: text(entry.subject),
      text: text(entry.text),
      html: text(entry.html),
    };
  } catch {
    return null;
  }
}
