import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESSED_COPIES, contentName, type ContentEncoding } from '../../shared/hosted-files.js';

/** One built browser file as the service serves it. */
export interface HostedFile {
  body: Buffer;
  contentType: string;
  /** `sha384-…`, for `integrity` attributes and the manifest. */
  integrity: string;
  /** Its content name (`paytoken-{digest}.js`), served immutably. */
  immutableName: string;
  /** The same bytes compressed at build (`paytoken.js.br`, `.gz`), for a browser that accepts them. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/**
 * The hosted bundles in `scriptsDir` (dist/browser), read once at start, by their plain name: those
 * its `manifest.json` lists (the build also writes their content-named copies beside them,
 * src/build/hosted-manifest.ts), or without a manifest every `paytoken*.js` and `paytoken*.json`.
 * Missing directory: none (the service still runs, and says `npm run build` where a script is asked for).
 * Each file's compressed copies are kept only when they hold its bytes: a copy left from another
 * build would break every page that pins the file's integrity, so the file is sent as it is instead.
 */
export function loadHostedFiles(scriptsDir: string): Map<string, HostedFile> {
  const files = new Map<string, HostedFile>();
  if (!existsSync(scriptsDir)) return files;
  for (const file of plainNames(scriptsDir)) {
    const body = readFileSync(join(scriptsDir, file));
    const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
    files.set(file, {
      body,
      integrity,
      immutableName: contentName(file, integrity),
      contentType: file.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8',
      encoded: compressedCopies(join(scriptsDir, file), body),
    });
  }
  return files;
}

const DECOMPRESS = { br: brotliDecompressSync, gzip: gunzipSync };

/**
 * Whether `copy` decodes to exactly `body`: never more than its length (a copy that would expand
 * past it is not the file, and is not expanded), and not a copy that is a stream and then bytes of
 * something else (Node's brotli stops at the stream's end; a browser may not): a stream that still
 * decodes without its last byte had bytes after it.
 */
function holds(encoding: ContentEncoding, copy: Buffer, body: Buffer): boolean {
  const decodes = (data: Buffer) => {
    try {
      return DECOMPRESS[encoding](data, { maxOutputLength: Math.max(body.length, 1) }).equals(body);
    } catch {
      return false; // not that encoding, cut short, or longer than the file
    }
  };
  return decodes(copy) && !decodes(copy.subarray(0, -1));
}

function compressedCopies(path: string, body: Buffer): Partial<Record<ContentEncoding, Buffer>> {
  const copies: Partial<Record<ContentEncoding, Buffer>> = {};
  for (const { encoding, extension } of COMPRESSED_COPIES) {
    if (!existsSync(path + extension)) continue;
    const copy = readFileSync(path + extension);
    if (holds(encoding, copy, body)) copies[encoding] = copy;
  }
  return copies;
}

const HOSTED_NAME = /^paytoken[\w-]*\.(js|json)$/;

function plainNames(scriptsDir: string): string[] {
  const manifest = join(scriptsDir, 'manifest.json');
  const names = existsSync(manifest)
    ? Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { files: Record<string, unknown> }).files)
    : readdirSync(scriptsDir);
  return names.filter((name) => HOSTED_NAME.test(name));
}
