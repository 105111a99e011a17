import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from './mail-message.js';

/**
 * A mail kept in the local mailbox (docs/operating.md#e-mail-receipts): `<id>.eml` is the message as
 * an SMTP server would have received it, `<id>.json` this entry, which a reader lists.
 */
export interface MailboxEntry {
  id: string;
  /** ISO 8601, when it was kept. */
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The file name of the raw message, beside this entry. */
  eml: string;
}

/**
 * Keeps one mail in `dir`: the raw message first, then its entry, each written to a temporary name,
 * flushed and renamed, so a reader (or a crash) never sees half of either, and an entry is listed
 * only once its message is whole. Ids sort by time; two processes never pick the same one.
 * @example await keepInMailbox('.data/mailbox', message, raw, 'receipts@localhost') // { id: '20261127T054800123Z-…', … }
 */
export async function keepInMailbox(
  dir: string,
  message: MailMessage,
  raw: Buffer,
  from: string,
  now = new Date(),
): Promise<MailboxEntry> {
  await mkdir(dir, { recursive: true });
  const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}`;
  const entry: MailboxEntry = { id, date: now.toISOString(), from, ...message, eml: `${id}.eml` };
  await writeAtomically(join(dir, entry.eml), raw);
  await writeAtomically(join(dir, `${id}.json`), Buffer.from(JSON.stringify(entry, null, 2)));
  return entry;
}

/**
 * The mailbox's entries, newest first; a missing directory is an empty mailbox, and a file that is
 * not an entry is passed over.
 * @example (await readMailbox('.data/mailbox'))[0]?.subject // 'Receipt for your payment to Springfield'
 */
export async function readMailbox(dir: string): Promise<MailboxEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const entries = await Promise.all(
    names
      .filter((name) => /^[0-9TZ]+-[0-9a-f]{12}\.json$/.test(name))
      .map(async (name) => {
        try {
          return JSON.parse(await readFile(join(dir, name), 'utf8')) as MailboxEntry;
        } catch {
          return null;
        }
      }),
  );
  return entries.filter((entry): entry is MailboxEntry => entry !== null).sort((a, b) => b.id.localeCompare(a.id));
}

async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
