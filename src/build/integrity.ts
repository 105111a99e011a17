/**
 * SHA-384 integrity values of what the build writes, as `integrity="…"` attributes and the service's
 * manifest (src/service/hosted/bundles.ts) state them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

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
