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

const DECOMPRESS: Record<ContentEncoding, (data: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

function compressedCopies(path: string, body: Buffer): Partial<Record<ContentEncoding, Buffer>> {
  const copies: Partial<Record<ContentEncoding, Buffer>> = {};
  for (const { encoding, extension } of COMPRESSED_COPIES) {
    if (!existsSync(path + extension)) continue;
    const copy = readFileSync(path + extension);
    try {
      if (DECOMPRESS[encoding](copy).equals(body)) copies[encoding] = copy;
    } catch {
      // Not even that encoding: left out like a copy of other bytes.
    }
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
