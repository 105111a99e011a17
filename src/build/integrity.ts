/**
 * SHA-384 integrity values of what the build writes, as `integrity="…"` attributes and the service's
 * manifest (src/service/hosted/bundles.ts) state them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contentName } from '../shared/hosted-files.js';

/** @example integrityOf('{}') // 'sha384-…' */
export const integrityOf = (content: string | Buffer): string =>
  `sha384-${createHash('sha384').update(content).digest('base64')}`;

/** The integrity of a file an earlier build step wrote; `order` says what to build first when it is missing. */
export function integrityOfBuilt(file: URL, order: string): string {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    throw new Error(`${file.pathname} is missing: ${order}.`);
  }
  return integrityOf(content);
}

/**
 * A file an earlier build step wrote, as a later bundle that adds it as a script names it: its content
 * name (which the service serves as immutable) and its integrity, so a page that pinned the later
 * bundle pins this one too.
 */
export function pinnedBuilt(browserDir: URL, file: string, order: string): { name: string; integrity: string } {
  const integrity = integrityOfBuilt(new URL(file, browserDir), order);
  return { name: contentName(file, integrity), integrity };
}
